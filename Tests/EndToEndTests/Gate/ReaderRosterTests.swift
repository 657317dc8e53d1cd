import ContractModel
import Foundation
import ReferenceView
import WidgetSnapshot
import XCTest
@testable import HarnessCorpus
@testable import HarnessGate
@testable import HarnessReaders
import HarnessTestSupport

/// The roster is the one place readers are known by: the gate, `explain` and `--testee`
/// take every reader from it, Kotlin included, and a new reader needs nothing else.
final class ReaderRosterTests: XCTestCase {
    /// The cases of a few families: enough rows with titles, a fraction of the run.
    private func smallCorpus(_ families: Set<String>) throws -> Corpus {
        let corpus = try GateTestSupport.repositoryCorpus()
        return Corpus(fixtures: corpus.fixtures, cases: corpus.cases.filter { families.contains(String(CaseID.family(of: $0.id))) })
    }

    func testTheStandardRosterSaysEachReadersPart() {
        let roster = ReaderRoster.standard
        XCTAssertEqual(roster.entries.map(\.name), ["swift", "c", "kotlin"])
        XCTAssertEqual(roster.entries.map(\.role), [.product, .reference, .recorded])
        XCTAssertEqual(roster.entries.map { $0.golden?.path }, [nil, "golden/expected", "golden/kotlin"])
        XCTAssertEqual(roster.entries.map(\.listFile), ["golden/divergences/swift.txt", "golden/divergences/c.txt", "golden/divergences/kotlin.txt"])
        XCTAssertEqual(roster.entries.map(\.departures), [[], [], ContractDeparture.allCases])
        // Each declares what its code says (WidgetSnapshotContract.features, rd_contract_features(), the recording), and
        // every declaration names a set of the description (FeatureSet.declared falls back to the base otherwise).
        XCTAssertEqual(roster.entries.map { $0.features.label() }, ["3", "3", "3"])
        XCTAssertNoThrow(try FeatureSet.parse(WidgetSnapshotContract.features).get())
        XCTAssertNoThrow(try FeatureSet.parse(CReference.features).get())
        XCTAssertEqual(roster.inProcessReaders.map(\.name), ["swift", "c"])
        XCTAssertEqual(roster.recorded.map(\.name), ["kotlin"])
        XCTAssertEqual(roster.reservedNames, ["swift", "c", "kotlin", "expected"])
        XCTAssertEqual(roster.adding(TitlelessReader.entry).reservedNames, ["swift", "c", "kotlin", "titleless", "expected"])
    }

    func testAFourthReaderIsJudgedByTheGateWithItsOwnList() throws {
        let paths = try GateTestSupport.canonicalTree()
        defer { GateTestSupport.remove(paths) }
        let options = Gate.Options(roster: ReaderRoster.standard.adding(TitlelessReader.entry), includeRecordings: false)
        XCTAssertEqual(options.readers.map(\.name), ["swift", "c", "titleless"])

        let corpus = try smallCorpus(["base", "tasks", "unicode"])
        let unlisted = try Gate.check(paths, corpus: corpus, options: options)
        XCTAssertFalse(unlisted.passed)
        // (Golden lines of the families left out are orphaned here: only the verdicts count.)
        let verdict = try XCTUnwrap(unlisted.verdicts.first { $0.reader == "titleless" })
        XCTAssertEqual(verdict.listFile, "golden/divergences/titleless.txt")
        XCTAssertGreaterThan(verdict.unexpected.count, 100)
        XCTAssertTrue(verdict.unexpected.allSatisfy { $0.judgements.allSatisfy { FieldScope.canonical($0.field) == "parse.tasks[].title" } })
        XCTAssertTrue(unlisted.verdicts.filter { $0.reader != "titleless" }.allSatisfy(\.passed))
        XCTAssertTrue(TextSummary.render(ReportFacts(unlisted)).contains("FAIL: titleless"))

        let list = paths.root.appendingPathComponent("golden/divergences/titleless.txt")
        try "*  [parse.tasks[].title]  this widget shows no titles\n".write(to: list, atomically: true, encoding: .utf8)
        let listed = try Gate.check(paths, corpus: corpus, options: options)
        let passing = try XCTUnwrap(listed.verdicts.first { $0.reader == "titleless" })
        XCTAssertTrue(passing.passed, TextSummary.render(ReportFacts(listed)))
        XCTAssertEqual(passing.listed.count, verdict.unexpected.count)

        // `explain` runs it too, and its name is no testee's to take.
        let testCase = try XCTUnwrap(listed.corpus.cases.first { $0.id.hasPrefix("canonical/base.") })
        let explanation = try CaseGathering.explanation(of: testCase, paths: paths, roster: options.roster)
        XCTAssertEqual(explanation.readers.map(\.reader), ["swift", "c", "titleless", "kotlin"])
        var taken = options
        taken.testees = [ExternalProcessReader(name: "titleless", command: "cat")]
        XCTAssertThrowsError(try Gate.check(paths, corpus: Corpus(fixtures: [], cases: []), options: taken))
    }

    func testKotlinIsJudgedFromItsGoldenFolderLikeAnyRecordedReader() throws {
        let paths = try GateTestSupport.canonicalTree()
        defer { GateTestSupport.remove(paths) }
        let corpus = try GateTestSupport.repositoryCorpus()
        let cases = Array(corpus.cases.filter { $0.id.contains("/syntax.bom@") })
        let small = Corpus(fixtures: corpus.fixtures, cases: cases)
        // A second recorded reader over the same folder is judged the same way, by its own list.
        let twin = ReaderEntry(name: "kotlin-twin", role: .recorded, golden: .kotlin, departures: ContractDeparture.allCases)
        let result = try Gate.check(paths, corpus: small, options: Gate.Options(roster: ReaderRoster([.kotlin, twin]), readers: []))
        XCTAssertEqual(result.verdicts.map(\.reader), ["kotlin", "kotlin-twin"])
        XCTAssertEqual(result.verdicts[0].listed.count, cases.count)
        XCTAssertEqual(result.verdicts[1].unexpected.count, cases.count)  // golden/divergences/kotlin-twin.txt lists nothing
        XCTAssertEqual(result.verdicts[1].listFile, "golden/divergences/kotlin-twin.txt")
    }
}

import ContractModel
import Foundation
import XCTest
import WidgetSnapshot
@testable import HarnessCorpus
@testable import HarnessGate
@testable import HarnessReaders
import HarnessTestSupport
import TestSupport

/// The gate on the committed golden files, and on copies with planted faults: each fault
/// must fail the gate and be named precisely.
final class GateTests: XCTestCase {
    func testTheGatePassesOnTheCommittedGoldenFiles() throws {
        // scripts/test's gate step runs this very check (`check` on the committed tree, exit 1 on any
        // failure) in the same run; outside it, this test is the check.
        if ProcessInfo.processInfo.environment["WIDGETCONTRACT_GATE_STEP"] == "1" {
            throw XCTSkip("scripts/test's gate step checks the committed golden files in this run")
        }
        let result = try Gate.check(HarnessPaths(root: TestRepository.root))
        XCTAssertEqual(result.problems, [])
        for verdict in result.verdicts {
            XCTAssertTrue(verdict.passed, "\(verdict.reader): \(verdict.unexpected.prefix(3).map(\.caseId)) stale \(verdict.staleEntries.map(\.pattern))")
        }
        XCTAssertEqual(result.verdicts.map(\.reader).prefix(2), ["swift", "c"])
        XCTAssertGreaterThanOrEqual(result.corpus.cases.count, 2000)
        XCTAssertTrue(result.passed)
        // Swift must equal the expected output on every case (CONTRACT §5).
        XCTAssertEqual(result.verdicts.first { $0.reader == "swift" }?.deviations.count, 0)
        XCTAssertFalse(result.notices.contains { $0.contains("--no-recordings") }, "\(result.notices)")
    }

    func testAChangedExpectedValueFailsNamingTheCaseAndField() throws {
        let paths = try GateTestSupport.smallTree(fixtures: ["no-tasks"])
        defer { GateTestSupport.remove(paths) }
        let caseId = "no-tasks/base@berlin@before"
        try GateTestSupport.editSealed(paths.golden.appendingPathComponent("expected/no-tasks.jsonl"), caseId: caseId,
                                 replacing: #""validUntil":1771124400000"#, with: #""validUntil":1771124400001"#)
        let result = try Gate.check(paths, options: Gate.Options(readers: [SwiftReader()], includeRecordings: false))
        XCTAssertFalse(result.passed)
        let swift = try XCTUnwrap(result.verdicts.first)
        XCTAssertEqual(swift.unexpected.map(\.caseId), [caseId])
        XCTAssertEqual(swift.unexpected.first?.differences.map(\.field), ["meta.validUntil"])
        XCTAssertEqual(swift.unexpected.first?.differences.first?.expected, "1771124400001")
        XCTAssertEqual(swift.suggestedEntries.count, 1)
        XCTAssertTrue(TextSummary.render(ReportFacts(result)).contains("\(caseId)  meta.validUntil: expected 1771124400001, got 1771124400000"))
        // A run without the recordings says, in every report, which it left out.
        XCTAssertEqual(result.notices.filter { $0.contains("--no-recordings") }, ["kotlin's recording (golden/kotlin) was not compared: --no-recordings"])
        XCTAssertTrue(TextSummary.render(ReportFacts(result)).contains("note: kotlin's recording (golden/kotlin) was not compared: --no-recordings"))
    }

    func testAListEntryThatNoLongerHappensIsStale() throws {
        let paths = try GateTestSupport.smallTree()
        defer { GateTestSupport.remove(paths) }
        let list = paths.golden.appendingPathComponent("divergences/swift.txt")
        try "legacy/base@berlin@*  [*]  planted: Swift was once wrong here\n".write(to: list, atomically: true, encoding: .utf8)
        let result = try Gate.check(paths, options: Gate.Options(readers: [SwiftReader()], includeRecordings: false))
        XCTAssertFalse(result.passed)
        let swift = try XCTUnwrap(result.verdicts.first)
        XCTAssertEqual(swift.unexpected.count, 0)
        XCTAssertEqual(swift.staleEntries.map(\.pattern), ["legacy/base@berlin@*"])
        XCTAssertEqual(swift.staleEntries.first?.line, 1)
        XCTAssertTrue(TextSummary.render(ReportFacts(result)).contains("stale"))
    }

    func testAReaderFlippingOneFieldOnOneFamilyIsNamedOnExactlyThoseCases() throws {
        let paths = try GateTestSupport.smallTree()
        defer { GateTestSupport.remove(paths) }
        let corpus = try Corpus.load(paths)
        let faulty = FlippingReader(name: "swift", wrapped: SwiftReader(), family: "pending")
        let result = try Gate.check(paths, corpus: corpus, options: Gate.Options(readers: [faulty], includeRecordings: false))
        XCTAssertFalse(result.passed)
        let verdict = try XCTUnwrap(result.verdicts.first)
        let expectedIds = Set(zip(corpus.cases, result.expected).compactMap { testCase, outcome -> String? in
            guard CaseID.family(of: testCase.id) == "pending", case .view(let view)? = Optional(outcome),
                  case .tasks(let rows) = view.parse, !rows.isEmpty else { return nil }
            return testCase.id
        })
        XCTAssertFalse(expectedIds.isEmpty)
        XCTAssertEqual(Set(verdict.unexpected.map(\.caseId)), expectedIds)
        XCTAssertTrue(verdict.unexpected.allSatisfy { $0.differences.map(\.field) == ["parse.tasks[0].isDone"] })
    }

    func testListedDeviationsPassAndAreCounted() throws {
        let paths = try GateTestSupport.smallTree()
        defer { GateTestSupport.remove(paths) }
        try "*/pending.*  [parse.tasks[].isDone]  planted: a reviewed deviation\n".write(to: paths.golden.appendingPathComponent("divergences/swift.txt"),
                                                              atomically: true, encoding: .utf8)
        let faulty = FlippingReader(name: "swift", wrapped: SwiftReader(), family: "pending")
        let result = try Gate.check(paths, options: Gate.Options(readers: [faulty], includeRecordings: false))
        let verdict = try XCTUnwrap(result.verdicts.first)
        XCTAssertTrue(verdict.passed)
        XCTAssertGreaterThan(verdict.listed.count, 0)
        XCTAssertEqual(verdict.unexpected.count, 0)
    }

    func testAFixtureNamedToEscapeGoldenIsRefused() throws {
        let paths = try GateTestSupport.smallTree()
        defer { GateTestSupport.remove(paths) }
        let fixtures = paths.golden.appendingPathComponent("fixtures")
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent("legacy.json"),
                                         to: fixtures.appendingPathComponent("..x.json"))
        XCTAssertThrowsError(try Gate.check(paths, options: Gate.Options(readers: [SwiftReader()], includeRecordings: false))) { error in
            XCTAssertTrue("\(error)".contains("..x"), "\(error)")
        }
        let views = [DecodedView(id: "../x/base@berlin@at", parse: .tasks([]), meta: .unknown, stale: false, header: .today)]
        XCTAssertThrowsError(try paths.expected.write(views, cases: [Case(id: views[0].id, blob: [], nowMs: 0, timeZone: "UTC")]))
    }

    func testARecordingOfEarlierCasesIsStaleThereAndComparedElsewhere() throws {
        let paths = try GateTestSupport.statesTree()
        defer { GateTestSupport.remove(paths) }
        let before = try Corpus.load(paths)
        try GoldenProvenanceTests.renameFirstTitle(paths)
        let corpus = try Corpus.load(paths)
        let old = Dictionary(uniqueKeysWithValues: before.cases.map { ($0.id, $0) })
        let changed = corpus.cases.filter { old[$0.id] != $0 }.map(\.id)
        let result = try Gate.check(paths, corpus: corpus, options: Gate.Options(readers: [], includeRecordings: true))
        XCTAssertFalse(result.passed)
        let recording = try XCTUnwrap(result.freshness.first { $0.folder == "golden/kotlin" })
        XCTAssertEqual(recording.changed.map(\.caseId), changed)
        XCTAssertEqual(recording.current.filter { $0 }.count, corpus.cases.count - changed.count)
        XCTAssertTrue(result.problems.contains { $0.hasPrefix("recording is stale: run `scripts/record-kotlin`\n  \(changed.count) cases changed since golden/kotlin was recorded") },
                      "\(result.problems)")
        // The unchanged cases are still compared, and every listed class still happens there.
        let kotlin = try XCTUnwrap(result.verdicts.first { $0.reader == "kotlin" })
        XCTAssertNil(kotlin.notCompared)
        XCTAssertTrue(kotlin.passed, "\(kotlin.unexpected.prefix(3).map(\.caseId)) \(kotlin.staleEntries.map(\.pattern))")
        XCTAssertGreaterThan(kotlin.listed.count, 0)
    }

    func testMissingAndOrphanedExpectedOutputsAreProblems() throws {
        // legacy's small tree (it passes whole, SmallTree checks): the expected file of one
        // fixture gone, one of no fixture there; the other fixtures' files would add nothing.
        let paths = try GateTestSupport.smallTree()
        defer { GateTestSupport.remove(paths) }
        let expected = paths.golden.appendingPathComponent("expected")
        // One line per legacy case: 48 from the revision-1 families, 30 since the compat family
        // reads every fixture before revision 2 under revision 2's case inputs.
        let legacyCases = try String(contentsOf: expected.appendingPathComponent("legacy.jsonl"), encoding: .utf8)
            .split(separator: "\n").count
        XCTAssertEqual(legacyCases, try Corpus.load(paths).cases.filter { $0.fixtureName == "legacy" }.count)
        try FileManager.default.removeItem(at: expected.appendingPathComponent("legacy.jsonl"))
        try ("{\"id\":\"ghost/base@berlin@at\",\"parse\":{\"tasks\":[]},\"meta\":{\"dayStr\":null,\"validUntil\":null},\"stale\":false,\"header\":{\"kind\":\"today\"}"
             + DescribedValues.addedTail + "}\n")
            .write(to: expected.appendingPathComponent("ghost.jsonl"), atomically: true, encoding: .utf8)
        let result = try Gate.check(paths, options: Gate.Options(readers: [], includeRecordings: false))
        let freshness = try XCTUnwrap(result.freshness.first)
        XCTAssertEqual(freshness.missing.count, legacyCases)
        XCTAssertTrue(freshness.missing.allSatisfy { $0.caseId.hasPrefix("legacy/") })
        XCTAssertEqual(freshness.orphaned.map(\.caseId), ["ghost/base@berlin@at"])
        XCTAssertEqual(result.problems.count, 1)
        XCTAssertTrue(result.problems[0].hasPrefix("expected is stale: run `contract-harness golden update`"), result.problems[0])
        XCTAssertTrue(result.problems[0].contains("\(legacyCases) new cases not in it (golden/expected/legacy.jsonl is missing), 1 line naming cases the corpus no longer has"), result.problems[0])
        // The file that is gone is named, not left to be inferred from the fixture's count.
        XCTAssertTrue(result.problems[0].contains("golden/expected/legacy.jsonl is missing"), result.problems[0])
        XCTAssertFalse(result.problems[0].contains("ghost.jsonl is missing"), result.problems[0])
        // The pull-request summary: one heading over the problems, each fenced.
        let twice = GateResult(corpus: result.corpus, expected: result.expected, outcomes: result.outcomes, verdicts: result.verdicts,
                               problems: result.problems + ["a second problem"], notices: result.notices, freshness: result.freshness)
        let markdown = MarkdownReport.render(ReportFacts(twice))
        XCTAssertEqual(markdown.components(separatedBy: "**Problems:**").count, 2, markdown)
        XCTAssertTrue(markdown.contains("legacy.jsonl is missing") && markdown.contains("a second problem"), markdown)
        XCTAssertFalse(result.passed)
    }

    func testAMalformedViewFileNamesTheFileAndLine() throws {
        let paths = try GateTestSupport.smallTree()
        defer { GateTestSupport.remove(paths) }
        try GateTestSupport.edit(paths.golden.appendingPathComponent("expected/legacy.jsonl"), caseId: "legacy/base@berlin@day",
                                 replacing: #""stale":false"#, with: #""stale":"no""#)
        XCTAssertThrowsError(try Gate.check(paths, options: Gate.Options(readers: [], includeRecordings: false))) { error in
            XCTAssertTrue("\(error)".hasPrefix("golden/expected/legacy.jsonl:1: field `stale`"), "\(error)")
        }
    }
}

import ContractModel
import Foundation
import HarnessCorpus
import HarnessGate
import HarnessReaders
import HarnessTestSupport
import XCTest
import TestSupport

/// Which cases the writer can produce (issue 25), and the reports ranking those deviations
/// first as "users see this".
final class WriterReachabilityTests: XCTestCase {
    private static func corpusAndModel() throws -> (Corpus, WriterReachability) {
        let paths = HarnessPaths(root: TestRepository.root.path)
        let corpus = try Corpus.load(paths)
        return (corpus, WriterReachability(corpus: corpus, notWriterMade: WriterReachability.fixtureFindings(paths)))
    }

    private func testCase(_ id: String, in corpus: Corpus) throws -> Case {
        try XCTUnwrap(corpus.cases.first { $0.id == id }, id)
    }

    func testWriterMadeFixturesSameCauseMutationsAndHandMadeInputs() throws {
        let (corpus, model) = try Self.corpusAndModel()
        XCTAssertEqual(model.verdict(try testCase("canonical/base@berlin@before", in: corpus)), .writerMade(state: "fixtures/canonical"))
        // A writerValid fixture listed in fixture-findings.txt is not writer-made (here without the writer family).
        let listed = WriterReachability(corpus: Corpus(fixtures: corpus.fixtures, cases: corpus.cases), notWriterMade: ["canonical"])
        XCTAssertEqual(listed.verdict(try testCase("canonical/base@berlin@before", in: corpus)), .handMade)
        // A writer family case: the state that writes it.
        let family = try XCTUnwrap(corpus.cases.first { $0.id.hasPrefix("states/writer.colours#inbox-default@") })
        XCTAssertEqual(model.verdict(family), .writerMade(state: "colours/inbox-default"))
        // A mutation that puts an escaped lone surrogate in a title: the writer reaches D1's cause.
        XCTAssertEqual(model.verdict(try testCase("canonical/unicode.lone-surrogate#high@berlin@before", in: corpus)),
                       .sameCause(.d1, state: "titles/every-class"))
        // Not JSON, or a mutation with no reachable cause: hand-made.
        let notJSON = try XCTUnwrap(corpus.cases.first { $0.id.hasPrefix("canonical/unicode.invalid-utf8#") })
        XCTAssertEqual(model.verdict(notJSON), .handMade)
        let impossibleDay = try XCTUnwrap(corpus.cases.first { $0.id.hasPrefix("canonical/dates.") && !$0.id.contains("before-1900") })
        XCTAssertFalse(model.verdict(impossibleDay).isReachable || DepartureCause.causes(impossibleDay.blob).contains(.d1), impossibleDay.id)
    }

    /// The gate's reports put writer-reachable deviations first and say "users see this".
    func testReportsRankWriterReachableDeviationsFirst() throws {
        let paths = HarnessPaths(root: TestRepository.root.path)
        let result = try Gate.check(paths, options: Gate.Options(jobs: 2))
        let facts = ReportFacts(result)
        let kotlin = try XCTUnwrap(result.verdicts.first { $0.reader == "kotlin" })
        let ranked = facts.rankedByReach(kotlin.deviations)
        let reachable = ranked.prefix { facts.reach($0.caseId).isReachable }
        XCTAssertGreaterThan(reachable.count, 0)
        XCTAssertTrue(ranked.dropFirst(reachable.count).allSatisfy { !facts.reach($0.caseId).isReachable })
        XCTAssertNotEqual(kotlin.deviations.map(\.caseId), ranked.map(\.caseId), "the ranking moves the D1 cases up")
        XCTAssertEqual(facts.usersSee(kotlin).listed, reachable.count)
        let summary = TextSummary.render(facts)
        XCTAssertTrue(summary.contains("users see this (deviations on blobs the writer can produce; listed/unexpected): kotlin \(reachable.count)/0"), summary)
        XCTAssertTrue(summary.contains("the writer reaches D1's cause (state titles/every-class)"), summary)
        let json = String(decoding: JSONReport.render(facts), as: UTF8.self)
        XCTAssertTrue(json.contains("\"writerReachable\":true"))
    }

    /// The in-app reach table is the writer's: its witness state's blob carries each cause.
    func testEachReachedDepartureHasItsWitnessStateInGoldenStates() throws {
        let root = TestRepository.root
        let writer = WriterSession(command: try WriterCommand.tree.resolve(root: root))
        defer { writer.close() }
        for (departure, state) in WriterReachability.departuresReachedInApp {
            let file = String(state.prefix { $0 != "/" })
            let lines = try String(contentsOf: root.appendingPathComponent("golden/states/\(file).jsonl"), encoding: .utf8)
                .split(separator: "\n").filter { $0.contains("\"id\":\"\(state)\"") }
            XCTAssertEqual(lines.count, 1, state)
            XCTAssertTrue(lines[0].contains("\"inApp\":true"), state)
            guard case .blob(let blob) = writer.write([Array(lines[0].utf8)])[0] else { return XCTFail("no blob for \(state)") }
            XCTAssertTrue(DepartureCause.causes(blob).contains(departure), "\(state) → \(departure.name)")
        }
    }
}

import ContractModel
import Foundation
import XCTest
import WidgetSnapshot
@testable import HarnessCorpus
@testable import HarnessGate
@testable import HarnessReaders
import HarnessTestSupport

/// Per-case provenance in the golden files: an edited fixture reads as stale golden output
/// (with the command that refreshes it), a hand-edited line as a hand edit, and only a
/// reader that reads an unchanged case differently as a deviation.
final class GoldenProvenanceTests: XCTestCase {
    private let sample = Case(id: "canonical/base@berlin@at", blob: Array(#"{"v":1}"#.utf8),
                              pendingDoneTargets: [.init(taskId: "t1", isDone: true)], nowMs: 1_784_325_600_000, timeZone: "Europe/Berlin")

    func testTheFingerprintCoversBlobTapsInstantAndZoneButNotTheId() {
        let base = CaseFingerprint.of(sample)
        XCTAssertEqual(base.count, CaseFingerprint.length)
        var renamed = sample; renamed.id = "other/base@berlin@at"
        XCTAssertEqual(CaseFingerprint.of(renamed), base)
        var blob = sample; blob.blob.append(0x20)
        var taps = sample; taps.pendingDoneTargets[0].isDone = false
        var noTaps = sample; noTaps.pendingDoneTargets = []
        var instant = sample; instant.nowMs += 1
        var zone = sample; zone.timeZone = "America/Sao_Paulo"
        let all = [blob, taps, noTaps, instant, zone].map(CaseFingerprint.of)
        XCTAssertEqual(Set(all + [base]).count, 6, "\(all)")
    }

    func testASealedLineOpensToItsViewAndAnEditBreaksTheSeal() {
        let view = Array(#"{"id":"canonical/base@berlin@at","crash":"boom"}"#.utf8)
        let fingerprint = CaseFingerprint.of(sample)
        let stored = GoldenLine.seal(view, caseFingerprint: fingerprint)
        let text = String(decoding: stored, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix(#"{"id":"canonical/base@berlin@at","crash":"boom","case":"\#(fingerprint)","seal":""#), text)
        XCTAssertEqual(text.count, view.count + #","case":"","seal":"""#.count + CaseFingerprint.length + GoldenLine.sealLength, text)
        XCTAssertEqual(GoldenLine.open(stored).view, view)
        XCTAssertEqual(GoldenLine.open(stored).provenance, .sealed(caseFingerprint: fingerprint))
        XCTAssertEqual(GoldenLine.view(stored), view)
        var edited = String(decoding: stored, as: UTF8.self)
        edited = edited.replacingOccurrences(of: "boom", with: "bang")
        XCTAssertEqual(GoldenLine.open(Array(edited.utf8)).provenance, .broken)
        XCTAssertEqual(GoldenLine.open(view).provenance, .none)
        XCTAssertEqual(GoldenLine.open(view).view, view)
    }

    func testAnEditedFixtureIsStaleExpectedOutputNeverADeviation() throws {
        let paths = try GateTestSupport.statesTree()
        defer { GateTestSupport.remove(paths) }
        let before = try Corpus.load(paths)
        try Self.renameFirstTitle(paths)
        let after = try Corpus.load(paths)
        // Independently: the cases whose bytes (or taps, instant, zone) changed.
        let old = Dictionary(uniqueKeysWithValues: before.cases.map { ($0.id, $0) })
        let changed = after.cases.filter { old[$0.id] != $0 }.map(\.id)
        XCTAssertGreaterThan(changed.count, 100)
        // The fixture's cases, and the writer family's two of its state fixtures/many-tasks.
        XCTAssertTrue(changed.allSatisfy { $0.hasPrefix("many-tasks/") || $0.hasPrefix("states/writer.fixtures#many-tasks@") }, "\(changed)")
        let fromState = changed.filter { $0.hasPrefix("states/") }.count
        XCTAssertEqual(fromState, 2)

        let result = try Gate.check(paths, corpus: after, options: Gate.Options(includeRecordings: false))
        XCTAssertFalse(result.passed)
        let freshness = try XCTUnwrap(result.freshness.first)
        XCTAssertEqual(freshness.changed.map(\.caseId), changed)
        for verdict in result.verdicts {
            XCTAssertEqual(verdict.deviations.count, 0, verdict.reader)
            XCTAssertEqual(verdict.suggestedEntries, [], verdict.reader)
        }
        let text = TextSummary.render(ReportFacts(result))
        XCTAssertTrue(text.contains("FAIL: expected is stale: run `contract-harness golden update`"), text)
        XCTAssertTrue(text.contains("\(changed.count) cases changed since golden/expected was written: many-tasks \(changed.count - fromState), states \(fromState)"), text)
        XCTAssertFalse(text.contains("TODO"), text)
        XCTAssertFalse(text.contains("after review add to"), text)
        XCTAssertFalse(text.contains("unexpected deviations"), text)
        // The HTML matrix shows those cases as not compared, never as agreeing.
        let matrix = HTMLMatrix(result)
        let index = try XCTUnwrap(after.cases.firstIndex { $0.id == changed[0] })
        XCTAssertEqual(matrix.cell(case: index, reader: "c").status, .notCompared)
        let unchanged = try XCTUnwrap(after.cases.firstIndex { $0.id.hasPrefix("legacy/") })
        XCTAssertEqual(matrix.cell(case: unchanged, reader: "c").status, .agree)
        // `explain` says the same of one case.
        let explained = try CaseGathering.text(of: after.cases[index], paths: paths)
        XCTAssertTrue(explained.contains("is stale (written from an earlier version of this case): run `contract-harness golden update`"), explained)
        XCTAssertTrue(explained.contains("(not compared by the gate: see the note above)"), explained)
        XCTAssertFalse(explained.contains("UNEXPECTED"), explained)
    }

    func testAReaderChangeOnAnUnchangedCaseIsStillADeviation() throws {
        let paths = try GateTestSupport.statesTree()
        defer { GateTestSupport.remove(paths) }
        try Self.renameFirstTitle(paths)
        let corpus = try Corpus.load(paths)
        let faulty = FlippingReader(name: "swift", wrapped: SwiftReader(), family: "pending")
        let result = try Gate.check(paths, corpus: corpus, options: Gate.Options(readers: [faulty], includeRecordings: false))
        let freshness = try XCTUnwrap(result.freshness.first)
        let stale = Set(freshness.changed.map(\.caseId))
        // Every pending case with rows that is not stale, and nothing else.
        let wanted = zip(corpus.cases, result.expected).filter { testCase, outcome in
            guard CaseID.family(of: testCase.id) == "pending", !stale.contains(testCase.id),
                  case .tasks(let rows)? = outcome.view?.parse else { return false }
            return !rows.isEmpty
        }.map(\.0.id)
        XCTAssertFalse(wanted.isEmpty)
        let verdict = try XCTUnwrap(result.verdicts.first)
        XCTAssertEqual(verdict.unexpected.map(\.caseId), wanted)
        XCTAssertTrue(wanted.contains { !$0.hasPrefix("many-tasks/") })
        let text = TextSummary.render(ReportFacts(result))
        XCTAssertTrue(text.contains("FAIL: swift: \(wanted.count) unexpected deviations"), text)
        XCTAssertTrue(text.contains("expected is stale"), text)
    }

    func testAHandEditedExpectedLineIsReportedAsSuch() throws {
        let paths = try GateTestSupport.smallTree()
        defer { GateTestSupport.remove(paths) }
        let file = paths.golden.appendingPathComponent("expected/legacy.jsonl")
        try GateTestSupport.edit(file, caseId: "legacy/base@berlin@far", replacing: #""title":"Buy milk""#, with: #""title":"Buy oat milk""#)
        let result = try Gate.check(paths, options: Gate.Options(includeRecordings: false))
        XCTAssertFalse(result.passed)
        let freshness = try XCTUnwrap(result.freshness.first)
        XCTAssertEqual(freshness.handEdited, [.init(caseId: "legacy/base@berlin@far", location: "golden/expected/legacy.jsonl:2")])
        XCTAssertTrue(freshness.stale.isEmpty)
        for verdict in result.verdicts { XCTAssertEqual(verdict.deviations.count, 0, verdict.reader) }
        let text = TextSummary.render(ReportFacts(result))
        XCTAssertTrue(text.contains("FAIL: golden/expected was edited by hand: 1 line no longer matching its seal"), text)
        XCTAssertTrue(text.contains("golden/expected/legacy.jsonl:2 (legacy/base@berlin@far)"), text)
        XCTAssertTrue(text.contains("written only by `contract-harness golden update`"), text)
    }

    func testTheReferenceDeviatingOnAnUnchangedCaseSaysTheReferenceChanged() throws {
        let paths = try GateTestSupport.smallTree()
        defer { GateTestSupport.remove(paths) }
        // A line the harness could have written: as if the C reference had once read the case otherwise.
        try GateTestSupport.editSealed(paths.golden.appendingPathComponent("expected/legacy.jsonl"), caseId: "legacy/base@berlin@far",
                                       replacing: #""title":"Buy milk""#, with: #""title":"Buy oat milk""#)
        let result = try Gate.check(paths, options: Gate.Options(includeRecordings: false))
        XCTAssertEqual(result.problems, [])
        let c = try XCTUnwrap(result.verdicts.first { $0.reader == "c" })
        XCTAssertEqual(c.unexpected.map(\.caseId), ["legacy/base@berlin@far"])
        XCTAssertEqual(c.suggestedEntries, [])
        let text = TextSummary.render(ReportFacts(result))
        XCTAssertTrue(text.contains("so the reference itself\n  changed"), text)
        XCTAssertTrue(text.contains("run `contract-harness golden update` and review"), text)
        XCTAssertFalse(text.contains("add to golden/divergences/c.txt"), text)
        // Swift still gets the usual advice.
        XCTAssertTrue(text.contains("add to golden/divergences/swift.txt"), text)
    }

    /// Renames the first task of `many-tasks.json` ("Task number 1" → "Task number 1, renamed"),
    /// and of its app state `fixtures/many-tasks` (golden/states/fixtures.jsonl) with it: the
    /// fixture claims to be the writer's blob of that state, so a contributor changes both.
    /// (`GateTestSupport.statesTree()` holds both.)
    static func renameFirstTitle(_ paths: HarnessPaths) throws {
        for (file, old, new) in [("fixtures/many-tasks.json", #""title": "Task number 1""#, #""title": "Task number 1, renamed""#),
                                 ("states/fixtures.jsonl", #""title":"Task number 1""#, #""title":"Task number 1, renamed""#)] {
            let url = paths.golden.appendingPathComponent(file)
            let text = try String(contentsOf: url, encoding: .utf8)
            let renamed = text.replacingOccurrences(of: old, with: new)
            XCTAssertNotEqual(renamed, text, file)
            try renamed.write(to: url, atomically: true, encoding: .utf8)
        }
    }
}

/// `refresh` through the library, with the Kotlin recording left out and a reader with a
/// planted fault: after the golden files are regenerated, only that reader's deviations are
/// left, each with a field-scoped suggestion, and nothing is called stale.
final class RefreshTests: XCTestCase {
    func testRefreshLeavesOnlyRealReaderDeviationsWithFieldScopedSuggestions() throws {
        let paths = try GateTestSupport.statesTree()
        defer { GateTestSupport.remove(paths) }
        try FileManager.default.removeItem(at: paths.golden.appendingPathComponent("kotlin"))
        try GoldenProvenanceTests.renameFirstTitle(paths)
        let faulty = FlippingReader(name: "swift", wrapped: SwiftReader(), family: "pending")
        var text = ""
        var recorded = false
        let gate = try Refresh.run(paths, base: "HEAD", jobs: 2, record: { recorded = true },
                                   options: Gate.Options(readers: [faulty, CReferenceReader()], includeRecordings: false),
                                   say: { text += $0 })
        XCTAssertTrue(recorded)
        XCTAssertFalse(gate.passed)
        XCTAssertEqual(gate.problems, [], "the refreshed golden files are current")
        XCTAssertTrue(text.contains("updated golden/expected: many-tasks.jsonl"), text)
        XCTAssertTrue(text.contains("no diff against HEAD: "), text)  // the copy is no git repository
        let swift = try XCTUnwrap(gate.verdicts.first { $0.reader == "swift" })
        XCTAssertGreaterThan(swift.unexpected.count, 0)
        XCTAssertTrue(text.contains("FAIL: swift: \(swift.unexpected.count) unexpected deviations"), text)
        XCTAssertTrue(text.contains("[parse.tasks[].isDone]  TODO"), text)
        XCTAssertFalse(text.contains("is stale"), text)
        XCTAssertFalse(text.contains("FAIL: c:"), text)
        XCTAssertTrue(text.contains("first fix the readers above"), text)
    }
}

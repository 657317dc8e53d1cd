import ContractModel
import Foundation
import XCTest
@testable import HarnessCorpus
@testable import HarnessGate
import HarnessReaders
import TestSupport
import WidgetSnapshot

/// The queue section of the gate on the committed tree's recording and lists: the Kotlin queue's
/// recording judged by the fingerprint of each case line (a changed case is stale, a missing file
/// a problem), the project's Swift queue listing only what its list says, and an end's findings
/// sorted into listed, unexpected and stale entries.
final class QueueGateTests: XCTestCase {
    private let paths = HarnessPaths(root: TestRepository.root)

    private func run(_ writers: [QueueEndEntry], corpus: QueueCorpus = .standard(), root: HarnessPaths? = nil) throws -> QueueGateResult {
        try QueueGate.run(root ?? paths, snapshotCases: [], options: QueueGate.Options(writers: writers, projectDrain: false, corpus: corpus, jobs: 2))
    }

    func testTheCommittedRecordingAndListsPass() throws {
        let result = try run([QueueRoster.swift, QueueRoster.kotlin])
        XCTAssertEqual(result.problems, [])
        XCTAssertTrue(result.passed, result.verdicts.flatMap(\.unexpected).map { "\($0.caseId): \($0.message)" }.joined(separator: "\n"))
        XCTAssertEqual(result.verdicts.map(\.end.name), ["swift", "kotlin"])
        XCTAssertEqual(result.verdicts[1].listed.count, 0, "the Kotlin queue differs nowhere")
    }

    /// A case that changed since the recording is stale, never judged: the recording names another line.
    func testAChangedCaseMakesTheRecordingStale() throws {
        var corpus = QueueCorpus.standard()
        corpus.writerCases[0].tasks.append(QueueTask("added"))
        corpus.writerCases[0].steps.insert(.tap(QueueTap(task: "added", done: true, atMs: QueueScript.start)), at: 0)
        let result = try run([QueueRoster.kotlin], corpus: corpus)
        XCTAssertEqual(result.problems.count, 1)
        XCTAssertTrue(result.problems[0].contains("recording is stale: 1 of") && result.problems[0].contains(corpus.writerCases[0].id)
                      && result.problems[0].contains("scripts/queue-kotlin --record"), result.problems[0])
        XCTAssertFalse(result.passed)
    }

    func testAMissingRecordingIsAProblem() throws {
        let root = Scratch.folder("queue-no-recording")
        defer { Scratch.remove(root) }
        let result = try run([QueueRoster.kotlin], root: HarnessPaths(root: root))
        XCTAssertEqual(result.problems, ["golden/queue/kotlin.jsonl is missing: record the kotlin queue with `scripts/queue-kotlin --record` (or pass --no-recordings)"])
    }

    /// An end that refuses every tap: each case with a tap fails with `tap` and data-loss findings,
    /// which a list turns into listed ones; an entry excusing nothing is stale.
    func testFindingsAreListedUnexpectedOrStaleByTheEndsList() throws {
        let refusing = QueueEndEntry(name: "refusing", role: .writer, features: try QueueFeatures.parse("targets", role: .writer), format: "android",
                                     source: .inProcess { line in
                                         QueueAnswer(id: line.id, results: line.ops.map { op in
                                             switch op {
                                             case .tap, .together: return .failed("IOException: read-only")
                                             case .peek: return .peeked(targets: [], times: nil)
                                             default: return .handed(QueueHandoff())
                                             }
                                         })
                                     })
        let corpus = QueueCorpus(writerCases: QueueCorpus.standard().writerCases.filter { $0.family == "lastwins" }, drainCases: [])
        let root = Scratch.folder("queue-refusing")
        defer { Scratch.remove(root) }
        let folder = root.appendingPathComponent("golden/queue/divergences")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try """
        queue/lastwins.toggle#*  [tap,dataLoss]  the store is read only on this device, so every tap fails
        queue/nothing.*          [peek]          no such case exists here at all any more
        """.write(to: folder.appendingPathComponent("refusing.txt"), atomically: true, encoding: .utf8)
        let verdict = try XCTUnwrap(try run([refusing], corpus: corpus, root: HarnessPaths(root: root)).verdicts.first)
        XCTAssertEqual(Set(verdict.listed.map(\.finding.caseId)), ["queue/lastwins.toggle#to-done", "queue/lastwins.toggle#to-undone"])
        XCTAssertTrue(verdict.unexpected.contains { $0.caseId == "queue/lastwins.aba" && $0.kind == .dataLoss }, "\(verdict.unexpected.map(\.message))")
        XCTAssertEqual(verdict.stale.map(\.line), [2])
        XCTAssertFalse(verdict.passed)
        XCTAssertTrue(QueueSection.suggestions(verdict).contains("queue/lastwins.aba  [tap,peek,handoff,dataLoss]  TODO: why refusing differs here"),
                      "\(QueueSection.suggestions(verdict))")
    }
}

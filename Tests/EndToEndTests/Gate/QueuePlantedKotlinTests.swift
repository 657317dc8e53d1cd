import ContractModel
import Foundation
import XCTest
@testable import HarnessCorpus
@testable import HarnessGate
@testable import HarnessFuzz
import HarnessReaders
import HarnessTestSupport
import TestSupport

/// The Android queue keeps the last tap per task: a copy of the project's Kotlin queue
/// (ends/kotlin/WidgetDoneQueue.kt) planted to keep the first instead, compiled by
/// `scripts/queue-kotlin --queue` on Android's org.json and run live as a queue writer end,
/// fails the last-wins family (done→undone and the interleaved taps — A-B-A ends where it began,
/// so it cannot tell first from last: what the widget paints, what the app is handed, and a tap
/// that never applies); the file unplanted, run the same way, passes them. One kotlinc run (the unplanted jar is the recording's, cached).
final class QueuePlantedKotlinTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = Scratch.folder("planted-kotlin-queue")
    }

    override func tearDownWithError() throws {
        Scratch.remove(folder)
    }

    private func command(for file: URL) throws -> String {
        let run = try CommandRun.run(.arguments([TestRepository.root.appendingPathComponent("scripts/queue-kotlin").path,
                                                 "--queue", file.path, "--print-command"]), timeout: 600)
        XCTAssertTrue(run.succeeded, String(decoding: run.errors, as: UTF8.self))
        return String(decoding: run.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func findings(_ command: String) throws -> [String: [QueueFinding]] {
        let end = QueueEndEntry(name: "planted", role: .writer, features: .all(.writer), format: "android", source: .command(command))
        let corpus = QueueCorpus(writerCases: QueueCorpus.standard().writerCases.filter { $0.family == "lastwins" }, drainCases: [])
        let result = try QueueGate.run(HarnessPaths(root: TestRepository.root), snapshotCases: [],
                                       options: QueueGate.Options(writers: [end], projectDrain: false, corpus: corpus, jobs: 2, startTimeout: 120))
        return Dictionary(grouping: try XCTUnwrap(result.verdicts.first).findings, by: \.caseId)
    }

    /// The project's Kotlin queue planted to keep the first tap (the same edit for both tests: one compile, then cached).
    private func plantedCommand() throws -> String {
        let original = TestRepository.root.appendingPathComponent("ends/kotlin/WidgetDoneQueue.kt")
        let text = try String(contentsOf: original, encoding: .utf8)
        let last = "pending.targets.put(taskId, isDone)"
        XCTAssertTrue(text.contains(last), "WidgetDoneQueue.kt no longer holds `\(last)`")
        let planted = folder.appendingPathComponent("WidgetDoneQueue.kt")
        try text.replacingOccurrences(of: last, with: "if (!pending.targets.has(taskId)) pending.targets.put(taskId, isDone)")
            .write(to: planted, atomically: true, encoding: .utf8)
        return try command(for: planted)
    }

    /// `fuzz queue` finds the planted Kotlin queue within a minute (the compile counted apart:
    /// the brief's minute is the fuzzing's) and shrinks it.
    func testFuzzingFindsTheKotlinQueueKeepingTheFirstTapWithinAMinute() throws {
        let command = try plantedCommand()
        let end = QueueEndEntry(name: "planted", role: .writer, features: .all(.writer), format: "android", source: .command(command))
        var options = QueueFuzzRun.Options(seed: 20261207, seconds: 60, writers: [end], drains: [])
        options.maxFindings = 1
        options.startTimeout = 120
        let result = try QueueFuzzRun(options, paths: HarnessPaths(root: TestRepository.root)).run()
        let finding = try XCTUnwrap(result.findings.first, "no finding in \(result.cases) cases")
        XCTAssertLessThan(try XCTUnwrap(result.firstFindingAfter), 60)
        XCTAssertLessThanOrEqual(finding.size.shrunk, 4, finding.script)
        print("kotlin first-wins: case \(result.firstFindingIndex ?? -1) after \(result.firstFindingAfter ?? -1) s, shrunk \(finding.size.original) → \(finding.size.shrunk): \(finding.script); \(finding.message)")
    }

    func testAQueueKeepingTheFirstTapFailsLastWins() throws {
        let original = TestRepository.root.appendingPathComponent("ends/kotlin/WidgetDoneQueue.kt")
        XCTAssertEqual(try findings(try command(for: original)).values.flatMap { $0 }.map(\.message), [], "unplanted: last wins")

        let found = try findings(try plantedCommand())
        for caseId in ["queue/lastwins.done-undone", "queue/lastwins.interleaved"] {
            let kinds = Set(found[caseId, default: []].map(\.kind))
            XCTAssertTrue(kinds.isSuperset(of: [.peek, .handoff]), "\(caseId): \(found[caseId, default: []].map(\.message))")
        }
        XCTAssertTrue(found["queue/lastwins.done-undone", default: []].contains { $0.kind == .dataLoss },
                      "done then undone: the app applies done, the last tap said undone")
    }
}

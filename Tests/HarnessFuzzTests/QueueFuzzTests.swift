import ContractModel
import Foundation
import XCTest
@testable import HarnessCorpus
@testable import HarnessFuzz
@testable import HarnessGate
import HarnessReaders
import TestSupport
import WidgetSnapshot

/// `fuzz queue` (CONTRACT.md §10.9): its cases are a pure function of (seed, index); the project's
/// Swift queue gives no finding; a queue planted to keep the first tap per task instead of the last
/// is found within a minute (well within: a few dozen cases) and shrunk to a handful of steps.
final class QueueFuzzTests: XCTestCase {
    private let paths = HarnessPaths(root: TestRepository.root)

    func testCasesDependOnSeedAndIndexAlone() {
        let one = QueueCaseGenerator(seed: 42), other = QueueCaseGenerator(seed: 42)
        for index in [0, 1, 17, 999] {
            XCTAssertEqual(one.writerCase(index, format: "android").line(for: .all(.writer)).line,
                           other.writerCase(index, format: "android").line(for: .all(.writer)).line)
            XCTAssertEqual(one.drainCase(index).request, other.drainCase(index).request)
        }
        XCTAssertNotEqual(one.writerCase(1, format: "ios").line(for: .all(.writer)).line.ops,
                          QueueCaseGenerator(seed: 43).writerCase(1, format: "ios").line(for: .all(.writer)).line.ops)
    }

    func testTheProjectsSwiftQueueGivesNoFinding() throws {
        let result = try QueueFuzzRun(QueueFuzzRun.Options(seed: 5, cases: 400, writers: [QueueRoster.swift], drains: []), paths: paths).run()
        XCTAssertEqual(result.findings.map(\.message), [])
        XCTAssertEqual(result.cases, 400)
    }

    /// The planted bug: a tap on a task already pending is dropped (the first tap wins).
    func testAPlantedFirstTapWinsQueueIsFoundWithinAMinuteAndShrunk() throws {
        let planted = QueueEndEntry(name: "first-wins", role: .writer, features: .all(.writer), format: "ios", source: .inProcess { line in
            WidgetDoneQueueEnd.answer(line, store: { FirstTapWins(storage: $0) })
        })
        var options = QueueFuzzRun.Options(seed: 20261207, seconds: 60, writers: [planted], drains: [])
        options.maxFindings = 1
        let result = try QueueFuzzRun(options, paths: paths).run()
        let finding = try XCTUnwrap(result.findings.first, "no finding in \(result.cases) cases")
        print("first-wins: case \(result.firstFindingIndex ?? -1) after \(result.firstFindingAfter ?? -1) s, shrunk \(finding.size.original) → \(finding.size.shrunk) steps: \(finding.script); \(finding.message)")
        XCTAssertLessThan(try XCTUnwrap(result.firstFindingAfter), 60)
        XCTAssertLessThan(try XCTUnwrap(result.firstFindingIndex), 200, "found within the first cases of the seed")
        XCTAssertLessThanOrEqual(finding.size.shrunk, 4, "shrunk to a handful of steps: \(finding.script)")
        XCTAssertTrue(finding.script.contains("tap"), finding.script)
    }
}

/// The project's Swift queue with a tap on a task already pending dropped: the first tap wins.
private final class FirstTapWins: QueueEndStore {
    let inner: WidgetDoneQueueEnd
    init(storage: any DoneQueueStorage) { inner = WidgetDoneQueueEnd(storage: storage) }
    func setTarget(_ task: JSONString, isDone: Bool, atMs: Int64) throws {
        if try inner.peek().targets.contains(where: { $0.task == QueueText.asSwiftReadsIt(task) }) { return }
        try inner.setTarget(task, isDone: isDone, atMs: atMs)
    }
    func peek() throws -> (targets: [QueueEntry<Bool>], times: [QueueEntry<Int64>]?) { try inner.peek() }
    func handOff() throws -> QueueHandoff? { try inner.handOff() }
    func lease() throws -> QueueHandoff? { try inner.lease() }
    func acknowledge(token: JSONString) throws { try inner.acknowledge(token: token) }
}

import Foundation
import XCTest
@testable import WidgetSnapshot
import TestSupport

/// The project's tap queue (CONTRACT.md §10.3) on the behaviours the app's iOS port's own tests
/// pose (`DoneQueueStoreTests` at 2900f2a0) and on the project's decisions: exact ids, tap times,
/// a stored value it cannot read kept aside.
final class WidgetDoneQueueTests: XCTestCase {
    private func queue(_ storage: any DoneQueueStorage = InMemoryDoneQueueStorage(), at ms: Int64 = 1000) -> WidgetDoneQueue {
        WidgetDoneQueue(storage: storage, clock: { ms })
    }

    private func targets(_ queue: WidgetDoneQueue) throws -> [String: Bool] {
        Dictionary(try queue.peek().targetList.map { ($0.taskId, $0.isDone) }, uniquingKeysWith: { _, last in last })
    }

    func testAcknowledgementRemovesOnlyUnchangedLeasedTargets() throws {
        let store = queue()
        try store.setTarget(taskId: "a", isDone: true)
        try store.setTarget(taskId: "b", isDone: false)
        let lease = try XCTUnwrap(store.lease())
        try store.setTarget(taskId: "a", isDone: false)
        try store.setTarget(taskId: "c", isDone: true)
        try store.acknowledge(lease)
        XCTAssertEqual(try targets(store), ["a": false, "c": true])
    }

    func testAcknowledgementRemovesTargetsThatStillMatchTheLease() throws {
        let store = queue()
        try store.setTarget(taskId: "a", isDone: true)
        try store.acknowledge(try XCTUnwrap(store.lease()))
        XCTAssertNil(try store.lease())
        XCTAssertEqual(try targets(store), [:])
    }

    func testAnABASequenceDuringALeaseSurvivesTheAcknowledgement() throws {
        let store = queue()
        try store.setTarget(taskId: "a", isDone: true)
        let lease = try XCTUnwrap(store.lease())
        try store.setTarget(taskId: "a", isDone: false)
        try store.setTarget(taskId: "a", isDone: true)
        try store.acknowledge(lease)
        XCTAssertEqual(try targets(store), ["a": true])
    }

    func testALeaseTokenAcknowledgesAcrossAProcessBoundary() throws {
        let store = queue()
        try store.setTarget(taskId: "a", isDone: true)
        let token = try XCTUnwrap(store.lease()).token
        try store.setTarget(taskId: "b", isDone: true)
        try store.acknowledge(try WidgetQueueLease(token: token))
        XCTAssertEqual(try targets(store), ["b": true])
    }

    /// Two store instances on one App Group folder (the widget and the app), a hundred taps at once.
    func testConcurrentWritersOnOneFolderLoseNoDistinctTarget() throws {
        let folder = Scratch.url("done-queue")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = queue(FileDoneQueueStorage(directory: folder))
        let second = queue(FileDoneQueueStorage(directory: folder))
        DispatchQueue.concurrentPerform(iterations: 100) { index in
            try! (index.isMultiple(of: 2) ? first : second).setTarget(taskId: "task-\(index)", isDone: true)
        }
        XCTAssertEqual(try targets(queue(FileDoneQueueStorage(directory: folder))).count, 100)
    }

    func testIdsAreKeptByExactCodePoints() throws {
        let store = queue()
        try store.setTarget(taskId: "\u{e9}", isDone: true)
        try store.setTarget(taskId: "e\u{301}", isDone: false)
        XCTAssertEqual(try store.peek().targetList.map(\.taskId.utf8.count), [2, 3], "two entries, not one merged by String equality")
    }

    func testADoneTapKeepsItsTimeAndAnUndoneTapDropsIt() throws {
        let storage = InMemoryDoneQueueStorage()
        try queue(storage, at: 5000).setTarget(taskId: "a", isDone: true)
        try queue(storage, at: 6000).setTarget(taskId: "b", isDone: true)
        try queue(storage, at: 7000).setTarget(taskId: "b", isDone: false)
        let peeked = try queue(storage).peek()
        XCTAssertEqual(peeked.timestampList.map(\.taskId), ["a"])
        XCTAssertEqual(peeked.timestampList.map(\.doneAtMs), [5000])
        XCTAssertEqual(try XCTUnwrap(queue(storage).lease()).timestampsJSON, #"{"a":5000}"#)
    }

    /// A value it cannot read is kept aside, handed over with the next lease, and the tap queued.
    func testAnUnreadableStoredValueIsKeptAsideAndTheTapQueued() throws {
        let storage = InMemoryDoneQueueStorage([WidgetDoneQueue.targetsSlot: Array(#"{"a":{"target":tr"#.utf8)])
        let store = queue(storage)
        XCTAssertEqual(try targets(store), [:], "peek reads nothing and changes nothing")
        try store.setTarget(taskId: "c", isDone: true)
        XCTAssertEqual(try targets(store), ["c": true])
        let lease = try XCTUnwrap(store.lease())
        XCTAssertEqual(lease.unreadableJSON, #"["{\"a\":{\"target\":tr"]"#)
        try store.acknowledge(lease)
        XCTAssertNil(try storage.read(WidgetDoneQueue.unreadableSlot), "acknowledged: handed over, so gone")
        XCTAssertNil(try store.lease())
    }

    func testTheHandOffIsALeaseAcknowledgedAtOnce() throws {
        let store = queue()
        try store.setTarget(taskId: "a", isDone: true)
        XCTAssertEqual(try store.handOff()?.targetsJSON, #"{"a":true}"#)
        XCTAssertNil(try store.handOff())
    }
}

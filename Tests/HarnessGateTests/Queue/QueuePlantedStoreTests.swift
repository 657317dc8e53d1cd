import ContractModel
import Foundation
import XCTest
@testable import HarnessCorpus
@testable import HarnessGate
import HarnessReaders
import TestSupport
import WidgetSnapshot

/// The iOS store's behaviours the app's port tests (acknowledgement removes only unchanged leased
/// targets; an A-B-A sequence with the same final target survives; concurrent writers lose no
/// distinct target) and the project's decision that a store never drops taps on a value it cannot
/// read: each planted as one fault in the project's Swift queue (its storage or its store), run in
/// process through the queue gate. The planted end must fail its family's case with the kind
/// named; the same end unplanted has no finding there (the project's `swift` passes the gate:
/// GateTests' committed tree).
final class QueuePlantedStoreTests: XCTestCase {
    /// The findings of the Swift queue (planted by `storage`/`store`) on the cases of `families`, by case.
    private func findings(_ families: Set<String>, storage: @escaping @Sendable (InMemoryDoneQueueStorage) -> any DoneQueueStorage = { $0 },
                          store: @escaping @Sendable (any DoneQueueStorage) -> any QueueEndStore = { WidgetDoneQueueEnd(storage: $0) })
        throws -> [String: [QueueFinding]] {
        let end = QueueEndEntry(name: "planted", role: .writer, features: .all(.writer), format: "ios",
                                source: .inProcess { WidgetDoneQueueEnd.answer($0, storage: storage, store: store) })
        let corpus = QueueCorpus(writerCases: QueueCorpus.standard().writerCases.filter { families.contains($0.family) }, drainCases: [])
        let result = try QueueGate.run(HarnessPaths(root: TestRepository.root), snapshotCases: [],
                                       options: QueueGate.Options(writers: [end], projectDrain: false, corpus: corpus, jobs: 2))
        let verdict = try XCTUnwrap(result.verdicts.first)
        return Dictionary(grouping: verdict.findings, by: \.caseId)
    }

    private func assertPlanted(_ planted: [String: [QueueFinding]], fail caseId: String, with kind: QueueFinding.Kind,
                               file: StaticString = #filePath, line: UInt = #line) throws {
        let control = try findings([QueueCase.family(of: caseId)])
        XCTAssertFalse(control[caseId, default: []].contains { $0.kind == kind }, "unplanted, \(caseId) has no \(kind.rawValue) finding", file: file, line: line)
        XCTAssertTrue(planted[caseId, default: []].contains { $0.kind == kind },
                      "planted, \(caseId) must have a \(kind.rawValue) finding; it has: \(planted[caseId, default: []].map(\.message))", file: file, line: line)
    }

    /// Acknowledges by task alone, not by revision: a task tapped again during the lease is removed too.
    func testAnAcknowledgementThatIgnoresRevisionsFailsAckOnlyUnchanged() throws {
        let planted = try findings(["lease"], store: { AckEveryLeasedTask(storage: $0) })
        try assertPlanted(planted, fail: "queue/lease.ack-only-unchanged", with: .dataLoss)
    }

    /// A revision that is the target (not unique per tap): A-B-A back to the leased target is acknowledged away.
    func testRevisionsThatRepeatFailTheABASequence() throws {
        let planted = try findings(["lease"], store: { TargetRevisions(storage: $0) })
        // (The app applied the lease's done, so the task ends done: the loss is the widget's, which
        // paints the pending tap no more, and the next handoff's.)
        try assertPlanted(planted, fail: "queue/lease.aba", with: .peek)
        try assertPlanted(planted, fail: "queue/lease.aba", with: .handoff)
    }

    /// A storage without its lock, each read taking a moment: two writers overwrite each other.
    func testAStorageWithoutItsLockLosesConcurrentTargets() throws {
        let planted = try findings(["writers"], storage: { UnlockedSlowStorage($0) })
        try assertPlanted(planted, fail: "queue/writers.concurrent#100", with: .dataLoss)
    }

    /// A storage that reads a value the queue cannot parse as nothing: the next tap overwrites it.
    func testAStoreThatDropsAnUnreadableValueLosesIt() throws {
        let planted = try findings(["stored"], storage: { DroppingUnreadable($0) })
        try assertPlanted(planted, fail: "queue/stored.truncated#ios", with: .dataLoss)
        try assertPlanted(planted, fail: "queue/stored.corrupt#ios", with: .dataLoss)
    }
}

/// The project's store with `acknowledge` removing every leased task, whatever its revision now.
private final class AckEveryLeasedTask: QueueEndStore {
    let inner: WidgetDoneQueueEnd
    init(storage: any DoneQueueStorage) { inner = WidgetDoneQueueEnd(storage: storage) }
    func setTarget(_ task: JSONString, isDone: Bool, atMs: Int64) throws { try inner.setTarget(task, isDone: isDone, atMs: atMs) }
    func peek() throws -> (targets: [QueueEntry<Bool>], times: [QueueEntry<Int64>]?) { try inner.peek() }
    func handOff() throws -> QueueHandoff? { try inner.handOff() }
    func lease() throws -> QueueHandoff? { try inner.lease() }
    func acknowledge(token: JSONString) throws {
        // Re-lease now and acknowledge that: every task the old token named is gone, changed or not.
        let leased = try WidgetQueueLease(token: token.string)
        guard let now = try inner.queue.lease() else { return }
        let names = Set(leased.revisions.map(\.0))
        let current = try WidgetQueueLease(token: now.token)
        let kept = current.revisions.filter { names.contains($0.0) }
        var object = JSONObject()
        for (id, revision) in kept { object[id] = .string(JSONString(revision)) }
        let forged = String(decoding: JSONWriter.compact(.object(JSONObject(["revisions": .object(object), "unreadable": .null]))), as: UTF8.self)
        try inner.queue.acknowledge(try WidgetQueueLease(token: forged))
    }
}

/// The project's store whose tap revisions are the target itself ("true"/"false"), not unique.
private final class TargetRevisions: QueueEndStore {
    let queue: WidgetDoneQueue
    let inner: WidgetDoneQueueEnd
    init(storage: any DoneQueueStorage) {
        queue = WidgetDoneQueue(storage: storage, newRevision: { "same" })
        inner = WidgetDoneQueueEnd(storage: storage)
    }
    func setTarget(_ task: JSONString, isDone: Bool, atMs: Int64) throws { try queue.setTarget(task, isDone: isDone, atMs: atMs) }
    func peek() throws -> (targets: [QueueEntry<Bool>], times: [QueueEntry<Int64>]?) { try inner.peek() }
    func handOff() throws -> QueueHandoff? { try inner.handOff() }
    func lease() throws -> QueueHandoff? { try inner.lease() }
    func acknowledge(token: JSONString) throws { try inner.acknowledge(token: token) }
}

/// In-memory slots with no exclusion, and a read that yields for a moment (the race window of a
/// file read): two writers' read-modify-write interleave.
private final class UnlockedSlowStorage: DoneQueueStorage, @unchecked Sendable {
    let inner: InMemoryDoneQueueStorage
    init(_ inner: InMemoryDoneQueueStorage) { self.inner = inner }
    func withExclusiveAccess<T>(_ body: () throws -> T) throws -> T { try body() }
    func read(_ slot: String) throws -> [UInt8]? {
        let bytes = try inner.read(slot)
        usleep(200)
        return bytes
    }
    func write(_ slot: String, _ bytes: [UInt8]?) throws { try inner.write(slot, bytes) }
}

/// Reads a targets slot the queue cannot parse as empty: the queue starts afresh over it.
private final class DroppingUnreadable: DoneQueueStorage, @unchecked Sendable {
    let inner: InMemoryDoneQueueStorage
    init(_ inner: InMemoryDoneQueueStorage) { self.inner = inner }
    func withExclusiveAccess<T>(_ body: () throws -> T) throws -> T { try inner.withExclusiveAccess(body) }
    func read(_ slot: String) throws -> [UInt8]? {
        guard let bytes = try inner.read(slot) else { return nil }
        if slot == WidgetDoneQueue.targetsSlot, (try? JSONParser().parse(bytes)) == nil { return nil }
        return bytes
    }
    func write(_ slot: String, _ bytes: [UInt8]?) throws { try inner.write(slot, bytes) }
}

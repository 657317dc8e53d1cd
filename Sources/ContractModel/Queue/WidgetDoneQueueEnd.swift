import WidgetSnapshot

/// The project's own Swift queue (`WidgetSnapshot`'s `WidgetDoneQueue`) as a queue writer end:
/// what the harness runs in-process as its `swift` queue end, over storage seeded with a case's
/// stored slots (format `ios`).
package final class WidgetDoneQueueEnd: QueueEndStore {
    package let queue: WidgetDoneQueue

    package init(storage: any DoneQueueStorage) {
        queue = WidgetDoneQueue(storage: storage)
    }

    /// Fresh in-memory storage holding `stored` (slot → text, escape text read as a Swift string
    /// reads it), and a store instance per writer over it.
    package static func writers(for line: QueueCaseLine, count: Int = 2) -> (storage: InMemoryDoneQueueStorage, writers: [WidgetDoneQueueEnd]) {
        var slots: [String: [UInt8]] = [:]
        for slot in line.stored { slots[slot.slot] = QueueText.asSwiftReadsIt(slot.text).utf8 }
        let storage = InMemoryDoneQueueStorage(slots)
        return (storage, (0..<count).map { _ in WidgetDoneQueueEnd(storage: storage) })
    }

    /// Runs a case line through fresh storage: the answer, with the slots it ends with. `storage`
    /// may wrap the in-memory storage, `store` make each writer's store over it (a test plants a
    /// fault in either).
    package static func answer(_ line: QueueCaseLine, storage wrap: (InMemoryDoneQueueStorage) -> any DoneQueueStorage = { $0 },
                               store make: (any DoneQueueStorage) -> any QueueEndStore = { WidgetDoneQueueEnd(storage: $0) }) -> QueueAnswer {
        let (storage, _) = writers(for: line, count: 0)
        let wrapped = wrap(storage)
        let results = QueueScriptRunner.run(line, writers: [make(wrapped), make(wrapped)])
        let stored = [WidgetDoneQueue.targetsSlot, WidgetDoneQueue.unreadableSlot].map { slot in
            (slot: slot, text: (try? storage.read(slot))?.map { JSONString(String(decoding: $0, as: UTF8.self)) } ?? nil)
        }
        return QueueAnswer(id: line.id, results: results, stored: stored)
    }

    package func setTarget(_ task: JSONString, isDone: Bool, atMs: Int64) throws {
        try queue.setTarget(QueueText.asSwiftReadsIt(task), isDone: isDone, atMs: atMs)
    }

    package func peek() throws -> (targets: [QueueEntry<Bool>], times: [QueueEntry<Int64>]?) {
        let peeked = try queue.peek()
        return (peeked.exactTargets.map { QueueEntry($0.0, $0.1) }, peeked.exactTimes.map { QueueEntry($0.0, $0.1) })
    }

    package func handOff() throws -> QueueHandoff? {
        try queue.handOff().map(Self.handoff)
    }

    package func lease() throws -> QueueHandoff? {
        try queue.lease().map(Self.handoff)
    }

    package func acknowledge(token: JSONString) throws {
        try queue.acknowledge(try WidgetQueueLease(token: token.string))
    }

    private static func handoff(_ lease: WidgetQueueLease) -> QueueHandoff {
        QueueHandoff(targets: JSONString(lease.targetsJSON), times: JSONString(lease.timestampsJSON),
                     unreadable: lease.unreadableJSON.map { JSONString($0) }, token: JSONString(lease.token))
    }
}

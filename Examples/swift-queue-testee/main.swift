// The project's Swift tap queue (WidgetSnapshot's WidgetDoneQueue, CONTRACT.md §10.3) as a queue
// writer end through the testee kit, on a folder as an iOS widget keeps it in its App Group
// container (FileDoneQueueStorage): what an app that uses this package's queue runs, and the
// template for one whose store is its own.
//   swift build --product swift-queue-testee
//   contract-harness check --queue-writer swift-kit@ios+targets+tapTimes+leases+legacyArray=.build/debug/swift-queue-testee
import Foundation
import WidgetContractTestee
import WidgetSnapshot

/// The case's instant for a tap: a widget's queue reads the device's clock, this one the case's.
final class CaseClock: @unchecked Sendable {
    var now: Int64 = 0
}

/// The widget's queue over the case's container folder, mapped to the kit's calls.
final class AppGroupQueue: QueueStoreUnderTest {
    private let queue: WidgetDoneQueue
    private let clock = CaseClock()

    init(container: URL) {
        let clock = self.clock
        queue = WidgetDoneQueue(storage: FileDoneQueueStorage(directory: container), clock: { clock.now })
    }

    func setTarget(taskId: String, isDone: Bool, atMs: Int64) throws {
        clock.now = atMs
        try queue.setTarget(taskId: taskId, isDone: isDone)
    }

    func peek() throws -> (targets: [(taskId: String, isDone: Bool)], times: [(taskId: String, doneAtMs: Int64)]?) {
        let peeked = try queue.peek()
        return (peeked.targetList, peeked.timestampList)
    }

    func lease() throws -> QueueTesteeHandoff? { try queue.lease().map(Self.handoff) }
    func handOff() throws -> QueueTesteeHandoff? { try queue.handOff().map(Self.handoff) }
    func acknowledge(token: String) throws { try queue.acknowledge(try WidgetQueueLease(token: token)) }

    private static func handoff(_ lease: WidgetQueueLease) -> QueueTesteeHandoff {
        QueueTesteeHandoff(targetsJSON: lease.targetsJSON, timesJSON: lease.timestampsJSON, unreadableJSON: lease.unreadableJSON, token: lease.token)
    }
}

QueueTestee.run { AppGroupQueue(container: $0) }

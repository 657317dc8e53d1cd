import Foundation
import WidgetContractTestee

// The adapter: the store's calls as the kit asks them. Written for the app's iOS port at
// 2900f2a0 (DoneQueueStore: setTarget, peek, read() -> lease, acknowledge(token)); a store with
// other names maps them here, and leaves out what it lacks (the kit's default throws).
final class PortStore: QueueStoreUnderTest {
    let store: DoneQueueStore
    init(_ container: URL) { store = DoneQueueStore(containerURL: container) }

    func setTarget(taskId: String, isDone: Bool, atMs: Int64) throws {
        try store.setTarget(taskId: taskId, isDone: isDone)  // the port reads no clock: atMs unused
    }

    func peek() throws -> (targets: [(taskId: String, isDone: Bool)], times: [(taskId: String, doneAtMs: Int64)]?) {
        (try store.peek().map { (taskId: $0.key, isDone: $0.value) }, nil)  // no tap times
    }

    func lease() throws -> QueueTesteeHandoff? {
        try store.read().map { QueueTesteeHandoff(targetsJSON: $0.targetsJson, token: $0.token) }
    }

    func acknowledge(token: String) throws { try store.acknowledge(token) }
}

QueueTestee.run { PortStore($0) }

import Foundation

/// A thread-safe "please stop" set by `SIGINT` (or a test) and polled by a fuzz run
/// between batches and shrink steps, so an interrupted run ends cleanly with every finding
/// found so far already written.
package final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var requested = false

    package init() {}

    package func request() {
        lock.lock()
        requested = true
        lock.unlock()
    }

    package var isRequested: Bool {
        lock.lock()
        defer { lock.unlock() }
        return requested
    }
}

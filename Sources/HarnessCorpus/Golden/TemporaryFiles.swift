import Foundation

/// The temporary files `AtomicFile` is writing right now, so that a signal that ends the
/// harness mid-write (`TerminationSignals`) removes them: an interrupted run leaves whole
/// files and no `.tmp-` leftovers.
package enum TemporaryFiles {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var paths: Set<String> = []

    static func add(_ path: String) {
        lock.lock()
        paths.insert(path)
        lock.unlock()
    }

    static func remove(_ path: String) {
        lock.lock()
        paths.remove(path)
        lock.unlock()
    }

    /// Unlinks every listed file (the harness is about to exit).
    package static func removeAll() {
        lock.lock()
        let all = paths
        lock.unlock()
        for path in all { unlink(path) }
    }
}

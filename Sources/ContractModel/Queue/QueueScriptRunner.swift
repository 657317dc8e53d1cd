import Foundation
import WidgetSnapshot

/// A queue writer as the harness drives it: one store instance over the case's storage. The
/// testee kit wraps an app's store into one (`QueueStoreUnderTest`); the harness wraps
/// `WidgetDoneQueue` into one for its own Swift end. Ids are exact (escape text for a lone
/// surrogate, which a Swift store cannot hold: it gets U+FFFD).
package protocol QueueEndStore: AnyObject {
    func setTarget(_ task: JSONString, isDone: Bool, atMs: Int64) throws
    func peek() throws -> (targets: [QueueEntry<Bool>], times: [QueueEntry<Int64>]?)
    /// Nil: nothing pending.
    func handOff() throws -> QueueHandoff?
    func lease() throws -> QueueHandoff?
    func acknowledge(token: JSONString) throws
}

/// Runs one queue case line's operations in order against store instances made for it (one
/// per writer, all over the same storage), and answers each (CONTRACT.md §10.4). A thrown
/// error is the operation's answer (`{"error":…}`), never the case's: the next operation runs.
package enum QueueScriptRunner {
    package static func run(_ line: QueueCaseLine, writers: [any QueueEndStore]) -> [QueueResult] {
        var results: [QueueResult] = []
        var leases: [Int: JSONString] = [:]
        for (index, op) in line.ops.enumerated() {
            let result: QueueResult
            do {
                switch op {
                case .tap(let tap):
                    try writers[min(tap.writer, writers.count - 1)].setTarget(tap.task, isDone: tap.done, atMs: tap.atMs)
                    result = .ok
                case .together(let taps):
                    let errors = together(taps, writers: writers)
                    result = errors.isEmpty ? .ok : .failed(errors.joined(separator: "; "))
                case .peek:
                    let peeked = try writers[0].peek()
                    result = .peeked(targets: peeked.targets, times: peeked.times)
                case .handoff:
                    result = .handed(try writers[0].handOff() ?? QueueHandoff())
                case .lease:
                    let handed = try writers[0].lease() ?? QueueHandoff()
                    if let token = handed.token { leases[index] = token }
                    result = .handed(handed)
                case .ack(let lease):
                    guard let token = leases[lease] else {
                        result = .ok  // the lease handed nothing: nothing to acknowledge
                        break
                    }
                    try writers[0].acknowledge(token: token)
                    result = .ok
                }
            } catch {
                result = .failed(Self.text(of: error))
            }
            results.append(result)
        }
        return results
    }

    /// Each writer's taps in order on a thread of its own, the writers at once; the errors.
    private static func together(_ taps: [QueueTap], writers: [any QueueEndStore]) -> [String] {
        let groups = Dictionary(grouping: taps, by: { min($0.writer, writers.count - 1) }).sorted { $0.key < $1.key }
        let errors = ErrorList()
        let group = DispatchGroup()
        for (writer, taps) in groups {
            let store = UncheckedStore(store: writers[writer])
            group.enter()
            Thread.detachNewThread {
                for tap in taps {
                    do { try store.store.setTarget(tap.task, isDone: tap.done, atMs: tap.atMs) } catch { errors.append(Self.text(of: error)) }
                }
                group.leave()
            }
        }
        group.wait()
        return errors.values
    }

    package static func text(of error: any Error) -> String {
        "\(type(of: error)): \(error)"
    }

    private struct UncheckedStore: @unchecked Sendable { let store: any QueueEndStore }

    private final class ErrorList: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [String] = []
        func append(_ text: String) {
            lock.lock()
            list.append(text)
            lock.unlock()
        }
        var values: [String] {
            lock.lock()
            defer { lock.unlock() }
            return list
        }
    }
}

import ContractModel
import Foundation
import WidgetSnapshot

/// A team's own Swift tap queue (the widget's store of check-box taps) as a queue writer end
/// of the harness (`contract-harness check --queue-writer NAME@FEATURES=COMMAND`, CONTRACT.md
/// §10.4). The team maps its store's calls; a call it lacks keeps the default, which throws.
public protocol QueueStoreUnderTest: AnyObject {
    /// The widget's tap. `atMs` is the case's instant of the tap (a store that reads the clock
    /// itself may ignore it).
    func setTarget(taskId: String, isDone: Bool, atMs: Int64) throws
    /// What the widget overlays: the pending targets, and (with tap times) their times; nil
    /// times: the store keeps none.
    func peek() throws -> (targets: [(taskId: String, isDone: Bool)], times: [(taskId: String, doneAtMs: Int64)]?)
    /// The destructive read: the texts handed to the app, then nothing is pending.
    func handOff() throws -> QueueTesteeHandoff?
    /// The lease: the texts handed to the app with a token; nothing is removed.
    func lease() throws -> QueueTesteeHandoff?
    func acknowledge(token: String) throws
}

extension QueueStoreUnderTest {
    public func handOff() throws -> QueueTesteeHandoff? { throw QueueTesteeError.notSupported("handOff") }
    public func lease() throws -> QueueTesteeHandoff? { throw QueueTesteeError.notSupported("lease") }
    public func acknowledge(token: String) throws { throw QueueTesteeError.notSupported("acknowledge") }
}

/// What a store hands the app: `targetsJSON` (`{taskId: targetIsDone}`), the tap times'
/// text, a stored value it set aside unread, and a lease's token.
public struct QueueTesteeHandoff: Sendable {
    public var targetsJSON: String?
    public var timesJSON: String?
    public var unreadableJSON: String?
    public var token: String?

    public init(targetsJSON: String?, timesJSON: String? = nil, unreadableJSON: String? = nil, token: String? = nil) {
        self.targetsJSON = targetsJSON
        self.timesJSON = timesJSON
        self.unreadableJSON = unreadableJSON
        self.token = token
    }
}

public enum QueueTesteeError: Error, CustomStringConvertible {
    case notSupported(String)
    public var description: String {
        switch self {
        case .notSupported(let call): "\(call) is not a call of this store"
        }
    }
}

/// Serves the queue writer protocol: each case line gets a fresh container folder holding the
/// case's stored slots as files (a slot's name is its file's), two store instances made for it
/// (the widget and a second writer on the same storage), its operations run in order, and one
/// answer line with what the folder's files hold afterwards.
///
/// ```swift
/// QueueTestee.run { container in MyStoreAdapter(DoneQueueStore(containerURL: container)) }
/// ```
public enum QueueTestee {
    public static func run(_ makeStore: (_ container: URL) throws -> any QueueStoreUnderTest) -> Never {
        CaseLineInput.forEachLine { line, number in
            var out = respond(to: line, lineNumber: number, makeStore: makeStore)
            out.append(UInt8(ascii: "\n"))
            BrokenPipe.write(out, to: 1)
        }
        exit(0)
    }

    /// The answer line (without newline) for one case line; a crash line when the line is not a
    /// queue case or no store could be made.
    public static func respond(to line: [UInt8], lineNumber: Int, makeStore: (_ container: URL) throws -> any QueueStoreUnderTest) -> [UInt8] {
        let item: QueueCaseLine
        do {
            item = try QueueCaseLine.read(line, file: "stdin", lineNumber: lineNumber)
        } catch {
            return crash(id: CaseLineInput.id(inBadLine: line), "bad case: \(error)")
        }
        let container = FileManager.default.temporaryDirectory.appendingPathComponent("queue-testee-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: container) }
        do {
            try FileManager.default.createDirectory(at: container, withIntermediateDirectories: true)
            for slot in item.stored {
                try Data(QueueText.asSwiftReadsIt(slot.text).utf8).write(to: container.appendingPathComponent(slot.slot))
            }
            let writers: [any QueueEndStore] = try (0..<2).map { _ in Adapter(try makeStore(container)) }
            let results = QueueScriptRunner.run(item, writers: writers)
            let files = (try? FileManager.default.contentsOfDirectory(atPath: container.path))?.sorted() ?? []
            let stored = files.filter { !$0.hasSuffix(".lock") }.map { name in
                (slot: name, text: (try? Data(contentsOf: container.appendingPathComponent(name))).map { JSONString(String(decoding: $0, as: UTF8.self)) })
            }
            return QueueAnswer(id: item.id, results: results, stored: stored).line()
        } catch {
            return crash(id: item.id, "\(QueueScriptRunner.text(of: error)) in makeStore")
        }
    }

    private static func crash(id: String, _ text: String) -> [UInt8] {
        var out: [UInt8] = Array(#"{"id":"#.utf8)
        QueueText.append(id, to: &out)
        out += Array(#","crash":"#.utf8)
        QueueText.append(text, to: &out)
        out.append(UInt8(ascii: "}"))
        return out
    }

    /// A team's store as the runner drives it.
    private final class Adapter: QueueEndStore {
        let store: any QueueStoreUnderTest
        init(_ store: any QueueStoreUnderTest) { self.store = store }

        /// The id as a Swift `String` holds it: a lone surrogate (escape text on the line) is U+FFFD.
        func setTarget(_ task: JSONString, isDone: Bool, atMs: Int64) throws {
            try store.setTarget(taskId: QueueText.asSwiftReadsIt(task).string, isDone: isDone, atMs: atMs)
        }

        func peek() throws -> (targets: [QueueEntry<Bool>], times: [QueueEntry<Int64>]?) {
            let peeked = try store.peek()
            return (peeked.targets.map { QueueEntry(JSONString($0.taskId), $0.isDone) },
                    peeked.times?.map { QueueEntry(JSONString($0.taskId), $0.doneAtMs) })
        }

        func handOff() throws -> QueueHandoff? { try store.handOff().map(Self.handoff) }
        func lease() throws -> QueueHandoff? { try store.lease().map(Self.handoff) }
        func acknowledge(token: JSONString) throws { try store.acknowledge(token: token.string) }

        private static func handoff(_ handed: QueueTesteeHandoff) -> QueueHandoff {
            QueueHandoff(targets: handed.targetsJSON.map { JSONString($0) }, times: handed.timesJSON.map { JSONString($0) },
                         unreadable: handed.unreadableJSON.map { JSONString($0) }, token: handed.token.map { JSONString($0) })
        }
    }
}

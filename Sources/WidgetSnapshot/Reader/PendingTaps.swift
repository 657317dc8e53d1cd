/// The pending check-box taps, keyed by exact code points, last entry per id winning.
///
/// Why not `[String: Bool]`: Swift's `String` equality is canonical equivalence, so a
/// dictionary merges `"e\u{301}"` and `"é"` into one key, while the Android queue (and the
/// contract) keep them apart. Build one from the queue in order — `PendingTargets(queue)` —
/// or write a literal: `["t1": true, "t2": false]` keeps every entry, in order.
public struct PendingTargets: Sendable, ExpressibleByDictionaryLiteral {
    var targets: ExactIDTable<Bool>

    /// In queue order; a later entry for the same id (same code points) wins.
    public init(_ ordered: [(taskId: String, isDone: Bool)]) {
        self.targets = ExactIDTable(ordered.map { (JSONString($0.taskId), $0.isDone) })
    }

    /// A literal, entry by entry (no dictionary in between, so no ids merge).
    public init(dictionaryLiteral elements: (String, Bool)...) {
        self.init(elements.map { (taskId: $0.0, isDone: $0.1) })
    }

    /// A `[String: Bool]` has already merged canonically-equivalent ids, so this cannot
    /// restore them; kept only so that existing callers compile while they move.
    @available(*, deprecated, message: "a [String: Bool] merges canonically-equivalent ids (\"e\\u{301}\" and \"é\"); pass the queue in order: PendingTargets([(taskId, isDone)])")
    public init(_ targets: [String: Bool]) {
        self.init(targets.map { (taskId: $0.key, isDone: $0.value) })
    }

    /// In queue order; a later entry for the same id wins.
    package init(_ ordered: [(JSONString, Bool)]) {
        self.targets = ExactIDTable(ordered)
    }

    public static let none = PendingTargets([(taskId: String, isDone: Bool)]())

    subscript(id: JSONString) -> Bool? { targets.entries[id] }

    /// The pending state of the task whose id has these exact bytes, if one is queued.
    func isDone(forID id: UnsafeBufferPointer<UInt8>) -> Bool? { targets.value(forID: id) }
}

/// When each pending "mark done" tap happened (epoch ms), keyed by exact code points, last
/// entry per id winning — the widget's second queue since revision 2 (CONTRACT.md §8): the
/// app stores `{taskId: epochMs}` beside `{taskId: targetIsDone}` for each tap that marked a
/// task done. Build it like `PendingTargets`: from the queue in order, or a literal.
public struct PendingTimestamps: Sendable, ExpressibleByDictionaryLiteral {
    var timestamps: ExactIDTable<Int64>

    /// In queue order; a later entry for the same id (same code points) wins.
    public init(_ ordered: [(taskId: String, doneAtMs: Int64)]) {
        self.timestamps = ExactIDTable(ordered.map { (JSONString($0.taskId), $0.doneAtMs) })
    }

    /// A literal, entry by entry (no dictionary in between, so no ids merge).
    public init(dictionaryLiteral elements: (String, Int64)...) {
        self.init(elements.map { (taskId: $0.0, doneAtMs: $0.1) })
    }

    /// In queue order; a later entry for the same id wins.
    package init(_ ordered: [(JSONString, Int64)]) {
        self.timestamps = ExactIDTable(ordered)
    }

    public static let none = PendingTimestamps([(taskId: String, doneAtMs: Int64)]())

    /// The tap time of the task whose id has these exact bytes, if one is queued.
    func doneAtMs(forID id: UnsafeBufferPointer<UInt8>) -> Int64? { timestamps.value(forID: id) }
}

/// A small map from task ids (exact UTF-8 bytes) to a value, the last entry per id winning:
/// what both tap queues are.
struct ExactIDTable<Value: Sendable>: Sendable {
    let entries: [JSONString: Value]

    init(_ ordered: [(JSONString, Value)]) {
        self.entries = Dictionary(ordered, uniquingKeysWith: { _, last in last })
    }

    /// The value for the id with these exact bytes: a comparison with each entry while there
    /// are few (a widget queues a handful of taps), a dictionary lookup beyond.
    func value(forID id: UnsafeBufferPointer<UInt8>) -> Value? {
        if entries.isEmpty { return nil }
        if entries.count > 8 { return entries[JSONString(utf8: Array(id))] }
        for (key, value) in entries {
            let matches = key.utf8.withUnsafeBufferPointer { JSONTapeReader.equal($0, id) }
            if matches { return value }
        }
        return nil
    }
}

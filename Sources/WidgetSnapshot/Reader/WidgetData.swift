import Foundation

/// The iOS widget's reader of the `widget_data` blob (v:1), a port of the Android
/// widget's `WidgetData.kt`: same field rules, same coercions, so both widgets show the
/// same thing for the same blob. Foundation only; no harness code.
public enum WidgetData {
    /// The only blob version this reader understands.
    public static let supportedVersion: Int32 = 1

    /// The rows of today's list, with pending check-box taps applied.
    ///
    /// Returns `[]` for a blob of another version or without a `tasks` array, and throws
    /// when the blob is not a JSON object or a task is unreadable, so a caller can tell
    /// "nothing to show" from "broken". `pendingDoneTargets` is the tap queue in order,
    /// keyed by exact code points: `["t1": true]` (a literal keeps every entry, in order),
    /// or `PendingTargets(queue)` from an ordered list.
    public static func parse(_ blob: [UInt8], pendingDoneTargets: PendingTargets = .none) throws(SnapshotParseError) -> [WidgetTaskRow] {
        try SnapshotDocument(blob: blob).rows(pendingDoneTargets: pendingDoneTargets)
    }

    public static func parse(_ json: String, pendingDoneTargets: PendingTargets = .none) throws(SnapshotParseError) -> [WidgetTaskRow] {
        try parse(Array(json.utf8), pendingDoneTargets: pendingDoneTargets)
    }

    /// The blob's stamp; never fails, each field degrades to nil on its own.
    public static func parseMeta(_ blob: [UInt8]) -> SnapshotMeta {
        (try? SnapshotDocument(blob: blob))?.meta ?? .unknown
    }

    public static func parseMeta(_ json: String) -> SnapshotMeta { parseMeta(Array(json.utf8)) }

    /// `now >= validUntil` (inclusive); without a `validUntil` a snapshot is never stale.
    public static func isSnapshotStale(_ meta: SnapshotMeta, nowMs: Int64) -> Bool {
        guard let validUntil = meta.validUntil else { return false }
        return nowMs >= validUntil
    }

    /// `today` while fresh; once stale, `outdated` with the day the snapshot was written for
    /// (nil when `dayStr` is missing or not a real day — never "today").
    public static func headerFor(_ meta: SnapshotMeta, nowMs: Int64, timeZone: TimeZone) -> WidgetHeader {
        guard isSnapshotStale(meta, nowMs: nowMs) else { return .today }
        return .outdated(dayMs: meta.dayStr.flatMap { dayStrToMs($0, timeZone: timeZone) })
    }

    /// Epoch ms of local midnight of `dayStr` in `timeZone` (see `DayString`).
    public static func dayStrToMs(_ dayStr: String, timeZone: TimeZone) -> Int64? {
        DayString.startOfDayMs(dayStr, timeZone: timeZone)
    }
}

/// The pending check-box taps, keyed by exact code points, last entry per id winning.
///
/// Why not `[String: Bool]`: Swift's `String` equality is canonical equivalence, so a
/// dictionary merges `"e\u{301}"` and `"é"` into one key, while the Android queue (and the
/// contract) keep them apart. Build one from the queue in order — `PendingTargets(queue)` —
/// or write a literal: `["t1": true, "t2": false]` keeps every entry, in order.
public struct PendingTargets: Sendable, ExpressibleByDictionaryLiteral {
    var targets: [JSONString: Bool]

    /// In queue order; a later entry for the same id (same code points) wins.
    public init(_ ordered: [(taskId: String, isDone: Bool)]) {
        self.targets = Dictionary(ordered.map { (JSONString($0.taskId), $0.isDone) }, uniquingKeysWith: { _, last in last })
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
        self.targets = Dictionary(ordered, uniquingKeysWith: { _, last in last })
    }

    public static let none = PendingTargets([(taskId: String, isDone: Bool)]())

    subscript(id: JSONString) -> Bool? { targets[id] }

    /// The pending state of the task whose id has these exact bytes, if one is queued: a
    /// comparison with each entry while there are few (a widget queues a handful of taps),
    /// a dictionary lookup beyond.
    func isDone(forID id: UnsafeBufferPointer<UInt8>) -> Bool? {
        if targets.isEmpty { return nil }
        if targets.count > 8 { return targets[JSONString(utf8: Array(id))] }
        for (key, isDone) in targets {
            let matches = key.utf8.withUnsafeBufferPointer { JSONTapeReader.equal($0, id) }
            if matches { return isDone }
        }
        return nil
    }
}

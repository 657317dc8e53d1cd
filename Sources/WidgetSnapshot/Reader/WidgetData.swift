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

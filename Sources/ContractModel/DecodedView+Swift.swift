import Foundation
import WidgetSnapshot

/// The Swift reader (the product, `WidgetSnapshot`) seen through the contract: one blob in,
/// one comparable view out, exactly as an iOS widget would call the library.

extension DecodedView {
    /// Everything the Swift reader decides for one blob, as a comparable view, through the
    /// functions an app calls: `WidgetData.parse`, `parseMeta`, `isSnapshotStale`, `headerFor`
    /// (so a change to any of them fails the gate; the blob is read twice, as an app calling
    /// both reads it).
    package static func decode(id: String, blob: [UInt8], pendingDoneTargets: PendingTargets,
                              nowMs: Int64, timeZone: TimeZone?) -> DecodedView {
        let parse: Parse
        do {
            parse = .tasks(try WidgetData.parse(blob, pendingDoneTargets: pendingDoneTargets))
        } catch {
            parse = .error(error.description)
        }
        let meta = WidgetData.parseMeta(blob)
        let stale = WidgetData.isSnapshotStale(meta, nowMs: nowMs)
        // The public headerFor, as the widget calls it (so a change to it fails the gate);
        // a zone Foundation lacks gives no day (CONTRACT.md §4).
        let header = timeZone.map { WidgetData.headerFor(meta, nowMs: nowMs, timeZone: $0) }
            ?? (stale ? .outdated(dayMs: nil) : .today)
        return DecodedView(id: id, parse: parse, meta: meta, stale: stale, header: header)
    }
}

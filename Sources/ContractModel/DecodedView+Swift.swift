import Foundation
import WidgetSnapshot

/// The Swift reader (the product, `WidgetSnapshot`) seen through the contract: one blob in,
/// one comparable view out, exactly as an iOS widget would call the library.

extension DecodedView {
    /// Everything the Swift reader decides for one blob, as a comparable view: the blob is
    /// parsed once, then rows, stamp, staleness and header are read from it.
    package static func decode(id: String, blob: [UInt8], pendingDoneTargets: PendingTargets,
                              nowMs: Int64, timeZone: TimeZone?) -> DecodedView {
        let parse: Parse
        let meta: SnapshotMeta
        do {
            let document = try SnapshotDocument(blob: blob)
            meta = document.meta
            do {
                parse = .tasks(try document.rows(pendingDoneTargets: pendingDoneTargets))
            } catch {
                parse = .error(error.description)
            }
        } catch {
            parse = .error(error.description)
            meta = .unknown
        }
        let stale = WidgetData.isSnapshotStale(meta, nowMs: nowMs)
        let header: WidgetHeader
        if stale {
            let dayMs = meta.dayStr.flatMap { dayStr in timeZone.flatMap { WidgetData.dayStrToMs(dayStr, timeZone: $0) } }
            header = .outdated(dayMs: dayMs)
        } else {
            header = .today
        }
        return DecodedView(id: id, parse: parse, meta: meta, stale: stale, header: header)
    }
}

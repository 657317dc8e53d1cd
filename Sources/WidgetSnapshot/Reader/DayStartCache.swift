import Foundation

/// First instants of days already computed, keyed by (zone identifier, day): a widget asks
/// for the same day in the same zone on every render, and each computation costs three or
/// four ICU offset lookups. The value for a key never changes (a zone identifier names its
/// rules; identifiers compare by code points), so a hit returns exactly what
/// `DayString.startOfDaySeconds` would.
///
/// A fixed table of slots, one entry each, replaced on collision; thread-safe under a lock
/// held only to read or write one slot (the computation runs outside it).
final class DayStartCache: @unchecked Sendable {
    static let shared = DayStartCache()
    /// Stored for a day that has no instant (a day the zone skips whole).
    static let noInstant = Int64.min

    private struct Slot {
        var zone: String
        var days: Int64
        var seconds: Int64
    }

    private static let slotCount = 64
    private let lock = NSLock()
    private var slots = [Slot](repeating: Slot(zone: "", days: 0, seconds: 0), count: DayStartCache.slotCount)

    /// The first instant (epoch seconds) of `days` in `timeZone`: from the table, or from
    /// `compute` (then kept).
    func seconds(days: Int64, timeZone: TimeZone, compute: () -> Int64) -> Int64 {
        let zone = timeZone.identifier
        let mixed = UInt64(bitPattern: days &+ Int64(zone.utf8.count) &* 0x1F) &* 0x9E37_79B9_7F4A_7C15
        let slot = Int(truncatingIfNeeded: mixed >> 58)  // 0..<64
        lock.lock()
        let cached = slots[slot]
        lock.unlock()
        if cached.days == days && !cached.zone.isEmpty && sameCodePoints(cached.zone, zone) { return cached.seconds }
        let seconds = compute()
        lock.lock()
        slots[slot] = Slot(zone: zone, days: days, seconds: seconds)
        lock.unlock()
        return seconds
    }
}

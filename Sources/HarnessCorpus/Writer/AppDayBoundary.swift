import Foundation
import WidgetSnapshot

/// When the app's logical day `todayStr` ends, computed by the harness from the state, the
/// way the app's own expression does (CONTRACT.md §7.2 W3): the local midnight after the day
/// in the writer's zone, plus the start-of-next-day offset. A local time read the way V8 reads
/// `new Date(y, m, d)`: a repeated midnight is the first one, a midnight in a gap (or a skipped
/// day) is read with the offset before it (§7.3). The writer must stamp exactly this
/// `validUntil`; the `writer` family reads each blob one ms before it (`today`) and at it
/// (`outdated`).
package enum AppDayBoundary {
    /// Epoch ms, or nil when `todayStr` is not a real `yyyy-MM-dd` day (a state outside the
    /// app: W2) or the zone is unknown.
    package static func ms(todayStr: String, timeZone: String, startOfNextDayDiffMs: Int64) -> Int64? {
        guard let day = DayString.CalendarDay(todayStr), let zone = TimeZone(identifier: timeZone) else { return nil }
        let nextMidnight = (day.daysSinceEpoch + 1) * 86_400_000
        return instant(ofLocal: nextMidnight, in: zone) + startOfNextDayDiffMs
    }

    /// The instant of local time `local` (ms since the epoch of the local clock).
    static func instant(ofLocal local: Int64, in zone: TimeZone) -> Int64 {
        func offset(at instant: Int64) -> Int64 {
            Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(instant) / 1000))) * 1000
        }
        // The offsets in force around the local time; each gives one candidate instant.
        let offsets = Set([-86_400_000, 0, 86_400_000].map { offset(at: local + Int64($0)) })
        let candidates = offsets.map { local - $0 }
        // A local time that exists: its first instant (a repeated midnight: the earlier one).
        if let first = candidates.filter({ offset(at: $0) + $0 == local }).min() { return first }
        // In a gap: read with the offset before it, the one in force at the earliest candidate.
        let earliest = candidates.min() ?? local
        return local - offset(at: earliest)
    }
}

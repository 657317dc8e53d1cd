/// Sorts one offset change into the zone classes it belongs to, each with the local day it
/// is about. Pure arithmetic on (instant, offsets, DST flags): no zone data is read here.
enum ZoneClassifier {
    /// One change of a zone's offset or DST flag.
    struct Change: Equatable, Sendable {
        var at: Int64
        var offsetBefore: Int32
        var offsetAfter: Int32
        var dstBefore: Bool
        var dstAfter: Bool
    }

    /// The classes of `change` with the day (days since 1970-01-01) each is about.
    static func classes(of change: Change) -> [(ZoneClass, Int64)] {
        let before = change.at + Int64(change.offsetBefore)  // the local clock just before
        let after = change.at + Int64(change.offsetAfter)    // and just after
        let dayAfter = floorDiv(after, 86_400)
        var found: [(ZoneClass, Int64)] = []
        let gapOrOverlap = after > before ? (before, after) : (after, before)
        // The first local midnight inside the skipped or repeated stretch of wall time.
        let midnight = ceilDiv(gapOrOverlap.0, 86_400) * 86_400
        if midnight < gapOrOverlap.1 {
            if after > before {
                if midnight + 86_400 <= after { found.append((.daySkipped, midnight / 86_400)) }
                found.append((.midnightSkipped, floorDiv(midnight, 86_400)))
                if midnight > before { found.append((.midnightInsideGap, floorDiv(midnight, 86_400))) }
            } else {
                found.append((.midnightRepeated, floorDiv(midnight, 86_400)))
            }
        }
        if isHalfOrQuarter(change.offsetBefore) || isHalfOrQuarter(change.offsetAfter) {
            found.append((.nonHourOffset, dayAfter))
        }
        // Only the way in is certain: a DST type below the standard time just before it.
        // (The way out looks like a zone moving east, e.g. America/Nome 1983.)
        if change.dstAfter && !change.dstBefore && change.offsetAfter < change.offsetBefore {
            found.append((.negativeDST, dayAfter))
        }
        let jump = Int64(change.offsetAfter) - Int64(change.offsetBefore)
        if jump >= 12 * 3600 { found.append((.dateLineEast, dayAfter)) }
        if jump <= -12 * 3600 { found.append((.dateLineWest, dayAfter)) }
        return found
    }

    /// True for offsets at :30 or :45 past the hour (either sign).
    static func isHalfOrQuarter(_ offset: Int32) -> Bool {
        let minutes = ((Int(offset) % 3600) + 3600) % 3600
        return minutes == 1800 || minutes == 2700
    }

    static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : -((-a + b - 1) / b) }
    static func ceilDiv(_ a: Int64, _ b: Int64) -> Int64 { -floorDiv(-a, b) }
}

import ContractModel
import Foundation
import ReferenceDecoder
import WidgetSnapshot

/// Reads the machine's tzdata (the zone list and version from `tzdata.zi`, each zone's
/// transitions through the C reference's TZif reader) and picks the zone dimension's
/// transitions: every whole-day skip, and for every other class `zonesPerClass` zones spread
/// through the sorted names (`spread`), each with its latest transition of that class.
///
/// Deterministic for a given tzdata: zones sorted by their UTF-8 bytes, transitions in time
/// order, no clocks, no dictionaries iterated.
package struct ZoneScan: Sendable {
    /// The years whose transitions are scanned (by UTC instant).
    package static let years = 1970...2037
    package static let zonesPerClass = 3
    package static let zoneinfo = "/usr/share/zoneinfo"

    /// What the scan found for one class, before picking.
    package struct ClassCount: Equatable, Sendable {
        package var zoneClass: ZoneClass
        package var zones: Int
        package var transitions: Int
    }

    package var tzdataVersion: String
    package var zoneCount: Int
    package var counts: [ClassCount]
    package var picked: [ZoneTransition]

    /// Scans `zoneinfo` (its `tzdata.zi` names the zones and the version).
    package static func run(zoneinfo: String = ZoneScan.zoneinfo) throws(HarnessInputError) -> ZoneScan {
        let index = "\(zoneinfo)/tzdata.zi"
        guard let data = FileManager.default.contents(atPath: index) else {
            throw HarnessInputError(file: index, message: "cannot read the tzdata index (package tzdata)")
        }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.first, first.hasPrefix("# version ") else {
            throw HarnessInputError(file: index, line: 1, message: "expected `# version NAME`")
        }
        let version = String(first.dropFirst("# version ".count))
        var known = KnownZones()
        let zones = lines.compactMap { line -> String? in
            let words = line.split(separator: " ")
            return words.count >= 2 && words[0] == "Z" ? String(words[1]) : nil
        }.filter { known.contains($0) }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }

        var found: [ZoneClass: [ZoneTransition]] = [:]  // per class, zones in order, time in order
        for zone in zones {
            for transition in try transitions(of: zone) {
                found[transition.zoneClass, default: []].append(transition)
            }
        }
        var counts: [ClassCount] = []
        var picked: [ZoneTransition] = []
        for zoneClass in ZoneClass.allCases {
            let all = found[zoneClass] ?? []
            var zoneNames: [String] = []
            for transition in all where zoneNames.last != transition.zone { zoneNames.append(transition.zone) }
            counts.append(ClassCount(zoneClass: zoneClass, zones: zoneNames.count, transitions: all.count))
            if zoneClass == .daySkipped {
                picked += all
            } else {
                for zone in spread(zoneNames) {
                    if let latest = all.last(where: { $0.zone == zone }) { picked.append(latest) }
                }
            }
        }
        return ZoneScan(tzdataVersion: version, zoneCount: zones.count, counts: counts, picked: picked)
    }

    /// Every zone of a small class (at most `2 × zonesPerClass − 1`), else `zonesPerClass`
    /// zones evenly spaced through the sorted names (first, middle, last for 3), so the
    /// picks spread over regions instead of taking three neighbours in `Africa/`.
    static func spread(_ names: [String]) -> [String] {
        guard names.count >= 2 * zonesPerClass else { return names }
        return (0..<zonesPerClass).map { names[$0 * (names.count - 1) / (zonesPerClass - 1)] }
    }

    /// The C reference's zone lookup: 1 and a change, 0 when there is none, -1 when the zone
    /// file could not be read (an I/O error, out of memory): a test can plant that answer.
    typealias NextChange = @Sendable (String, Int64, inout rd_zone_change) -> Int32

    static let nextChange: NextChange = { zone, t, change in zone.withCString { rd_zone_next_change($0, t, &change) } }

    /// Every classified transition of `zone` whose instant falls in `years`. A lookup that
    /// cannot read the zone (-1) is an error: stopping there would silently drop the zone's
    /// later transitions from the scan (and `zones --write` would write the short list).
    static func transitions(of zone: String, next: NextChange = nextChange) throws(HarnessInputError) -> [ZoneTransition] {
        let start = DayString.CalendarDay("\(years.lowerBound)-01-01")!.daysSinceEpoch * 86_400
        let end = DayString.CalendarDay("\(years.upperBound + 1)-01-01")!.daysSinceEpoch * 86_400
        var result: [ZoneTransition] = []
        var t = start - 1
        var change = rd_zone_change()
        while true {
            let answer = next(zone, t, &change)
            if answer < 0 {
                throw HarnessInputError(file: "\(zoneinfo)/\(zone)",
                                        message: "the C reference could not read this zone's transitions after \(t) (an I/O error or out of memory); the scan stops rather than leave them out")
            }
            guard answer == 1, change.at < end else { break }
            let found = ZoneClassifier.Change(at: change.at, offsetBefore: change.offset_before,
                                              offsetAfter: change.offset_after, dstBefore: change.dst_before != 0,
                                              dstAfter: change.dst_after != 0)
            for (zoneClass, day) in ZoneClassifier.classes(of: found) {
                result.append(ZoneTransition(zoneClass: zoneClass, zone: zone, at: found.at,
                                             offsetBefore: found.offsetBefore, offsetAfter: found.offsetAfter,
                                             dstBefore: found.dstBefore, dstAfter: found.dstAfter,
                                             day: CalendarArithmetic.dayString(day)))
            }
            t = change.at
        }
        return result
    }
}

/// Days since 1970-01-01 → `dayStr` text (the dates are `DayString.CalendarDay(daysSinceEpoch:)`'s,
/// the other way from `daysSinceEpoch`), for naming the zone dimension's days.
package enum CalendarArithmetic {
    /// `yyyy-MM-dd` of a day number (years 1000–9999 only: four digits).
    package static func dayString(_ days: Int64) -> String {
        let date = DayString.CalendarDay(daysSinceEpoch: days)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(date.year)-\(two(date.month))-\(two(date.day))"
    }
}

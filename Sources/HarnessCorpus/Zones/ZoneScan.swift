import ContractModel
import Foundation
import ReferenceDecoder
import WidgetSnapshot

/// Reads the machine's tzdata (the zone list and version from `tzdata.zi`, each zone's
/// transitions through the C reference's TZif reader) and picks the zone dimension's
/// transitions: every whole-day skip, for every other class of 1970–2037 `zonesPerClass` zones
/// spread through the sorted names (`spread`), each with its latest transition of that class,
/// and every change the rules of `ruleZones` make in `ruleYear` (`posix-rule`); the hand-listed
/// classes before 1970 are `ZoneEarlyClasses.swift`'s.
///
/// Deterministic for a given tzdata: zones sorted by their UTF-8 bytes, transitions in time
/// order, no clocks, no dictionaries iterated.
package struct ZoneScan: Sendable {
    /// The years whose transitions are scanned (by UTC instant).
    package static let years = 1970...2037
    package static let zonesPerClass = 3
    /// The year the `posix-rule` class reads: the first after `years`, where every TZif file
    /// Debian builds (zic's fat output, transitions listed through 2037) leaves its table for its
    /// footer, the POSIX TZ rule.
    package static let ruleYear = 2038
    /// Zones whose footers (tzdata 2025b) carry between them every rule shape tzdata uses, each
    /// with the shape it adds; every change each makes in `ruleYear` is picked. (No zone has a
    /// `Jn` or `n` rule date, seconds in a time, or a DST name without a rule.)
    package static let ruleZones: [(zone: String, shape: String)] = [
        ("Africa/Cairo", "EET-2EEST,M4.5.5/0,M10.5.4/24: a Friday at 00:00 (midnight skipped), a Thursday at 24:00"),
        ("America/Havana", "CST5CDT,M3.2.0/0,M11.1.0/1: the second Sunday at 00:00 (midnight skipped), the end at 01:00 (midnight repeated)"),
        ("America/Nuuk", "<-02>2<-01>,M3.5.0/-1,M10.5.0/0: a negative rule time (-1: 23:00 the day before), a TZif version 3 file"),
        ("America/Santiago", "<-04>4<-03>,M9.1.6/24,M4.1.6/24: quoted names, Saturday rules at 24:00, southern (DST across the year end)"),
        ("America/St_Johns", "NST3:30NDT,M3.2.0,M11.1.0: minutes in the standard offset, the implied one-hour DST, the default 02:00"),
        ("Antarctica/Troll", "<+00>0<+02>-2,M3.5.0/1,M10.5.0/3: a two-hour DST offset given, standard time UTC"),
        ("Asia/Jerusalem", "IST-2IDT,M3.4.4/26,M10.5.0: a rule time beyond 24 h (26: 02:00 the next day), a fourth Thursday"),
        ("Australia/Lord_Howe", "<+1030>-10:30<+11>-11,M10.1.0,M4.1.0: a half-hour DST, minutes in the standard offset, southern"),
        ("Australia/Sydney", "AEST-10AEDT,M10.1.0,M4.1.0/3: southern, DST across the year end (the start later in the year than the end)"),
        ("Europe/Berlin", "CET-1CEST,M3.5.0,M10.5.0/3: the last Sunday, in a month with four Sundays (March 2038) and with five (October)"),
        ("Europe/Dublin", "IST-1GMT0,M10.5.0,M3.5.0/1: negative DST (the DST offset below standard, in winter: across the year end)"),
        ("Pacific/Auckland", "NZST-12NZDT,M9.5.0,M4.1.0/3: southern, the last Sunday of a September with four"),
        ("Pacific/Chatham", "<+1245>-12:45<+1345>,M9.5.0/2:45,M4.1.0/3:45: minutes in the offsets and in the rule times"),
    ]
    /// Zones read through a rule without DST at the start of `ruleYear` (`fixed-rule`), each with
    /// what it adds. (`+` is in no case id, so Etc/GMT+N cannot be here.)
    package static let fixedZones: [(zone: String, shape: String)] = [
        ("America/Belize", "CST6 after its last transition (1983); a lower-case z in the name"),
        ("Etc/GMT-10", "<+10>-10, no transition at all (the footer alone); a 0 in the name"),
        ("Etc/GMT-14", "<+14>-14, no transition at all; the largest offset east, a hyphen and digits in the name"),
        ("Etc/GMT-9", "<+09>-9, no transition at all; a 9 in the name"),
        ("Etc/Zulu", "UTC0, no transition at all, a link to Etc/UTC; an upper-case Z in the name"),
    ]
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
            if let listed = try handListed(zoneClass, next: nextChange) {
                counts.append(ClassCount(zoneClass: zoneClass, zones: Set(listed.map(\.zone)).count, transitions: listed.count))
                picked += listed
                continue
            }
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
        try changes(of: zone, in: years, next: next).flatMap { found -> [ZoneTransition] in
            ZoneClassifier.classes(of: found).map { zoneClass, day in
                ZoneTransition(zoneClass: zoneClass, zone: zone, at: found.at, offsetBefore: found.offsetBefore,
                               offsetAfter: found.offsetAfter, dstBefore: found.dstBefore, dstAfter: found.dstAfter,
                               day: CalendarArithmetic.dayString(day))
            }
        }
    }

    /// Every change of `zone` in `ruleYear`, as `posix-rule` transitions about the local day just
    /// after each.
    static func ruleTransitions(of zone: String, next: NextChange = nextChange) throws(HarnessInputError) -> [ZoneTransition] {
        try changes(of: zone, in: ruleYear...ruleYear, next: next).map { found in
            ZoneTransition(zoneClass: .posixRule, zone: zone, at: found.at, offsetBefore: found.offsetBefore,
                           offsetAfter: found.offsetAfter, dstBefore: found.dstBefore, dstAfter: found.dstAfter,
                           day: CalendarArithmetic.dayString(ZoneClassifier.floorDiv(found.at + Int64(found.offsetAfter), 86_400)))
        }
    }

    /// `zone` read at the start of `ruleYear` (UTC) as a `fixed-rule` entry: its offset there both
    /// before and after, no DST; an error when the C reference cannot read the zone or finds a
    /// change in `ruleYear` (the zone belongs in `ruleZones` then).
    static func fixedReading(of zone: String, next: NextChange = nextChange) throws(HarnessInputError) -> ZoneTransition {
        let at = DayString.CalendarDay("\(ruleYear)-01-01")!.daysSinceEpoch * 86_400
        var offset: Int32 = 0
        guard zone.withCString({ rd_zone_offset_at($0, at, &offset) }) == 1 else {
            throw HarnessInputError(file: "\(zoneinfo)/\(zone)", message: "the C reference cannot read this zone")
        }
        guard try changes(of: zone, in: ruleYear...ruleYear, next: next).isEmpty else {
            throw HarnessInputError(file: "\(zoneinfo)/\(zone)", message: "changes its offset in \(ruleYear): not a fixed-rule zone")
        }
        return ZoneTransition(zoneClass: .fixedRule, zone: zone, at: at, offsetBefore: offset, offsetAfter: offset,
                              dstBefore: false, dstAfter: false,
                              day: CalendarArithmetic.dayString(ZoneClassifier.floorDiv(at + Int64(offset), 86_400)))
    }

    /// Every change of `zone` whose instant falls in `span` (years, by UTC instant).
    static func changes(of zone: String, in span: ClosedRange<Int>, next: NextChange) throws(HarnessInputError)
        -> [ZoneClassifier.Change] {
        let start = DayString.CalendarDay("\(span.lowerBound)-01-01")!.daysSinceEpoch * 86_400
        let end = DayString.CalendarDay("\(span.upperBound + 1)-01-01")!.daysSinceEpoch * 86_400
        return try changes(of: zone, from: start, before: end, next: next)
    }

    /// Every change of `zone` at an instant in `start..<end` (seconds since the epoch).
    static func changes(of zone: String, from start: Int64, before end: Int64, next: NextChange) throws(HarnessInputError)
        -> [ZoneClassifier.Change] {
        var result: [ZoneClassifier.Change] = []
        var t = start - 1
        var change = rd_zone_change()
        while true {
            let answer = next(zone, t, &change)
            if answer < 0 {
                throw HarnessInputError(file: "\(zoneinfo)/\(zone)",
                                        message: "the C reference could not read this zone's transitions after \(t) (an I/O error or out of memory); the scan stops rather than leave them out")
            }
            guard answer == 1, change.at < end else { break }
            result.append(ZoneClassifier.Change(at: change.at, offsetBefore: change.offset_before,
                                                offsetAfter: change.offset_after, dstBefore: change.dst_before != 0,
                                                dstAfter: change.dst_after != 0))
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

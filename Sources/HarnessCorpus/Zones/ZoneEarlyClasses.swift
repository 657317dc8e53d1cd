import ContractModel
import WidgetSnapshot

/// The zone dimension's hand-listed classes of changes the 1970–2037 scan cannot reach
/// (issue 26): `off-grid-midnight` and `only-change`, and `handListed`, every class the scan
/// takes from a list rather than finds (`fixed-rule`, `posix-rule` too). Like `fixed-rule`, each entry is read
/// from the machine's zoneinfo through the C reference and refused, naming the zone and day,
/// when it no longer has the property it is listed for.
extension ZoneScan {
    /// Days on which a change at an instant with seconds in it (off the whole UTC minutes) has a
    /// new wall clock of exactly local midnight (`off-grid-midnight`), each with what it adds. A
    /// reader that samples the day's window hourly and bisects each change can stop one second
    /// after such a change, and only here does that second move the day's start. tzdata 2025b
    /// has none in 1970–2037; before 1970, Europe/Moscow 1917–1919 (its offsets then had
    /// seconds: MMT +2:31:19), America/St_Johns 1919–1934 (NST −3:30:52), and before 1900, where
    /// the recording host's JDK departs (D8), Pacific/Apia 1892 and Asia/Manila 1845.
    package static let offGridMidnightDays: [(zone: String, day: String, shape: String)] = [
        ("Europe/Moscow", "1917-07-02", "MMT +2:31:19 → MST +3:31:19 at 20:28:41 UTC: a one-hour gap ending at midnight"),
        ("Europe/Moscow", "1918-06-01", "MMT +2:31:19 → MDST +4:31:19 at 19:28:41 UTC: a two-hour gap ending at midnight"),
        ("Europe/Moscow", "1918-09-16", "MDST +4:31:19 → MST +3:31:19 at 20:28:41 UTC: the hour from midnight repeated"),
    ]
    /// Zones with exactly one change in all of their history and none from their rule
    /// (`only-change`): a reader choosing between a file's one transition and its footer meets
    /// here the case a table of one entry makes (the day before the change is before every
    /// transition). tzdata 2025b has 53 such zones (of `tzdata.zi`'s, counting changes of offset
    /// or DST flag in their TZif files), each's change before 1970 but Antarctica/Rothera's (1976).
    package static let oneChangeZones: [(zone: String, shape: String)] = [
        ("Africa/Abidjan", "LMT −0:16:08 until 1912-01-01 00:16:08 UTC, then GMT (footer GMT0): an offset west of UTC, seconds in it"),
        ("Asia/Dubai", "LMT +3:41:12 until 1919-12-31 20:18:48 UTC, then +04 (footer <+04>-4): an offset east of UTC"),
    ]

    /// The picks of a class the scan does not find by itself: the zones of `fixedZones` and of
    /// `ruleZones` (`fixed-rule`, `posix-rule`: read in `ruleYear`) and the days and zones listed
    /// here; nil for a class the 1970–2037 scan picks.
    static func handListed(_ zoneClass: ZoneClass, next: NextChange) throws(HarnessInputError) -> [ZoneTransition]? {
        switch zoneClass {
        case .fixedRule:
            var fixed: [ZoneTransition] = []
            for entry in fixedZones { fixed.append(try fixedReading(of: entry.zone, next: next)) }
            return fixed
        case .posixRule:
            var rules: [ZoneTransition] = []
            for entry in ruleZones { rules += try ruleTransitions(of: entry.zone, next: next) }
            return rules
        case .offGridMidnight:
            var picked: [ZoneTransition] = []
            for entry in offGridMidnightDays { picked.append(try offGridMidnight(of: entry.zone, on: entry.day, next: next)) }
            return picked
        case .onlyChange:
            var picked: [ZoneTransition] = []
            for entry in oneChangeZones { picked.append(try onlyChange(of: entry.zone, next: next)) }
            return picked
        default:
            return nil
        }
    }

    /// The change of `zone` whose new wall clock is `day`'s local midnight, at an instant off the
    /// whole UTC minutes; an error naming zone and day when there is none.
    static func offGridMidnight(of zone: String, on day: String, next: NextChange = nextChange) throws(HarnessInputError)
        -> ZoneTransition {
        guard let calendarDay = DayString.CalendarDay(day) else {
            throw HarnessInputError(file: "\(zoneinfo)/\(zone)", message: "\(zone) \(day): not a yyyy-MM-dd day")
        }
        let midnight = calendarDay.daysSinceEpoch * 86_400
        let near = try changes(of: zone, from: midnight - 2 * 86_400, before: midnight + 2 * 86_400, next: next)
        guard let found = near.first(where: { $0.at + Int64($0.offsetAfter) == midnight && $0.at % 60 != 0 }) else {
            throw HarnessInputError(file: "\(zoneinfo)/\(zone)",
                                    message: "\(zone) \(day): no change off the whole UTC minutes whose new wall clock is that day's midnight (\(near.count) changes near it): not an off-grid-midnight day")
        }
        return ZoneTransition(zoneClass: .offGridMidnight, zone: zone, at: found.at, offsetBefore: found.offsetBefore,
                              offsetAfter: found.offsetAfter, dstBefore: found.dstBefore, dstAfter: found.dstAfter, day: day)
    }

    /// The one change of `zone` (from the C reference's earliest instant to the end of
    /// `ruleYear`), about the local day just after it; an error naming the zone and the count
    /// when it has another number of changes.
    static func onlyChange(of zone: String, next: NextChange = nextChange) throws(HarnessInputError) -> ZoneTransition {
        let end = DayString.CalendarDay("\(ruleYear + 1)-01-01")!.daysSinceEpoch * 86_400
        let all = try changes(of: zone, from: -1_000_000_000_000 + 1, before: end, next: next)
        guard all.count == 1, let found = all.first else {
            throw HarnessInputError(file: "\(zoneinfo)/\(zone)",
                                    message: "\(zone): \(all.count) changes up to \(ruleYear), not exactly one: not a one-change zone")
        }
        return ZoneTransition(zoneClass: .onlyChange, zone: zone, at: found.at, offsetBefore: found.offsetBefore,
                              offsetAfter: found.offsetAfter, dstBefore: found.dstBefore, dstAfter: found.dstAfter,
                              day: CalendarArithmetic.dayString(ZoneClassifier.floorDiv(found.at + Int64(found.offsetAfter), 86_400)))
    }
}

/// How a zone transition touches the local day (issue 13): the zone dimension's classes.
///
/// A transition may be in several classes (Pacific/Apia 2011 skips a whole day and jumps
/// across the date line); each class picks its own transitions.
package enum ZoneClass: String, CaseIterable, Sendable {
    /// The clocks jump over a whole local day: that day has no instant at all.
    case daySkipped = "day-skipped"
    /// A gap contains a local midnight: that day has no 00:00.
    case midnightSkipped = "midnight-skipped"
    /// A gap that starts *before* a local midnight and ends after it (23:30 → 00:30): Android
    /// reads that midnight with the offset before the gap, which lands later than the gap's end.
    case midnightInsideGap = "midnight-inside-gap"
    /// An overlap contains a local midnight: that day's 00:00 happens twice.
    case midnightRepeated = "midnight-repeated"
    /// An offset before or after is not whole hours (:30 or :45).
    case nonHourOffset = "non-hour-offset"
    /// Into a DST type whose offset is *below* the standard time before it (Europe/Dublin's
    /// winter GMT, Morocco's Ramadan +00, Namibia's winter WAT).
    case negativeDST = "negative-dst"
    /// The offset moves east by 12 hours or more (the zone crosses the date line westward on the map).
    case dateLineEast = "date-line-east"
    /// The offset moves west by 12 hours or more.
    case dateLineWest = "date-line-west"
    /// A change the zone's POSIX TZ rule (its TZif file's footer) makes in `ZoneScan.ruleYear`,
    /// after the file's last listed transition: the reader computes it from the rule, and each
    /// of `ZoneScan.ruleZones` carries a rule shape the others lack (issue 26).
    case posixRule = "posix-rule"
    /// A zone whose rule has no DST, read at the start of `ZoneScan.ruleYear` (not a change: the
    /// offset before and after are the one offset): `ZoneScan.fixedZones`, among them zones whose
    /// TZif files hold no transition at all, only the footer, and names with every character
    /// class a zone name has.
    case fixedRule = "fixed-rule"
    /// A change off the whole UTC minutes whose new wall clock is exactly local midnight, on a
    /// day of `ZoneScan.offGridMidnightDays` (none in 1970–2037: Europe/Moscow 1917–1918).
    case offGridMidnight = "off-grid-midnight"
    /// The only change of a zone that has exactly one (`ZoneScan.oneChangeZones`, each's change
    /// before 1970): the day before it is before the zone's one transition.
    case onlyChange = "only-change"

    /// The operator word of its cases: `zone.midnight-skipped`.
    package var operatorId: String { "zone.\(rawValue)" }
}

/// One transition picked for the zone dimension: what `golden/zones/transitions.json`
/// records per line, and what the zone-day cases are built from.
package struct ZoneTransition: Equatable, Sendable {
    package var zoneClass: ZoneClass
    package var zone: String
    /// The instant of the change, seconds since the epoch.
    package var at: Int64
    package var offsetBefore: Int32
    package var offsetAfter: Int32
    package var dstBefore: Bool
    package var dstAfter: Bool
    /// The local day the change is about (`yyyy-MM-dd`): the skipped or repeated midnight's
    /// day, the skipped day, else the local date just after the change.
    package var day: String

    package init(zoneClass: ZoneClass, zone: String, at: Int64, offsetBefore: Int32, offsetAfter: Int32,
                dstBefore: Bool, dstAfter: Bool, day: String) {
        self.zoneClass = zoneClass
        self.zone = zone
        self.at = at
        self.offsetBefore = offsetBefore
        self.offsetAfter = offsetAfter
        self.dstBefore = dstBefore
        self.dstAfter = dstAfter
        self.day = day
    }
}

import ContractModel
import HarnessReaders
import WidgetSnapshot

/// Whether a blob carries the *cause* of each departure of CONTRACT.md §5, read from the
/// blob alone (no views): what `fuzz --writer` asks of every blob the writer makes, to say
/// which departures the real writer reaches and with which state. The views' side of each
/// departure (`DeclaredDepartures.holds`) then only shows when a reader reads that blob.
///
/// - D1: an escaped lone surrogate (`\udxxx` not half of a pair);
/// - D2, D3, D5, D6: the blob is not JSON for us (lenient syntax, bytes that are not UTF-8,
///   nesting past 2048, a number that overflows a double);
/// - D4: `dayStr` shaped `yyyy-MM-dd` but outside the writer's calendar (a year of five or
///   more digits, year 0000, or before 1582-10-15): an outdated header shows it;
/// - D7: a task's `id` or `title` given as a JSON number with a fraction or exponent (a
///   double coerced to text);
/// - D8: `dayStr` a real day from 1582-10-15 to 1900-01-01 (JDK 17's zone reading).
package enum DepartureCause {
    package static func causes(_ blob: [UInt8]) -> Set<ContractDeparture> {
        causes(blob, parsed: try? JSONParser().parse(blob))
    }

    /// The same, for a blob already parsed (`parsed` nil when it is not JSON for us).
    package static func causes(_ blob: [UInt8], parsed: JSONValue?) -> Set<ContractDeparture> {
        guard let parsed else {
            var facts = DeclaredDepartures.CaseFacts()
            return facts.notJSON(blob).map { [$0] } ?? []
        }
        var found: Set<ContractDeparture> = []
        if DeclaredDepartures.hasLoneSurrogateEscape(blob) { found.insert(.d1) }
        guard case .object(let object) = parsed else { return found }
        if case .string(let day)? = object["dayStr"] {
            if isOutsideWriterCalendar(day.string) { found.insert(.d4) }
            if isRealDayUpTo1900(day.string) { found.insert(.d8) }
        }
        if hasDoubleText(object) { found.insert(.d7) }
        return found
    }

    /// D4's day text (as `DeclaredDepartures.isDayOutsideCalendar` reads both views' `dayStr`).
    static func isOutsideWriterCalendar(_ day: String) -> Bool {
        let parts = day.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigitCharacter) }),
              parts[0].count >= 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let dayOfMonth = Int(parts[2]) else { return false }
        if parts[0].count > 4 || year == 0 { return true }
        return (year, month, dayOfMonth) < (1582, 10, 15)
    }

    static func isRealDayUpTo1900(_ text: String) -> Bool {
        guard let day = DayString.CalendarDay(text), let first = DayString.CalendarDay("1582-10-15"),
              let last = DayString.CalendarDay("1900-01-01") else { return false }
        return (first.daysSinceEpoch...last.daysSinceEpoch).contains(day.daysSinceEpoch)
    }

    /// A double where a text is read: a task's id or title, top level or in `projects`.
    static func hasDoubleText(_ object: JSONObject) -> Bool {
        func rows(_ value: JSONValue?) -> [JSONObject] {
            guard case .array(let items)? = value else { return [] }
            return items.compactMap { if case .object(let row) = $0 { return row } else { return nil } }
        }
        var all = rows(object["tasks"])
        for project in rows(object["projects"]) { all += rows(project["tasks"]) }
        return all.contains { row in
            [row["id"], row["title"]].contains { if case .double? = $0 { return true } else { return false } }
        }
    }
}

private extension Character {
    var isASCIIDigitCharacter: Bool { isASCII && isNumber }
}

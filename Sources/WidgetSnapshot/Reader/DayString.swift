import Foundation

/// `dayStr` → the first instant of that local day, the one calendar rule a reader needs
/// (for the "outdated since …" header). Strict `YYYY-MM-DD`, proleptic Gregorian, ASCII
/// digits only, in the zone it is given — never the device's zone, calendar or locale.
package enum DayString {
    /// A day in the proleptic Gregorian calendar, validated.
    package struct CalendarDay: Equatable, Sendable {
        package var year: Int
        package var month: Int
        package var day: Int

        /// Parses exactly `YYYY-MM-DD` (10 ASCII bytes, year 0001–9999) naming a real day;
        /// nil otherwise (`2026-02-30`, `2026-7-17`, `2026-07-17garbage`, non-ASCII digits).
        package init?(_ text: String) {
            let parsed = text.utf8.withContiguousStorageIfAvailable(Self.fields) ?? Array(text.utf8).withUnsafeBufferPointer(Self.fields)
            guard let (year, month, day) = parsed else { return nil }
            self.year = year
            self.month = month
            self.day = day
        }

        /// Year, month and day of exactly `YYYY-MM-DD` naming a real day, or nil.
        private static func fields(_ bytes: UnsafeBufferPointer<UInt8>) -> (Int, Int, Int)? {
            guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
            func number(_ range: Range<Int>) -> Int? {
                var value = 0
                for index in range {
                    let digit = Int(bytes[index]) - Int(UInt8(ascii: "0"))
                    guard digit >= 0 && digit <= 9 else { return nil }
                    value = value * 10 + digit
                }
                return value
            }
            guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
            guard year >= 1, (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year) else { return nil }
            return (year, month, day)
        }

        static func daysIn(month: Int, year: Int) -> Int {
            switch month {
            case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
            case 4, 6, 9, 11: return 30
            default: return 31
            }
        }

        /// The day `days` after 1970-01-01 (proleptic Gregorian; H. Hinnant's civil_from_days):
        /// the other way from `daysSinceEpoch`.
        package init(daysSinceEpoch days: Int64) {
            let z = days + 719_468
            let era = (z >= 0 ? z : z - 146_096) / 146_097
            let dayOfEra = z - era * 146_097
            let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
            let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
            let mp = (5 * dayOfYear + 2) / 153
            let month = mp < 10 ? mp + 3 : mp - 9
            self.year = Int(yearOfEra + era * 400 + (month <= 2 ? 1 : 0))
            self.month = Int(month)
            self.day = Int(dayOfYear - (153 * mp + 2) / 5 + 1)
        }

        /// Days since 1970-01-01 (proleptic Gregorian; H. Hinnant's days_from_civil).
        package var daysSinceEpoch: Int64 {
            let y = Int64(month <= 2 ? year - 1 : year)
            let era = (y >= 0 ? y : y - 399) / 400
            let yearOfEra = y - era * 400
            let m = Int64(month)
            let dayOfYear = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + Int64(day) - 1
            let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
            return era * 146097 + dayOfEra - 719468
        }
    }

    /// Epoch ms of the instant Android reads for `dayStr`'s local midnight in `timeZone`
    /// (CONTRACT §4): that midnight; the later one when it happens twice; in a gap,
    /// midnight read with the offset before the gap (the gap's end when it starts at
    /// midnight). Nil when the text is not a day, or the zone skips the day whole.
    package static func startOfDayMs(_ dayStr: String, timeZone: TimeZone) -> Int64? {
        guard let day = CalendarDay(dayStr) else { return nil }
        let days = day.daysSinceEpoch
        let seconds = DayStartCache.shared.seconds(days: days, timeZone: timeZone) {
            startOfDaySeconds(days, timeZone: timeZone) ?? DayStartCache.noInstant
        }
        return seconds == DayStartCache.noInstant ? nil : seconds * 1000
    }

    /// Android's rule (GregorianCalendar over the JDK's ZoneInfo, as `SimpleDateFormat.parse`
    /// runs it): local midnight L is read with the offset in force after the last transition
    /// whose new wall clock (its instant + the offset after it) is at or before L, else the
    /// offset before the first; the instant is L − offset, and it counts only when its local
    /// date is the day.
    static func startOfDaySeconds(_ days: Int64, timeZone: TimeZone) -> Int64? {
        let midnight = days * 86_400
        func offset(_ seconds: Int64) -> Int64 {
            Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds))))
        }
        func localDays(_ seconds: Int64) -> Int64 {
            let local = seconds + offset(seconds)
            return local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        }
        // Every instant that can read as L lies within 26 h of it; transitions before the
        // window are summed up in the offset at its start.
        let reach: Int64 = 27 * 3600
        let first = offset(midnight - reach)
        // Fast path: the usual day, no offset change anywhere near it.
        if offset(midnight + reach) == first && offset(midnight - first) == first && offset(midnight) == first {
            return midnight - first
        }
        // Offset changes in the window: hourly samples, each change bisected to the second.
        var chosen = first
        var before = first
        var at = midnight - reach
        while at < midnight + reach {
            let step = min(3600, midnight + reach - at)
            let after = offset(at + step)
            if after != before {
                var low = at, high = at + step  // offset(low) == before, offset(high) != before
                while high - low > 1 {
                    let middle = low + (high - low) / 2
                    if offset(middle) == before { low = middle } else { high = middle }
                }
                let changed = offset(high)
                if high + changed <= midnight { chosen = changed }
                before = changed
                at = high
                continue
            }
            at += step
        }
        let instant = midnight - chosen
        return localDays(instant) == days ? instant : nil
    }
}

/// `dayStr` spellings: `dayStrToMs` must accept exactly a real `yyyy-MM-dd` day (ASCII
/// digits, proleptic Gregorian, years 0001–9999) and nothing that merely starts like one.
/// Each parameter sets `dayStr` to exactly the text shown (its name, when path-safe).
enum DateMutations {
    private static func setDayStr(_ id: String, _ summary: String, _ texts: [(String, String)]) -> MutationOperator {
        .edit(id, .dates, summary, texts) { draft, _, text in draft.replace("dayStr", with: .string(text)) }
    }

    /// Parameters named by their own text.
    private static func literal(_ texts: [String]) -> [(String, String)] { texts.map { ($0, $0) } }

    static let all: [MutationOperator] = [
        setDayStr("dates.impossible-day", "a day that does not exist (must not roll over)",
                  literal(["2026-02-30", "2026-02-29", "2026-04-31", "2026-13-01", "2026-07-00", "2026-00-17",
                           // 30 February of a leap year: a leap February of 30 days lets it through
                           "2024-02-30",
                           // a 32nd (a month of 32 days lets it through)
                           "2026-01-32"])),
        setDayStr("dates.real-day", "another real day, incl. leap, DST, gap and calendar-edge days",
                  literal(["2024-02-29", "2026-07-16", "2026-03-29", "2026-11-01", "2018-11-04", "1970-01-01",
                           "1582-10-10", "0001-01-01", "9999-12-31",
                           // Past 2037, where zone files' tables end and their POSIX rule takes over: a
                           // summer day (and 1 July, day 122 of a year counted from March, where a
                           // days-to-date conversion that rounds the month one off reads 31 June) and a day
                           // in the week after Berlin's clocks go forward on 25 March, which a rule one
                           // weekday off moves to the 31st (holes generated mutants found)
                           "2040-07-01", "2040-03-28",
                           // The first days of a 400-year era (2000-03-01) and of its second century
                           // (2100-03-01), where the days-from-date and date-from-days divisions one off
                           // give another day (holes generated mutants found; checked over every day
                           // of 0001-9999 against a port of the two conversions)
                           "2000-03-01", "2100-03-01",
                           // the last day of a common February (a length one short refuses it)
                           "2026-02-28",
                           // The day Berlin's clocks go back in 2039, read through the zone file's POSIX
                           // rule (last Sunday of October): 1 October 2039 is a Saturday, where a rule's
                           // weekday arithmetic one off takes Saturday the 29th (holes generated mutants
                           // found)
                           "2039-10-30",
                           // The day Berlin's clocks go back in 9999 (its POSIX rule): a day past 2206-07
                           // (86,399 days after 1970) on the slow path, where the local-date check that
                           // divides by 86,399 reads another day (holes2 generated mutants found)
                           "9999-10-31"])),
        setDayStr("dates.malformed", "text that is not exactly yyyy-MM-dd", [
            ("2026-7-17", "2026-7-17"),
            ("2026-07-17garbage", "2026-07-17garbage"),
            ("padded", " 2026-07-17"),
            ("trailing-space", "2026-07-17 "),
            ("empty", ""),
            ("iso-datetime", "2026-07-17T00:00:00Z"),
            ("slashes", "2026/07/17"),
            ("plus-year", "+2026-07-17"),
            // a non-digit in the first and in the last digit place, one a reader that skips that place
            // would read as year 10026 and day 10 (holes generated mutants found)
            ("colon-first", ":026-07-17"),
            ("colon-last", "2026-07-0:"),
            // meta.dayStr is the text as given: a reader that normalises it (NFD) shows other code points
            ("precomposed-letter", "2026-07-17 \u{E9}t\u{E9}"),
            // one separator wrong (either), and ':' (one past '9') for a digit (holes generated mutants found)
            ("first-separator-slash", "2026/07-17"), ("second-separator-slash", "2026-07/17"), ("colon-digit", "2026-07-1:"),
        ]),
        setDayStr("dates.year-range", "years outside 0001-9999", literal(["0000-01-01", "10000-01-01"])),
        setDayStr("dates.non-ascii-digits", "the right shape in non-ASCII digits or dashes", [
            ("arabic-indic", "\u{662}\u{660}\u{662}\u{666}-\u{660}\u{667}-\u{661}\u{667}"),
            ("fullwidth", "\u{FF12}\u{FF10}\u{FF12}\u{FF16}-\u{FF10}\u{FF17}-\u{FF11}\u{FF17}"),
            ("devanagari", "\u{968}\u{966}\u{968}\u{96C}-\u{966}\u{96D}-\u{967}\u{96D}"),
            ("fullwidth-hyphen", "2026\u{FF0D}07\u{FF0D}17"),
        ]),
        // The Gregorian century rule: 1900 and 2100 are not leap years, 2000 is (a Julian
        // every-fourth-year rule accepts all three; adequacy mutants s-leap, c-leap).
        setDayStr("dates.century-leap-day", "29 February of a century year: only 2000 is a leap year",
                  literal(["1900-02-29", "2100-02-29", "2000-02-29"])),
        // Days before a zone's first transition (local mean time, LMT) and around the JDK's
        // 1900 cut (CONTRACT §4, D8): the first Gregorian day, the 1800s, the days LMT ended
        // in Los Angeles (1883-11-18, at noon), Berlin (1893-04-01, midnight skipped by
        // 6 min 32 s) and São Paulo (1914-01-01), and 1899-12-31 to 1900-01-02.
        setDayStr("dates.before-1900", "a real day before the zone's first transition (LMT) or around 1900-01-01",
                  literal(["1582-10-15", "1800-01-01", "1883-11-18", "1883-11-19", "1893-04-01", "1899-12-31",
                           "1900-01-01", "1900-01-02", "1914-01-01"])),
    ]
}

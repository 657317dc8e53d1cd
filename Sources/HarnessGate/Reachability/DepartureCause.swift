import ContractModel
import HarnessReaders
import WidgetSnapshot

/// Whether a blob carries the *cause* of each departure of CONTRACT.md §5, read from the
/// blob alone (no views): what `fuzz states` asks of every blob the writer makes, to say
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
        causes(blob, tape: blob.withUnsafeBufferPointer { try? JSONTape($0) })
    }

    /// The same, for a blob already recorded as a tape (`tape` nil when it is not JSON for us:
    /// the tape's grammar is `JSONParser`'s). Read on the tape, without building a tree.
    package static func causes(_ blob: [UInt8], tape: JSONTape?) -> Set<ContractDeparture> {
        guard let tape else {
            var facts = DeclaredDepartures.CaseFacts()
            return facts.notJSON(blob).map { [$0] } ?? []
        }
        var found: Set<ContractDeparture> = []
        if DeclaredDepartures.hasLoneSurrogateEscape(blob) { found.insert(.d1) }
        blob.withUnsafeBufferPointer { bytes in
            tape.withEntries { entries in
                let blob = JSONTapeReader(bytes: bytes, entries: entries)
                guard blob.kind(0) == .object else { return }
                if let day = member(of: 0, "dayStr", in: blob), blob.kind(day) == .string {
                    let text = String(decoding: blob.decodedText(day), as: UTF8.self)
                    if isOutsideWriterCalendar(text) { found.insert(.d4) }
                    if isRealDayUpTo1900(text) { found.insert(.d8) }
                }
                if hasDoubleText(blob) { found.insert(.d7) }
            }
        }
        return found
    }

    /// D4's day text (as `DeclaredDepartures.isDayOutsideCalendar` reads both views' `dayStr`).
    /// Read byte by byte: three `-`-separated runs of ASCII digits (the first of four or more,
    /// the others of two) — what splitting the `String` on `-` and testing each `Character`
    /// found, at a tenth of the cost (a `-` that a combining mark joins makes a non-digit run either way).
    static func isOutsideWriterCalendar(_ day: String) -> Bool {
        let parts = day.utf8.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } }),
              parts[0].count >= 4, parts[1].count == 2, parts[2].count == 2,
              let year = number(parts[0]), let month = number(parts[1]), let dayOfMonth = number(parts[2]) else { return false }
        if parts[0].count > 4 || year == 0 { return true }
        return (year, month, dayOfMonth) < (1582, 10, 15)
    }

    /// ASCII digits as an `Int`, nil past `Int.max` (as `Int(_:)` of their text).
    private static func number(_ digits: Substring.UTF8View.SubSequence) -> Int? {
        var value = 0
        for digit in digits {
            let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) = times.addingReportingOverflow(Int(digit - UInt8(ascii: "0")))
            guard !overflowTimes, !overflowSum else { return nil }
            value = sum
        }
        return value
    }

    private static let firstJDKDay = DayString.CalendarDay("1582-10-15")!.daysSinceEpoch
    private static let lastJDKDay = DayString.CalendarDay("1900-01-01")!.daysSinceEpoch

    static func isRealDayUpTo1900(_ text: String) -> Bool {
        guard let day = DayString.CalendarDay(text) else { return false }
        return (firstJDKDay...lastJDKDay).contains(day.daysSinceEpoch)
    }

    /// A double where a text is read: a task's id or title, top level or in `projects`.
    static func hasDoubleText(_ blob: JSONTapeReader) -> Bool {
        func isDouble(_ value: Int?) -> Bool { value.map { blob.kind($0) == .double } ?? false }
        func anyRow(_ list: Int?, _ test: (Int) -> Bool) -> Bool {
            guard let list, blob.kind(list) == .array else { return false }
            var item = list + 1
            while item < blob.after(list) {
                if blob.kind(item) == .object, test(item) { return true }
                item = blob.after(item)
            }
            return false
        }
        let doubleText = { (row: Int) in isDouble(member(of: row, "id", in: blob)) || isDouble(member(of: row, "title", in: blob)) }
        return anyRow(member(of: 0, "tasks", in: blob), doubleText)
            || anyRow(member(of: 0, "projects", in: blob)) { anyRow(member(of: $0, "tasks", in: blob), doubleText) }
    }

    /// The value of the object's member `name` (the last, as `JSONObject`'s subscript), nil without one.
    private static func member(of object: Int, _ name: StaticString, in blob: JSONTapeReader) -> Int? {
        name.withUTF8Buffer { blob.member(of: object, named: $0) }
    }
}

import ContractModel
import Foundation
import HarnessReaders
import WidgetSnapshot

extension ContractDeparture {
    /// The class the fuzzer reports it under: D2, D3, D5 and D6 all make a blob that is not
    /// JSON for us, and every field may differ then.
    package var kind: DeclaredDepartures.Departure {
        switch self {
        case .d1: return .loneSurrogate
        case .d2, .d3, .d5, .d6: return .notJSON
        case .d4: return .dayOutsideCalendar
        case .d7: return .doubleText
        case .d8: return .jdkBefore1900
        }
    }
}

/// CONTRACT.md §5's deliberate departures from the Android end and its JDK 17 host (D1–D8) as predicates over a
/// case and the two views, so that fuzzing an org.json reader (the Kotlin end) against the C
/// reference reports only differences nobody declared, and the gate refuses a list entry
/// that excuses a difference its departure does not cause.
///
/// Each predicate is as narrow as the departure's text: it excuses one differing field, and
/// only when the case shows the departure's cause (a blob that is not JSON for us, an escaped
/// lone surrogate the other side kept, a day outside the writer's calendar, a double printed
/// by JDK 17, a day up to 1900 read by JDK 17's zone data). Anything else stays a finding.
package struct DeclaredDepartures: Sendable {
    /// Which class of departure excused a difference (what the fuzzer counts).
    package enum Departure: String, CaseIterable, Sendable {
        case loneSurrogate = "D1"
        case notJSON = "D2/D3/D5/D6"
        case dayOutsideCalendar = "D4"
        case doubleText = "D7"
        case jdkBefore1900 = "D8"
    }

    /// The departures this reader has (its roster entry's); a difference only these excuse.
    package let declared: [ContractDeparture]

    package init(_ declared: [ContractDeparture] = ContractDeparture.allCases) { self.declared = declared }

    /// Why `difference` between the reference's `expected` and the org.json reader's `got`
    /// is declared, or nil when it is not: the first departure whose cause the case shows.
    package func excuse(_ difference: FieldDifference, in testCase: Case, expected: ReaderOutcome, got: ReaderOutcome,
                       facts: inout CaseFacts) -> Departure? {
        // D2, D3, D5, D6 first: on a blob that is not JSON for us every field may differ.
        if case .view(let want) = expected, case .error = want.parse, let why = facts.notJSON(testCase.blob), declared.contains(why) {
            return .notJSON
        }
        for departure in [ContractDeparture.d1, .d4, .d7, .d8]
        where declared.contains(departure) && holds(departure, for: difference, in: testCase, expected: expected, got: got, facts: &facts) {
            return departure.kind
        }
        return nil
    }

    /// Whether the case shows `departure`'s cause for this difference: its statement in
    /// CONTRACT.md §5 as code. D2, D3, D5 and D6 tell apart why the blob is not JSON for us.
    package func holds(_ departure: ContractDeparture, for difference: FieldDifference, in testCase: Case,
                      expected: ReaderOutcome, got: ReaderOutcome, facts: inout CaseFacts) -> Bool {
        switch departure {
        case .d2, .d3, .d5, .d6:
            // Swift and C reject every blob that is not RFC 8259 JSON within our limits;
            // Android's lenient parser may read it. Every field may differ then.
            guard case .view(let want) = expected, case .error = want.parse else { return false }
            return facts.notJSON(testCase.blob) == departure
        default:
            break
        }
        guard case .view(let want) = expected, case .view(let have) = got else { return false }
        let texts = Self.texts(difference.path, want, have)
        switch departure {
        case .d1:
            // A kept lone surrogate is written `\udxxx`; ours is U+FFFD. A colour looked up by
            // such an id may differ too.
            // (A text a later revision adds, `projects[].title`, by its quoted sides, as D7 reads them.)
            guard let (mine, theirs) = texts ?? Self.quotedTexts(difference), facts.hasLoneSurrogateEscape(testCase.blob) else { return false }
            if let theirs, let mine, Self.isKeptSurrogateReading(mine: mine, theirs: theirs) { return true }
            return difference.path.name == .taskProjectColor
        case .d4:
            let isHeader = difference.path.name == .headerDayMs || difference.path.name == .headerKind
                || difference.path.name == Self.displayHeaderDay
            return texts == nil && isHeader && Self.isDayOutsideCalendar(want, have)
        case .d7:
            // JDK 17's Double.toString is not always the shortest form: the same doubles.
            guard let (mine, theirs) = texts ?? Self.quotedTexts(difference), let mine, let theirs else { return false }
            return Self.sameDoubles(mine, theirs)
        case .d8:
            // JDK 17 reads a day up to 1900-01-01 with the zone's standard offset of today.
            return texts == nil && difference.path.name == .headerDayMs
                && Self.isJDKStandardOffsetBefore1900(want, have, zone: testCase.timeZone)
        case .d2, .d3, .d5, .d6:
            return false
        }
    }

    /// What is worth computing once per case, and only when some field differs.
    package struct CaseFacts: Sendable {
        private var notJSON: ContractDeparture??
        private var loneSurrogate: Bool?

        package init() {}

        /// Why the blob is not JSON for us, or nil when it is: D3 bytes that are not UTF-8,
        /// D5 nesting past our limit, D6 a number that overflows a double, D2 the rest
        /// (org.json's lenient syntax).
        package mutating func notJSON(_ blob: [UInt8]) -> ContractDeparture? {
            if let notJSON { return notJSON }
            let answer: ContractDeparture?
            do {
                _ = try JSONParser().parse(blob)
                answer = nil
            } catch {
                if String(validating: blob, as: UTF8.self) == nil {
                    answer = .d3
                } else if error.message.hasPrefix("nesting deeper than") {
                    answer = .d5
                } else if error.message.hasPrefix("number out of range") {
                    answer = .d6
                } else {
                    answer = .d2
                }
            }
            notJSON = .some(answer)
            return answer
        }

        mutating func hasLoneSurrogateEscape(_ blob: [UInt8]) -> Bool {
            if let loneSurrogate { return loneSurrogate }
            let answer = DeclaredDepartures.hasLoneSurrogateEscape(blob)
            loneSurrogate = answer
            return answer
        }
    }

    /// The two sides of a text field (`parse.tasks[i].id|title|projectColor`, `meta.dayStr`),
    /// or nil when `path` is not one.
    static func texts(_ path: FieldPath, _ want: DecodedView, _ have: DecodedView) -> (String?, String?)? {
        if path.name == .dayStr { return (want.meta.dayStr, have.meta.dayStr) }
        if let member = displayRowTexts[path.name], let row = path.row {
            // A row on screen shows the parsed row's id and title (CONTRACT.md §9.3): the same causes.
            return (displayRowText(want, row: row, member: member), displayRowText(have, row: row, member: member))
        }
        guard let row = path.row, case .tasks(let mine) = want.parse, case .tasks(let theirs) = have.parse,
              row < mine.count, row < theirs.count else { return nil }
        switch path.name {
        case .taskId: return (mine[row].id, theirs[row].id)
        case .taskTitle: return (mine[row].title, theirs[row].title)
        case .taskProjectColor: return (mine[row].projectColor, theirs[row].projectColor)
        default: return nil
        }
    }

    /// A text field a later revision adds (`currentTask.id`, `projects[].title`, `projectTitle`),
    /// from its difference: both sides are JSON strings there. Nil when either side is not one.
    static func quotedTexts(_ difference: FieldDifference) -> (String?, String?)? {
        guard case .string(let mine)? = try? JSONParser().parse(Array(difference.expected.utf8)),
              case .string(let theirs)? = try? JSONParser().parse(Array(difference.got.utf8)) else { return nil }
        return (mine.string, theirs.string)
    }

    /// The display's row texts (CONTRACT.md §9) by field name, with their member's name.
    static let displayRowTexts: [FieldPath.Name: String] = Dictionary(uniqueKeysWithValues: ["id", "title"].compactMap { member in
        FieldPath.Name(rawValue: "display.rows[].\(member)").map { ($0, member) }
    })
    static let displayHeaderDay = FieldPath.Name(rawValue: "display.header.day")

    /// The text of member `member` of row `row` of the view's display, nil when there is none.
    static func displayRowText(_ view: DecodedView, row: Int, member: String) -> String? {
        let description = ContractDescription.current
        guard case .object(let display)? = view.added["display"],
              let rowsAt = description.objectMembers(at: "display")?.firstIndex(where: { $0.name == "rows" }),
              rowsAt < display.count, case .list(let rows) = display[rowsAt], row < rows.count, case .object(let values) = rows[row],
              let at = description.objectMembers(at: "display.rows[]")?.firstIndex(where: { $0.name == member }), at < values.count,
              case .text(let text) = values[at] else { return nil }
        return text
    }

    /// D4: both outdated on the same day string, whose year has five or more digits, is
    /// 0000, or whose date falls before 1582-10-15 (SimpleDateFormat's Julian calendar).
    static func isDayOutsideCalendar(_ want: DecodedView, _ have: DecodedView) -> Bool {
        guard case .outdated = want.header, case .outdated = have.header,
              let day = want.meta.dayStr, day == have.meta.dayStr else { return false }
        return DepartureCause.isOutsideWriterCalendar(day)
    }

    /// D8: both outdated on the same real day from 1582-10-15 to 1900-01-01, and the other
    /// side's instant is that day's midnight read with the zone's standard offset of today
    /// (JDK 17's `ZoneInfo` keeps no transition before 1900-01-01T00:00Z and reads earlier
    /// wall clocks with its raw offset). Ours may be any instant or none (a day the zone's
    /// early history skips): the predicate names the JDK's cause, not our reading.
    static func isJDKStandardOffsetBefore1900(_ want: DecodedView, _ have: DecodedView, zone: String) -> Bool {
        guard case .outdated = want.header, case .outdated(let theirs?) = have.header,
              let text = want.meta.dayStr, text == have.meta.dayStr, let day = DayString.CalendarDay(text),
              let first = DayString.CalendarDay("1582-10-15"), let last = DayString.CalendarDay("1900-01-01"),
              (first.daysSinceEpoch...last.daysSinceEpoch).contains(day.daysSinceEpoch),
              let timeZone = TimeZone(identifier: zone) else { return false }
        let midnight = day.daysSinceEpoch * 86_400_000
        return standardOffsetsToday(timeZone).contains { midnight - Int64($0) * 1000 == theirs }
    }

    /// The zone's standard (non-DST) offsets in seconds in January and July 2026: what the
    /// JDK calls its raw offset, whichever half of the year holds standard time.
    private static func standardOffsetsToday(_ zone: TimeZone) -> Set<Int> {
        let instants = [1_768_435_200.0, 1_784_073_600.0]  // 2026-01-15, 2026-07-15 00:00Z
        return Set(instants.map { seconds in
            let date = Date(timeIntervalSince1970: seconds)
            return zone.secondsFromGMT(for: date) - Int(zone.daylightSavingTimeOffset(for: date))
        })
    }

    /// True when the blob has a `\uD800`–`\uDFFF` escape that is not half of a proper pair.
    package static func hasLoneSurrogateEscape(_ blob: [UInt8]) -> Bool {
        func unit(at index: Int) -> UInt16? {
            guard index + 6 <= blob.count, blob[index] == UInt8(ascii: "\\"), blob[index + 1] == UInt8(ascii: "u") else { return nil }
            var value: UInt16 = 0
            for byte in blob[(index + 2)..<(index + 6)] {
                guard let digit = hexValue(byte) else { return nil }
                value = value << 4 | UInt16(digit)
            }
            return value
        }
        var index = 0
        while index < blob.count {
            guard blob[index] == UInt8(ascii: "\\") else { index += 1; continue }
            guard let first = unit(at: index) else { index += 2; continue }
            switch first {
            case 0xD800...0xDBFF:
                if let second = unit(at: index + 6), (0xDC00...0xDFFF).contains(second) { index += 12; continue }
                return true
            case 0xDC00...0xDFFF:
                return true
            default:
                index += 6
            }
        }
        return false
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// D1 exactly: `theirs` is `mine` with some U+FFFD written as `\udxxx` escape text (how
    /// the canonical line reader holds a lone surrogate a reader kept), and nothing else.
    ///
    /// In memory `\udxxx` in `theirs` is either a kept surrogate or literal text (a blob's
    /// `\\udxxx`); `mine` tells which: U+FFFD there means a kept surrogate, a backslash means
    /// literal text to compare character by character. The two cannot both hold at one place,
    /// so one left-to-right walk decides (`\ud80d` literal then a kept `\ude00` is D1 against
    /// `\ud80d` + U+FFFD; replacing every escape first would call it a finding).
    static func isKeptSurrogateReading(mine: String, theirs: String) -> Bool {
        let mine = Array(mine.unicodeScalars), theirs = Array(theirs.unicodeScalars)
        var m = 0, t = 0
        while m < mine.count, t < theirs.count {
            if mine[m] == "\u{FFFD}", isSurrogateEscape(theirs, at: t) {
                m += 1
                t += 6
            } else if mine[m] == theirs[t] {
                m += 1
                t += 1
            } else {
                return false
            }
        }
        return m == mine.count && t == theirs.count
    }

    /// `\u` then `d`/`D`, one of `89a-fA-F`, and two hex digits at `index`.
    private static func isSurrogateEscape(_ text: [Unicode.Scalar], at index: Int) -> Bool {
        guard index + 6 <= text.count, text[index] == "\\", text[index + 1] == "u",
              text[index + 2] == "d" || text[index + 2] == "D" else { return false }
        return "89abcdefABCDEF".unicodeScalars.contains(text[index + 3])
            && text[(index + 3)..<(index + 6)].allSatisfy { $0.properties.isASCIIHexDigit }
    }

    /// The same text around numbers in Java's double notation that are the same doubles
    /// (`9.999999999999999E22` and `1.0E23`).
    static func sameDoubles(_ mine: String, _ theirs: String) -> Bool {
        let pattern = #"-?[0-9]+\.[0-9]+(E-?[0-9]+)?"#
        func split(_ text: String) -> (rest: [String], numbers: [Double])? {
            var rest: [String] = []
            var numbers: [Double] = []
            var cursor = text.startIndex
            while let range = text.range(of: pattern, options: .regularExpression, range: cursor..<text.endIndex) {
                rest.append(String(text[cursor..<range.lowerBound]))
                guard let value = Double(text[range]) else { return nil }
                numbers.append(value)
                cursor = range.upperBound
            }
            rest.append(String(text[cursor...]))
            return (rest, numbers)
        }
        guard let a = split(mine), let b = split(theirs), !a.numbers.isEmpty else { return false }
        return a.rest == b.rest && a.numbers == b.numbers
    }
}

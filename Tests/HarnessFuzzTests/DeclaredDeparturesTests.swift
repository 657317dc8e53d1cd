@testable import HarnessFuzz
import ContractModel
@testable import HarnessGate
import WidgetSnapshot
import XCTest

/// Each declared departure (CONTRACT.md §5) excuses exactly its own cause, and the same
/// difference without that cause stays a finding.
final class DeclaredDeparturesTests: XCTestCase {
    private func view(_ rows: [WidgetTaskRow]?, dayStr: String? = nil, header: WidgetHeader = .today) -> DecodedView {
        DecodedView(id: "x", parse: rows.map { .tasks($0) } ?? .error("e"), meta: SnapshotMeta(dayStr: dayStr, validUntil: nil),
                    stale: header != .today, header: header)
    }

    private func row(title: String, color: String? = nil) -> WidgetTaskRow {
        WidgetTaskRow(id: "t", title: title, isDone: false, projectColor: color)
    }

    private func first(_ blob: String, _ expected: DecodedView, _ got: DecodedView) -> (String?, String?) {
        let testCase = Case(id: "x", blob: Array(blob.utf8), nowMs: 0, timeZone: "Europe/Berlin")
        let judged = Disagreement.between(reference: "c", expected: .view(expected), reader: "kotlin",
                                          got: .view(got), testCase: testCase, departures: DeclaredDepartures())
        return (judged.disagreement?.signature, judged.disagreement == nil ? judged.excused?.rawValue : nil)
    }

    func testNonJSONInputExcusesEveryField() {
        let kotlinReadsIt = view([row(title: "a")])
        XCTAssertEqual(first(#"{"v":1,"tasks":[{"id":"t","title":"a",}]} // comment"#, view(nil), kotlinReadsIt).1, "D2/D3/D5/D6")
        // Valid JSON that C refuses (a task that is not an object) is no departure.
        XCTAssertEqual(first(#"{"v":1,"tasks":[1]}"#, view(nil), kotlinReadsIt).0, "c/kotlin parse")
    }

    func testALoneSurrogateKeptAsEscapeTextIsD1() {
        let blob = #"{"v":1,"tasks":[{"id":"t","title":"a\ud800b"}]}"#
        XCTAssertEqual(first(blob, view([row(title: "a\u{FFFD}b")]), view([row(title: #"a\ud800b"#)])).1, "D1")
        // A proper pair is no excuse; nor is a different title.
        let pair = #"{"v":1,"tasks":[{"id":"t","title":"a\ud83d\ude00b"}]}"#
        XCTAssertEqual(first(pair, view([row(title: "a😀b")]), view([row(title: #"a\ud83d\ude00b"#)])).0, "c/kotlin parse.tasks[].title")
        XCTAssertEqual(first(blob, view([row(title: "a\u{FFFD}b")]), view([row(title: "ab")])).0, "c/kotlin parse.tasks[].title")
    }

    /// Fuzz finding 20261130-491631: the title is the literal text `\ud80d` then a lone low
    /// surrogate. C writes `\ud80d` + U+FFFD; Kotlin keeps the surrogate, so in memory its title
    /// is `\ud80d\ude00` (escape text for both). Only the second escape is a kept surrogate.
    func testLiteralEscapeTextBeforeAKeptSurrogateIsD1() {
        let blob = #"{"v":1,"tasks":[{"id":"","title":"\\ud80d\ude00"}]}"#
        let c = view([row(title: #"\ud80d"# + "\u{FFFD}")])
        XCTAssertEqual(first(blob, c, view([row(title: #"\ud80d\ude00"#)])).1, "D1")
        // Literal text lost or added is no departure.
        XCTAssertEqual(first(blob, c, view([row(title: #"\ude00"#)])).0, "c/kotlin parse.tasks[].title")
        XCTAssertEqual(first(blob, c, view([row(title: #"\ud80d\ude00x"#)])).0, "c/kotlin parse.tasks[].title")
    }

    func testTheD1WalkTellsKeptSurrogatesFromLiteralEscapeText() {
        let walk = DeclaredDepartures.isKeptSurrogateReading
        XCTAssertTrue(walk("a\u{FFFD}b\u{FFFD}", #"a\udBFFb\uDC00"#))
        XCTAssertTrue(walk(#"\ud800\ud800"# + "\u{FFFD}", #"\ud800\ud800\ud800"#))
        XCTAssertTrue(walk("\u{FFFD}x", "\u{FFFD}x"))        // equal text: nothing to excuse, still D1-shaped
        XCTAssertFalse(walk("\u{FFFD}", #"\u0041"#))         // not a surrogate escape
        XCTAssertFalse(walk("\u{FFFD}", #"\ud7ff"#))         // just below the surrogates
        XCTAssertFalse(walk("\u{FFFD}", #"\ud80"#))          // cut short
        XCTAssertFalse(walk(#"\ud800"#, "\u{FFFD}"))         // the other way round
        XCTAssertFalse(walk("\u{FFFD}\u{FFFD}", #"\ud800"#)) // one escape, two replacements
    }

    func testDaysOutsideTheWritersCalendarAreD4() {
        for day in ["10000-01-01", "0000-01-01", "1582-10-10", "0001-01-01"] {
            let c = view([], dayStr: day, header: .outdated(dayMs: nil))
            let kotlin = view([], dayStr: day, header: .outdated(dayMs: -1))
            XCTAssertEqual(first("{}", c, kotlin).1, "D4", day)
        }
        let c = view([], dayStr: "2026-07-17", header: .outdated(dayMs: 1))
        XCTAssertEqual(first("{}", c, view([], dayStr: "2026-07-17", header: .outdated(dayMs: 2))).0, "c/kotlin header.dayMs")
    }

    /// Fuzz finding 20261130-621953 and the JDK's 1900 cut (probed on JDK 17.0.15): before
    /// 1900-01-01T00:00Z the JDK reads a zone's current standard offset, not its LMT.
    func testJDK17StandardOffsetBefore1900IsD8() {
        func judged(_ day: String, _ zone: String, mine: Int64?, theirs: Int64) -> (String?, String?) {
            let testCase = Case(id: "x", blob: Array("{}".utf8), nowMs: 0, timeZone: zone)
            let judged = Disagreement.between(reference: "c", expected: .view(view([], dayStr: day, header: .outdated(dayMs: mine))),
                                              reader: "kotlin", got: .view(view([], dayStr: day, header: .outdated(dayMs: theirs))),
                                              testCase: testCase, departures: DeclaredDepartures())
            return (judged.disagreement?.signature, judged.disagreement == nil ? judged.excused?.rawValue : nil)
        }
        // Los Angeles LMT -7:52:58 vs PST; Kolkata MMT +5:21:10 vs IST on 1900-01-01 (its
        // local midnight is 1899-12-31T18:38:50Z); a day our zone data skips, read by the JDK.
        XCTAssertEqual(judged("1800-01-01", "America/Los_Angeles", mine: -5_364_634_022_000, theirs: -5_364_633_600_000).1, "D8")
        XCTAssertEqual(judged("1582-10-15", "America/Los_Angeles", mine: -12_219_264_422_000, theirs: -12_219_264_000_000).1, "D8")
        XCTAssertEqual(judged("1900-01-01", "Asia/Kolkata", mine: -2_209_008_070_000, theirs: -2_209_008_600_000).1, "D8")
        XCTAssertEqual(judged("1844-12-31", "Asia/Manila", mine: nil, theirs: -3_944_678_400_000 - 28_800_000).1, "D8")
        // After the cut, another offset, or another zone's offset: a finding.
        let dayMs = "c/kotlin header.dayMs"
        XCTAssertEqual(judged("1900-01-02", "Asia/Kolkata", mine: -2_208_921_670_000, theirs: -2_208_922_200_000).0, dayMs)
        XCTAssertEqual(judged("1800-01-01", "America/Los_Angeles", mine: -5_364_634_022_000, theirs: -5_364_630_000_000).0, dayMs)
        XCTAssertEqual(judged("1800-01-01", "Europe/Berlin", mine: -5_364_665_608_000, theirs: -5_364_633_600_000).0, dayMs)
    }

    func testJDK17DoubleTextIsD7() {
        XCTAssertEqual(first("{}", view([row(title: "1.0E23")]), view([row(title: "9.999999999999999E22")])).1, "D7")
        XCTAssertEqual(first("{}", view([row(title: "1.0E23")]), view([row(title: "1.0E22")])).0, "c/kotlin parse.tasks[].title")
    }

    /// D7 is a double coerced to text wherever org.json prints one: a later revision's texts
    /// (`currentTask.id`, `projects[].title` …) too, not only revision 1's rows (`fuzz --seed 7
    /// --case 8389 --kotlin` saved `{"v":1,"currentTask":{"id":1e23,"title":""}}` as a new finding).
    func testJDK17DoubleTextInALaterRevisionsTextIsD7() throws {
        let blob = #"{"v":1,"currentTask":{"id":1e23,"title":""},"projects":[{"id":"p","title":1e23,"tasks":[]}]}"#
        let c = DecodedView.decode(id: "x", blob: Array(blob.utf8), pendingDoneTargets: .none, nowMs: 0,
                                   timeZone: TimeZone(identifier: "Europe/Berlin"))
        let line = c.canonicalJSONString
        XCTAssertTrue(line.contains(#""id":"1.0E23""#) && line.contains(#""title":"1.0E23""#), line)
        func kotlin(_ edit: (String) -> String) throws -> DecodedView {
            let (_, outcome) = try ViewLine.parse(Array(edit(line).utf8), file: "kotlin", lineNumber: 1)
            return try XCTUnwrap(outcome.view)
        }
        let jdk17 = try kotlin { $0.replacingOccurrences(of: "1.0E23", with: "9.999999999999999E22") }
        XCTAssertEqual(first(blob, c, jdk17).1, "D7")
        let other = try kotlin { $0.replacingOccurrences(of: #""id":"1.0E23""#, with: #""id":"1.0E22""#) }
        XCTAssertEqual(first(blob, c, other).0, "c/kotlin currentTask.id", "another number is no excuse")
    }

    /// D1 is a kept lone surrogate wherever org.json reads a text: a later revision's texts too
    /// (`projects[].id`, `projects[].title`), not only revision 1's rows (`fuzz states --kotlin
    /// --seed 21 --cases 300` found `c/kotlin projects[].id` on the writer's blob of a project
    /// whose id holds a sliced emoji's high half).
    func testALoneSurrogateInALaterRevisionsTextIsD1() throws {
        let blob = #"{"v":1,"tasks":[],"projectColors":{},"projects":[{"id":"p\ud83d","title":"\ud800","tasks":[]}]}"#
        let c = DecodedView.decode(id: "x", blob: Array(blob.utf8), pendingDoneTargets: .none, nowMs: 0,
                                   timeZone: TimeZone(identifier: "Europe/Berlin"))
        let line = c.canonicalJSONString
        XCTAssertTrue(line.contains("\"id\":\"p\u{FFFD}\"") && line.contains("\"title\":\"\u{FFFD}\""), line)
        func kotlin(_ edit: (String) -> String) throws -> DecodedView {
            let (_, outcome) = try ViewLine.parse(Array(edit(line).utf8), file: "kotlin", lineNumber: 1)
            return try XCTUnwrap(outcome.view)
        }
        let kept = try kotlin {
            $0.replacingOccurrences(of: "\"p\u{FFFD}\"", with: #""p\ud83d""#).replacingOccurrences(of: "\"\u{FFFD}\"", with: #""\ud800""#)
        }
        XCTAssertEqual(first(blob, c, kept).1, "D1")
        let other = try kotlin { $0.replacingOccurrences(of: "\"p\u{FFFD}\"", with: #""p""#) }
        XCTAssertEqual(first(blob, c, other).0, "c/kotlin projects[].id", "a lost character is no excuse")
    }

    func testAnUndeclaredDifferenceIsAFinding() {
        let c = view([row(title: "a", color: nil)])
        let kotlin = view([row(title: "a", color: "")])
        XCTAssertEqual(first(#"{"v":1,"tasks":[{"id":"t","title":"a"}],"projectColors":{"":""}}"#, c, kotlin).0,
                       "c/kotlin parse.tasks[].projectColor")
    }
}

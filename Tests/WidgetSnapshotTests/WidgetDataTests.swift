import XCTest
import Foundation
@testable import WidgetSnapshot

/// The public API as an iOS widget calls it (the behaviour table covers the field rules).
final class WidgetDataTests: XCTestCase {
    let golden = ##"{"v":1,"dayStr":"2026-07-17","validUntil":1784325600000,"tasks":[{"id":"t1","title":"Task one","isDone":false,"projectId":"p1"},{"id":"t2","title":"Task two","isDone":true},{"id":"t3","title":"Task three","isDone":false,"projectId":null}],"projectColors":{"p1":"#ff0000"}}"##
    let berlin = TimeZone(identifier: "Europe/Berlin")!

    func testParseAppliesPendingTargetsBothWays() throws {
        let rows = try WidgetData.parse(golden, pendingDoneTargets: ["t1": true, "t2": false])
        XCTAssertEqual(rows.map(\.isDone), [true, false, false])
        XCTAssertEqual(rows.map(\.projectColor), ["#ff0000", nil, nil])
    }

    /// "e\u{301}" and "é" are equal as Swift `String`s but different ids to Android's queue
    /// and to the contract: a tap on one must not check the other, whichever API builds the taps.
    func testCanonicallyEquivalentIdsStayDistinct() throws {
        let decomposed = "e\u{301}", composed = "\u{e9}"
        XCTAssertEqual(decomposed, composed, "the premise: Swift's == merges them")
        let blob = #"{"v":1,"tasks":[{"id":"e\u0301","title":"decomposed"},{"id":"\u00e9","title":"composed"}]}"#
        let literal = try WidgetData.parse(blob, pendingDoneTargets: [decomposed: true])
        XCTAssertEqual(literal.map(\.isDone), [true, false])
        let both = try WidgetData.parse(Array(blob.utf8), pendingDoneTargets: [decomposed: true, composed: false])
        XCTAssertEqual(both.map(\.isDone), [true, false], "a literal keeps both entries")
        let queue = PendingTargets([(taskId: composed, isDone: true), (taskId: decomposed, isDone: false), (taskId: composed, isDone: false),
                                    (taskId: composed, isDone: true)])
        XCTAssertEqual(try WidgetData.parse(blob, pendingDoneTargets: queue).map(\.isDone), [false, true], "last entry per exact id wins")
        XCTAssertNotEqual(literal[0], literal[1])
        // more than eight queued taps take the dictionary path: still by exact code points
        let many = PendingTargets((0..<12).map { (taskId: "t\($0)", isDone: true) } + [(taskId: composed, isDone: true)])
        XCTAssertEqual(try WidgetData.parse(blob, pendingDoneTargets: many).map(\.isDone), [false, true])
    }

    func testNoRowsIsNotAFailure() throws {
        XCTAssertEqual(try WidgetData.parse(#"{"v":2,"tasks":[{"id":"a","title":"A"}]}"#), [])
        XCTAssertEqual(try WidgetData.parse("{}"), [])
        XCTAssertThrowsError(try WidgetData.parse("not json"))
        XCTAssertThrowsError(try WidgetData.parse(#"{"v":1,"tasks":[{"title":"A"}]}"#)) { error in
            XCTAssertEqual(error as? SnapshotParseError, .missingField(index: 0, field: "id"))
        }
    }

    func testMetaStaleAndHeader() {
        let meta = WidgetData.parseMeta(golden)
        XCTAssertEqual(meta, SnapshotMeta(dayStr: "2026-07-17", validUntil: 1_784_325_600_000))
        XCTAssertFalse(WidgetData.isSnapshotStale(meta, nowMs: 1_784_325_599_999))
        XCTAssertTrue(WidgetData.isSnapshotStale(meta, nowMs: 1_784_325_600_000))
        XCTAssertEqual(WidgetData.headerFor(meta, nowMs: 1_784_325_599_999, timeZone: berlin), .today)
        XCTAssertEqual(WidgetData.headerFor(meta, nowMs: 1_784_325_600_000, timeZone: berlin), .outdated(dayMs: 1_784_239_200_000))
        XCTAssertEqual(WidgetData.parseMeta("not json"), .unknown)
        XCTAssertFalse(WidgetData.isSnapshotStale(.unknown, nowMs: .max))
    }

    func testDayStrToMsIsStrictAndPinned() {
        for rejected in ["nope", "", "2026-02-30", "2026-07-17garbage", "٢٠٢٦-٠٧-١٧", "2026-07-1", "2026/07/17", "0000-01-01"] {
            XCTAssertNil(WidgetData.dayStrToMs(rejected, timeZone: berlin), rejected)
        }
        XCTAssertEqual(WidgetData.dayStrToMs("2026-07-16", timeZone: berlin), 1_784_152_800_000)
        XCTAssertEqual(WidgetData.dayStrToMs("2026-03-29", timeZone: berlin), 1_774_738_800_000)
        let saoPaulo = TimeZone(identifier: "America/Sao_Paulo")!
        XCTAssertEqual(WidgetData.dayStrToMs("2018-11-04", timeZone: saoPaulo), 1_541_300_400_000)
        XCTAssertEqual(WidgetData.dayStrToMs("2018-11-05", timeZone: saoPaulo), 1_541_383_200_000)
    }

    func testResultDoesNotDependOnTheProcessZoneOrLocale() {
        let before = WidgetData.dayStrToMs("2026-07-17", timeZone: berlin)
        let savedTZ = ProcessInfo.processInfo.environment["TZ"]
        setenv("TZ", "Pacific/Kiritimati", 1)
        tzset()
        defer {
            if let savedTZ { setenv("TZ", savedTZ, 1) } else { unsetenv("TZ") }
            tzset()
        }
        XCTAssertEqual(WidgetData.dayStrToMs("2026-07-17", timeZone: berlin), before)
        XCTAssertEqual(before, 1_784_239_200_000)
    }

    func testCalendarDayArithmetic() {
        XCTAssertEqual(DayString.CalendarDay("1970-01-01")?.daysSinceEpoch, 0)
        XCTAssertEqual(DayString.CalendarDay("2000-03-01")?.daysSinceEpoch, 11_017)
        XCTAssertEqual(DayString.CalendarDay("0001-01-01")?.daysSinceEpoch, -719_162)
        XCTAssertNotNil(DayString.CalendarDay("2024-02-29"))
        XCTAssertNil(DayString.CalendarDay("2100-02-29"))
        XCTAssertNotNil(DayString.CalendarDay("2000-02-29"))
    }

    /// `CalendarDay(daysSinceEpoch:)` (the display header's day, the zone dimension's day names)
    /// is the other way from `daysSinceEpoch`, over the years a `dayStr` can name.
    func testCalendarDayFromADayNumberIsTheOtherWay() {
        let day = DayString.CalendarDay(daysSinceEpoch: 11_017)
        XCTAssertEqual([day.year, day.month, day.day], [2000, 3, 1])
        let before = DayString.CalendarDay(daysSinceEpoch: -1)
        XCTAssertEqual([before.year, before.month, before.day], [1969, 12, 31])
        for days in stride(from: Int64(-719_162), through: 2_932_896, by: 1) {
            let date = DayString.CalendarDay(daysSinceEpoch: days)
            if date.daysSinceEpoch != days || date.day > DayString.CalendarDay.daysIn(month: date.month, year: date.year) {
                return XCTFail("\(days) -> \(date.year)-\(date.month)-\(date.day)")
            }
        }
    }
}

import ContractModel
import Foundation
import ReferenceDecoder
import WidgetSnapshot
import XCTest
@testable import HarnessCorpus

/// The hand-listed pre-1970 zone classes (`off-grid-midnight`, `only-change`): every listed
/// entry still has its property in this machine's zoneinfo, and an entry that lacks it is
/// refused naming the zone and day, so a tzdata update cannot quietly turn a case into an
/// ordinary day.
final class ZoneEarlyClassesTests: XCTestCase {
    func testListedEntriesHaveTheirProperty() throws {
        for (zone, day, shape) in ZoneScan.offGridMidnightDays {
            let change = try ZoneScan.offGridMidnight(of: zone, on: day)
            let midnight = try XCTUnwrap(DayString.CalendarDay(day)).daysSinceEpoch * 86_400
            XCTAssertEqual(change.at + Int64(change.offsetAfter), midnight, "\(zone) \(day) (\(shape))")
            XCTAssertNotEqual(change.at % 60, 0, "\(zone) \(day) (\(shape))")
            XCTAssertLessThan(change.at, 0, "before 1970: the scan of 1970-2037 never finds it")
        }
        for (zone, shape) in ZoneScan.oneChangeZones {
            let change = try ZoneScan.onlyChange(of: zone)
            XCTAssertNotEqual(change.offsetBefore, change.offsetAfter, "\(zone) (\(shape))")
            XCTAssertTrue(CaseID.isWord(CaseID.zoneLabel(zone)), zone)
        }
        let moscow = try ZoneScan.offGridMidnight(of: "Europe/Moscow", on: "1918-06-01")
        XCTAssertEqual([moscow.at, Int64(moscow.offsetBefore), Int64(moscow.offsetAfter)], [-1_627_965_079, 9079, 16_279])
        let abidjan = try ZoneScan.onlyChange(of: "Africa/Abidjan")
        XCTAssertEqual([abidjan.at, Int64(abidjan.offsetBefore), Int64(abidjan.offsetAfter)], [-1_830_383_032, -968, 0])
        XCTAssertEqual(abidjan.day, "1912-01-01")
    }

    /// A day whose change is not at its midnight, a change moved onto the whole hours, and a zone
    /// with more than one change are each refused, naming zone and day.
    func testAnEntryWithoutItsPropertyIsRefusedNamingIt() {
        assertRefused(try ZoneScan.offGridMidnight(of: "Europe/Moscow", on: "1919-07-01"), naming: "Europe/Moscow 1919-07-01")
        assertRefused(try ZoneScan.offGridMidnight(of: "Europe/Berlin", on: "1918-06-01"), naming: "Europe/Berlin 1918-06-01")
        // The same Moscow change moved onto a whole minute (a tzdata that rounded it), its wall clock kept.
        let onTheHour: ZoneScan.NextChange = { zone, t, change in
            let answer = ZoneScan.nextChange(zone, t, &change)
            if answer == 1 && change.at == -1_627_965_079 {
                change.at += 1879  // 20:00:00 UTC, the same wall clock
                change.offset_after -= 1879
            }
            return answer
        }
        assertRefused(try ZoneScan.offGridMidnight(of: "Europe/Moscow", on: "1918-06-01", next: onTheHour),
                      naming: "Europe/Moscow 1918-06-01")
        assertRefused(try ZoneScan.onlyChange(of: "Europe/Berlin"), naming: "Europe/Berlin")
        assertRefused(try ZoneScan.onlyChange(of: "Etc/GMT-10"), naming: "Etc/GMT-10: 0 changes")
    }

    /// A change before 1970 cannot be a blob's `validUntil` (a reader keeps only one above 0), so
    /// its `at` cases are stamped 1 ms after the epoch and read there: stale, the header shows the
    /// day's start, as for every other class.
    func testAChangeBefore1970StillGivesStaleCases() throws {
        let abidjan = try ZoneScan.onlyChange(of: "Africa/Abidjan")
        let file = ZoneDayFile(tzdataVersion: "x", zoneCount: 1, counts: [], transitions: [abidjan])
        let cases = ZoneDayCases.cases(file)
        let prev = try XCTUnwrap(cases.first { $0.id == "zones/zone.only-change#1912-01-01.prev@abidjan@at" }, "\(cases.map(\.id))")
        let blob = String(decoding: prev.blob, as: UTF8.self)
        XCTAssertTrue(blob.contains(#""dayStr":"1911-12-31","validUntil":1,"#), blob)
        XCTAssertEqual(prev.nowMs, 1)
        let header = WidgetData.headerFor(WidgetData.parseMeta(prev.blob), nowMs: prev.nowMs,
                                          timeZone: try XCTUnwrap(TimeZone(identifier: prev.timeZone)))
        XCTAssertEqual(header, .outdated(dayMs: -1_830_384_000_000 + 968_000 - 86_400_000), "1911-12-31 00:00 LMT (-0:16:08)")
    }

    private func assertRefused(_ body: @autoclosure () throws -> ZoneTransition, naming: String,
                               file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try body(), naming, file: file, line: line) { error in
            let message = String(describing: error)
            XCTAssertTrue(message.contains(naming), message, file: file, line: line)
            XCTAssertTrue(message.contains("not a"), message, file: file, line: line)
        }
    }
}

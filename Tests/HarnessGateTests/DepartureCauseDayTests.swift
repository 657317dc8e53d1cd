import XCTest
@testable import HarnessGate

/// D4's day test (`DepartureCause.isOutsideWriterCalendar`) reads `dayStr` byte by byte; it
/// must answer as the `Character`-based reading it replaced (kept here as the oracle) on the
/// corners: non-ASCII digits, a `-` a combining mark joins, years past `Int.max`, year 0000.
final class DepartureCauseDayTests: XCTestCase {
    private func characterReading(_ day: String) -> Bool {
        let parts = day.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              parts[0].count >= 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let dayOfMonth = Int(parts[2]) else { return false }
        if parts[0].count > 4 || year == 0 { return true }
        return (year, month, dayOfMonth) < (1582, 10, 15)
    }

    func testTheByteReadingAnswersAsTheCharacterReading() {
        let days = ["2026-07-17", "1582-10-15", "1582-10-14", "0001-01-01", "0000-01-01", "10000-01-01", "99999-12-31",
                    "99999999999999999999-01-01", "1582-1-14", "1500-01-1", "1500--01-01", "-1500-01-01", "1500-01-01-",
                    "", "--", "not-a-day", "\u{0967}\u{0966}\u{0966}\u{0966}-01-01", "1500-\u{301}01-01", "1500\u{301}-01-01",
                    "1500-01-01\u{301}", "1500-0\u{663}-01", "01500-01-01", "1500-01-01 ", " 1500-01-01"]
        for day in days {
            XCTAssertEqual(DepartureCause.isOutsideWriterCalendar(day), characterReading(day), day.debugDescription)
        }
        XCTAssertTrue(DepartureCause.isOutsideWriterCalendar("1500-01-01"))
        XCTAssertFalse(DepartureCause.isOutsideWriterCalendar("2026-07-17"))
    }
}

import Foundation
import WidgetSnapshot
import XCTest
import HarnessTestSupport

/// Re-derives every writer fixture's `validUntil` with Foundation's calendar, independently
/// of the node run that produced it, and checks the instants around it.
final class FixtureStampTests: XCTestCase {
    private func calendar(_ zone: String) throws -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try XCTUnwrap(TimeZone(identifier: zone))
        return calendar
    }

    /// Epoch ms of the first instant of the day `dayOffset` days after `dayStr` in `zone`
    /// (local midnight, or the first instant after a gap).
    private func startOfDay(_ dayStr: String, plus dayOffset: Int, in zone: String) throws -> Int64 {
        let parts = dayStr.split(separator: "-").compactMap { Int($0) }
        XCTAssertEqual(parts.count, 3)
        let calendar = try calendar(zone)
        let noon = try XCTUnwrap(calendar.date(from: DateComponents(year: parts[0], month: parts[1],
                                                                    day: parts[2] + dayOffset, hour: 12)))
        return Int64((calendar.startOfDay(for: noon).timeIntervalSince1970 * 1000).rounded())
    }

    func testEveryWriterFixtureValidUntilFollowsTheWriterRule() throws {
        var checked = 0
        for fixture in try CorpusTestSupport.fixtures() {
            guard let writer = fixture.writer else { continue }
            let expected = try startOfDay(writer.dayStr, plus: 1, in: writer.timeZone) + writer.startOfNextDayOffsetMs
            XCTAssertEqual(fixture.blob["validUntil"], .integer(expected), fixture.name)
            checked += 1
        }
        XCTAssertGreaterThanOrEqual(checked, 9)
    }

    func testInstantsSitAroundTheBoundary() throws {
        for fixture in try CorpusTestSupport.fixtures() {
            let far = try XCTUnwrap(fixture.instant(named: "far")?.epochMs, fixture.name)
            XCTAssertEqual(far, 4_102_444_800_000, fixture.name)
            guard case .integer(let validUntil)? = fixture.blob["validUntil"] else {
                XCTAssertNil(fixture.instant(named: "at"), "\(fixture.name) has a boundary instant but no validUntil")
                continue
            }
            // A writer fixture has all four; a hand-made one (current-task) may keep fewer, in that order.
            let names = fixture.instants.map(\.name)
            if fixture.writerValid {
                XCTAssertEqual(names, ["before", "at", "after", "far"], fixture.name)
            } else {
                XCTAssertEqual(names, ["before", "at", "after", "far"].filter(names.contains), fixture.name)
                XCTAssertTrue(names.contains("before"), fixture.name)
            }
            XCTAssertEqual(fixture.instant(named: "before")?.epochMs, validUntil - 1, fixture.name)
            if fixture.writerValid {
                XCTAssertEqual(fixture.instant(named: "at")?.epochMs, validUntil, fixture.name)
                XCTAssertEqual(fixture.instant(named: "after")?.epochMs, validUntil + 3_600_000, fixture.name)
            }
            XCTAssertGreaterThan(far, validUntil, fixture.name)
        }
    }

    func testKnownBoundaries() throws {
        XCTAssertEqual(try CorpusTestSupport.fixture("canonical").blob["validUntil"], .integer(1_784_325_600_000))
        // 2018-11-04 00:00 does not exist in São Paulo: the day starts at 01:00 -02 = 03:00 UTC.
        let gap = try CorpusTestSupport.fixture("sao-paulo-gap")
        XCTAssertEqual(gap.blob["validUntil"], .integer(1_541_300_400_000))
        let local = try calendar("America/Sao_Paulo").dateComponents([.day, .hour], from: Date(timeIntervalSince1970: 1_541_300_400))
        XCTAssertEqual(local.day, 4)
        XCTAssertEqual(local.hour, 1)
        // The offset fixture's boundary is 04:00 local.
        let offset = try CorpusTestSupport.fixture("offset-4h")
        XCTAssertEqual(offset.blob["validUntil"], .integer(1_784_325_600_000 + 14_400_000))
    }

    func testDaylightSavingFixturesReallyAreShortAndLongDays() throws {
        let hours = ["dst-berlin-spring": 23, "dst-la-spring": 23, "dst-berlin-autumn": 25, "dst-la-autumn": 25]
        for (name, expected) in hours {
            let writer = try XCTUnwrap(CorpusTestSupport.fixture(name).writer)
            let start = try startOfDay(writer.dayStr, plus: 0, in: writer.timeZone)
            let end = try startOfDay(writer.dayStr, plus: 1, in: writer.timeZone)
            XCTAssertEqual(end - start, Int64(expected) * 3_600_000, name)
        }
    }

    func testWriterBlobsUseTheWriterKeyOrderAndNeverWriteNullProjectIds() throws {
        for fixture in try CorpusTestSupport.fixtures() {
            // Each revision appends its keys: projects (2), currentTask (3); legacy predates the stamp
            // (a hand-written blob says by its dayStr whether it has one).
            let stamped = fixture.writerValid || fixture.revision > 1 || fixture.blob["dayStr"] != nil
            let expectedKeys = (stamped ? ["v", "dayStr", "validUntil", "tasks", "projectColors"] : ["v", "tasks", "projectColors"])
                + (fixture.revision >= 2 ? ["projects"] : []) + (fixture.revision >= 3 ? ["currentTask"] : [])
            XCTAssertEqual(fixture.blob.keys.map(\.string), expectedKeys, fixture.name)
            let projectTasks = (fixture.blob["projects"]?.arrayValue ?? []).flatMap { $0.objectValue?["tasks"]?.arrayValue ?? [] }
            for task in (fixture.blob["tasks"]?.arrayValue ?? []) + projectTasks {
                let object = try XCTUnwrap(task.objectValue, fixture.name)
                let keys = object.keys.map(\.string)
                // Revision 2 writes doneOn after isDone, only on a done task with a completion time.
                let doneOn = fixture.revision >= 2 && object["isDone"] == .bool(true) && object["doneOn"] != nil
                let base = ["id", "title", "isDone"] + (doneOn ? ["doneOn"] : [])
                // A hand-written blob may carry a member the writer does not write yet (a new
                // feature's, after the writer's); the writer's own keep its order.
                let writerKeys: Set<String> = ["id", "title", "isDone", "doneOn", "projectId"]
                let known = fixture.writerValid ? keys : keys.filter(writerKeys.contains)
                XCTAssertTrue(known == base || known == base + ["projectId"], "\(fixture.name): \(keys)")
                if !fixture.writerValid { XCTAssertEqual(Array(keys.prefix(known.count)), known, "\(fixture.name): the writer's keys come first") }
                XCTAssertNotEqual(object["projectId"], .null, fixture.name)
            }
        }
    }
}

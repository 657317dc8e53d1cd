import ContractModel
import Foundation
import ReferenceDecoder
import ReferenceView
import XCTest

/// Out of memory and transient file errors fail the C reference's decode (a crash for the
/// harness); they never change an answer, and they are never remembered as "unknown zone".
final class CReferenceFaultTests: XCTestCase {
    /// Stale, with `validUntil` as a numeric string (read through the Java number grammar) and
    /// a day whose start the zone's TZif file gives.
    let blob = Array(#"{"v":1,"dayStr":"2026-07-17","validUntil":"1784325600000","tasks":[{"id":"t1","title":"x","isDone":false}]}"#.utf8)
    let nowMs: Int64 = 4_102_444_800_000

    func decode(_ zone: String) -> ReaderOutcome {
        CReference.decode(id: "fault", blob: blob, pending: [], nowMs: nowMs, timeZone: zone)
    }

    func testEveryFailedAllocationFailsTheDecodeOrChangesNothing() throws {
        let zone = "America/./Montevideo"   // a name no other test loads: read for the first time in the sweep
        var failures = 0
        var wanted: ReaderOutcome?
        for n in 0..<400 {
            rd_test_fail_allocations_after(n)
            let outcome = decode(zone)
            rd_test_fail_allocations_after(-1)
            if wanted == nil { wanted = decode(zone) }
            let want = try XCTUnwrap(wanted?.view)
            XCTAssertNotNil(want.meta.validUntil)
            guard case .outdated(let dayMs?) = want.header else { return XCTFail("the zone must give the day a start: \(want)") }
            XCTAssertGreaterThan(dayMs, 0)
            switch outcome {
            case .failure:
                failures += 1
            case .view(let view):
                XCTAssertEqual(view.canonicalJSONString, want.canonicalJSONString, "allocation \(n) failed and changed the answer")
            }
        }
        XCTAssertGreaterThan(failures, 3, "the hook must reach the decoder's allocations")
        XCTAssertEqual(decode(zone), wanted, "nothing a failed allocation left behind changes a later answer")
    }

    func testTooManyOpenFilesIsNotAnUnknownZone() throws {
        let zone = "Pacific/./Chatham"   // a name no other test loads (the zone cache is per name)
        var limit = rlimit()
        XCTAssertEqual(getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit), 0)
        let lowestFree = dup(0)
        XCTAssertGreaterThanOrEqual(lowestFree, 0)
        close(lowestFree)
        var tight = limit
        tight.rlim_cur = rlim_t(lowestFree)   // the next open fails with EMFILE
        XCTAssertEqual(setrlimit(Int32(RLIMIT_NOFILE.rawValue), &tight), 0)
        let starved = decode(zone)
        XCTAssertEqual(setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit), 0)

        guard case .failure = starved else {
            return XCTFail("EMFILE must fail the decode, not answer dayMs null: \(starved)")
        }
        let view = try XCTUnwrap(decode(zone).view, "with file descriptors back, the zone is read")
        guard case .outdated(let dayMs?) = view.header else { return XCTFail("EMFILE was cached as an unknown zone: \(view)") }
        XCTAssertGreaterThan(dayMs, 0)
    }

    func testAMissingZoneFileIsAnUnknownZone() throws {
        let view = try XCTUnwrap(decode("Mars/Olympus_Mons").view)
        XCTAssertEqual(view.header, .outdated(dayMs: nil))
        var offset: Int32 = 0
        XCTAssertEqual(rd_zone_offset_at("Mars/Olympus_Mons", 0, &offset), 0)
        XCTAssertEqual(rd_zone_offset_at("Europe", 0, &offset), 0, "a directory is no zone")
    }
}

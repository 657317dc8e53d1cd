import ContractModel
import Foundation
import XCTest
@testable import HarnessCorpus
import HarnessReaders
import HarnessTestSupport

/// Messages that say what happened and what to do, where they said something else: a broken
/// testee's never-run cases are not offered as `[missing]` list lines beside "fix the reader";
/// `golden zones` says "missing" or "cannot be read" for such a file, not "differs"; `golden
/// record` blames the testee for a line it cannot keep, not golden/kotlin.
final class UnclearMessagesTests: XCTestCase {
    func testABrokenTesteesNeverRunCasesAreNotOfferedAsListLines() throws {
        try GateTestSupport.skipUnlessTheCLIIsBuilt()
        let paths = try GateTestSupport.smallTree()
        defer { GateTestSupport.remove(paths) }
        let run = try GateTestSupport.runCLI(["check", "--root", paths.root.path, "--no-recordings", "--testee", "dead=exit 3"])
        XCTAssertEqual(run.status, 1, run.out)
        XCTAssertTrue(run.out.contains("cases were never run: broken: dead failed on 20 cases in a row"), run.out)
        XCTAssertTrue(run.out.contains("a case it never ran shows nothing a list entry could excuse"), run.out)
        // Its 20 crashes may be listed (they are what it did); the cases it never ran are not.
        XCTAssertFalse(run.out.contains("  [missing]  TODO"), run.out)
    }

    func testZonesSaysMissingOrUnreadableNotDiffers() throws {
        let scan = try ZoneScan.run()
        let picked = ZoneDayFile(scan).render()
        XCTAssertEqual(ZoneFileStatus.of(Array(picked.utf8), picked: picked, scan: scan), .current)
        let missing = ZoneFileStatus.of(nil, picked: picked, scan: scan).said(tzdata: scan.tzdataVersion)
        XCTAssertFalse(missing.current)
        XCTAssertTrue(missing.line.hasPrefix("golden/zones/transitions.json is missing: write it with"), missing.line)
        let garbage = ZoneFileStatus.of(Array("not json".utf8), picked: picked, scan: scan).said(tzdata: scan.tzdataVersion)
        XCTAssertTrue(garbage.line.hasPrefix("golden/zones/transitions.json cannot be read ("), garbage.line)
        XCTAssertFalse(missing.line.contains("differs") || garbage.line.contains("differs"))
        var other = ZoneDayFile(scan)
        other.tzdataVersion = "2099z"
        let foreign = ZoneFileStatus.of(Array(other.render().utf8), picked: picked, scan: scan).said(tzdata: scan.tzdataVersion)
        XCTAssertTrue(foreign.line.contains("the comparison cannot run here"), foreign.line)
        XCTAssertFalse(foreign.line.contains("differs"), foreign.line)
    }

    /// A testee writing its view line's members in another order (the id not first): the
    /// recording stops naming the testee and the case; it said "golden/kotlin: field `id`: … not a view line".
    func testRecordBlamesTheTesteeForALineItCannotKeep() throws {
        let session = TesteeSession(name: "kotlin", command: #"while read -r l; do id=$(printf '%s' "$l" | sed 's/^{"id":"\([^"]*\)".*/\1/'); printf '{"parse":{"tasks":[]},"id":"%s"}\n' "$id"; done"#,
                                    caseTimeout: 10, brokenAfter: 1)
        defer { session.close() }
        let testCase = Case(id: "legacy/base@berlin@day", blob: Array(#"{"v":1,"tasks":[]}"#.utf8), nowMs: 0, timeZone: "Europe/Berlin")
        XCTAssertThrowsError(try Recording.run([TesteeRequest(id: testCase.id, line: CaseStream.line(testCase))], through: session)) { error in
            let message = "\(error)"
            XCTAssertTrue(message.hasPrefix("kotlin's line for case legacy/base@berlin@day cannot be recorded: its line does not begin with the case's id"), message)
            XCTAssertFalse(message.contains("golden/kotlin"), message)
        }
    }
}

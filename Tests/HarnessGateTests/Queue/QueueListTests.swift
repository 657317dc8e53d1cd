import ContractModel
import Foundation
import XCTest
@testable import HarnessCorpus
@testable import HarnessGate
import HarnessReaders
import TestSupport

/// A queue end's reviewed list (CONTRACT.md §10.8): `PATTERN  [KINDS]  REASON` read strictly, the
/// first matching entry of a finding's kind excusing it, an entry that excuses nothing stale.
final class QueueListTests: XCTestCase {
    private func parse(_ text: String) throws -> QueueList {
        try QueueList.parse(Array(text.utf8), file: "golden/queue/divergences/app.txt")
    }

    func testAnEntryExcusesItsKindsOnItsCasesOnly() throws {
        let list = try parse("""
        # a comment
        queue/stored.*  [dataLoss,handoff]  the app's queue replaces a value it cannot read with an empty one
        queue/ids.*     [*]                 a Swift store reads lone surrogates as the replacement character
        """)
        XCTAssertEqual(list.entries.count, 2)
        XCTAssertEqual(list.entry(excusing: QueueFinding("queue/stored.corrupt#ios", .dataLoss, "x"))?.line, 2)
        XCTAssertNil(list.entry(excusing: QueueFinding("queue/stored.corrupt#ios", .peek, "x")), "a kind the entry does not name")
        XCTAssertNil(list.entry(excusing: QueueFinding("queue/lastwins.aba", .dataLoss, "x")), "a case the pattern does not match")
        XCTAssertEqual(list.entry(excusing: QueueFinding("queue/ids.nfc", .roundTrip, "x"))?.line, 3)
        XCTAssertNil(list.entry(excusing: QueueFinding("queue/ids.nfc", .crash, "x")), "`*` is every kind but crash")
    }

    func testAnUnfinishedEntryIsRefusedNamingFileAndLine() {
        for (text, says) in [
            ("queue/a  [dataLoss]  TODO: why app differs here", "placeholder"),
            ("queue/a  [dataLoss]  known bug", "does not say why"),
            ("queue/a  [dataloss]  the app's queue loses it here", "not a finding kind"),
            ("queue/a  the app's queue loses it here", "no kind list"),
            ("queue/a  [peek,peek]  the app's queue loses it here", "twice"),
            ("queue/a!  [peek]  the app's queue loses it here", "characters a queue case id never has"),
        ] {
            XCTAssertThrowsError(try parse(text), text) { error in
                XCTAssertTrue("\(error)".contains("app.txt:1") && "\(error)".contains(says), "\(text): \(error)")
            }
        }
    }

    /// A list left behind by a renamed end excuses nothing: refused, pointing at the end it probably meant.
    func testAListOfNoEndOfTheRunIsRefused() throws {
        let root = Scratch.folder("queue-lists")
        defer { Scratch.remove(root) }
        let folder = root.appendingPathComponent("golden/queue/divergences")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let entry = "queue/a  [peek]  the widget paints the tap a moment late\n"
        try entry.write(to: folder.appendingPathComponent("swfit.txt"), atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try QueueList.checkOwners(HarnessPaths(root: root), ends: ["swift", "drain"])) { error in
            XCTAssertTrue("\(error)".contains("swfit.txt") && "\(error)".contains("(swift?)"), "\(error)")
        }
        try ("# end: swfit\n" + entry).write(to: folder.appendingPathComponent("swfit.txt"), atomically: true, encoding: .utf8)
        XCTAssertNoThrow(try QueueList.checkOwners(HarnessPaths(root: root), ends: ["swift", "drain"]), "declared for an end run elsewhere")
    }
}

import ContractModel
import Foundation
import XCTest
@testable import HarnessCorpus
import HarnessReaders
import HarnessTestSupport
import TestSupport

/// What a tree expands into is bounded (`MadeLimits`), and said naming the file before the
/// gate spends minutes and gigabytes on it; and `update` writes nothing it would then refuse.
/// (150 fixtures of 256 KiB took 109 s and 1.6 GB; a forged 23 MB transitions.json made
/// 910 120 cases, and `update` wrote a 510 MB golden file that `check` refused.)
final class MadeLimitsTests: XCTestCase {
    override func setUpWithError() throws {
        try GateTestSupport.skipUnlessTheCLIIsBuilt()
    }

    private func update(_ paths: HarnessPaths) throws -> (status: Int32, out: String, err: String) {
        try GateTestSupport.runCLI(["golden", "update", "--root", paths.root.path], environment: GateTestSupport.contributorEnvironment)
    }

    func testMoreFixturesThanTheLimitAreRefusedBeforeAnyIsRead() throws {
        let paths = try GateTestSupport.smallTree()
        defer { GateTestSupport.remove(paths) }
        let legacy = try Data(contentsOf: paths.golden.appendingPathComponent("fixtures/legacy.json"))
        for index in 0..<MadeLimits.fixtures { try legacy.write(to: paths.golden.appendingPathComponent("fixtures/copy-\(index).json")) }
        let started = Date()
        let run = try update(paths)
        XCTAssertEqual(run.status, 2, run.err)
        XCTAssertTrue(run.err.contains("golden/fixtures: \(MadeLimits.fixtures + 1) fixtures, over the limit of \(MadeLimits.fixtures)"), run.err)
        XCTAssertLessThan(Date().timeIntervalSince(started), 20)
        XCTAssertFalse(FileManager.default.fileExists(atPath: paths.golden.appendingPathComponent("expected/copy-0.jsonl").path))
    }

    func testFixturesOverTheirTogetherLimitAreRefused() throws {
        let paths = try GateTestSupport.smallTree()
        defer { GateTestSupport.remove(paths) }
        let legacy = try String(contentsOf: paths.golden.appendingPathComponent("fixtures/legacy.json"), encoding: .utf8)
        let padded = legacy.replacingOccurrences(of: #""description": ""#, with: #""description": ""# + String(repeating: "x", count: 200_000))
        XCTAssertNotEqual(padded, legacy)
        for index in 0..<3 { try padded.write(to: paths.golden.appendingPathComponent("fixtures/big-\(index).json"), atomically: true, encoding: .utf8) }
        let run = try update(paths)
        XCTAssertEqual(run.status, 2, run.err)
        XCTAssertTrue(run.err.contains("golden/fixtures: the fixtures hold"), run.err)
        XCTAssertTrue(run.err.contains("over the limit of 512 KiB"), run.err)
    }

    /// A zone file of many transitions, resealed: refused at its size before it is read, and
    /// at its transition count when it fits; nothing is written.
    func testAForgedZoneFileIsRefusedAndNothingIsWritten() throws {
        let paths = try GateTestSupport.smallTree()
        defer { GateTestSupport.remove(paths) }
        var file = try ZoneDayFile.load(root: paths.root.path)
        let first = try XCTUnwrap(file.transitions.first)
        file.transitions = Array(repeating: first, count: MadeLimits.transitions + 1)
        let url = paths.root.appendingPathComponent(ZoneDayFile.path)
        try file.render().write(to: url, atomically: true, encoding: .utf8)
        let expected = paths.golden.appendingPathComponent("expected")
        let before = try FuzzTestSupport.contents(expected)
        var run = try update(paths)
        XCTAssertEqual(run.status, 2, run.err)
        XCTAssertTrue(run.err.contains("field `transitions`: \(MadeLimits.transitions + 1) transitions, over the limit of \(MadeLimits.transitions)"), run.err)
        file.transitions = Array(repeating: first, count: 20 * MadeLimits.transitions)
        try file.render().write(to: url, atomically: true, encoding: .utf8)
        run = try update(paths)
        XCTAssertEqual(run.status, 2, run.err)
        XCTAssertTrue(run.err.contains("golden/zones/transitions.json:"), run.err)
        XCTAssertTrue(run.err.contains("over the limit of 1 MiB"), run.err)
        XCTAssertEqual(try FuzzTestSupport.contents(expected), before, "update wrote")
    }

    /// A golden view file `check` would refuse is never written: `update` refuses first (the
    /// store's limits made small here, so the test writes kilobytes).
    func testAGoldenFileOverItsLimitIsRefusedBeforeAnythingIsWritten() throws {
        let folder = Scratch.folder("golden-store")
        defer { Scratch.remove(folder) }
        var store = ViewStore(folder: folder.appendingPathComponent("golden/expected"), displayName: "golden/expected", tree: TreeBoundary(root: folder))
        XCTAssertEqual(store.maximumFileBytes, InputLimits.goldenViewFileBytes)
        XCTAssertEqual(store.maximumFolderBytes, MadeLimits.goldenFolderBytes)
        store.maximumFileBytes = 4096
        let legacy = try CorpusTestSupport.fixture("legacy")
        let cases = CaseGenerator(fixtures: [legacy]).cases()
        let views = cases.map { CReferenceReader().view($0) }
        XCTAssertThrowsError(try store.write(views, cases: cases)) { error in
            XCTAssertTrue("\(error)".contains("golden/expected/legacy.jsonl: would be "), "\(error)")
            XCTAssertTrue("\(error)".contains("over the limit of 4 KiB for a golden view file"), "\(error)")
            XCTAssertTrue("\(error)".contains("nothing was written"), "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("golden/expected").path))
    }
}

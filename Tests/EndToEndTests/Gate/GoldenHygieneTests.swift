@testable import HarnessCorpus
@testable import HarnessGate
import Foundation
import XCTest
import HarnessTestSupport
import TestSupport

/// What the harness does to files it did not write, and to files a killed run left: `update`
/// never deletes a file it did not write, leftover temp files are removed by the next run,
/// odd entries in golden/fixtures/ are named with the reason, and `fuzz --findings FILE` is
/// refused before any case runs.
final class GoldenHygieneTests: XCTestCase {
    func testUpdateLeavesAFileItDidNotWriteAndRemovesItsOwnStaleOne() throws {
        let paths = try GateTestSupport.smallTree()
        defer { GateTestSupport.remove(paths) }
        let folder = paths.expected.folder
        let notes = folder.appendingPathComponent("notes.jsonl")
        try Data("{\"todo\":\"ask about D4\"}\nfree text\n".utf8).write(to: notes)
        // A view file of a fixture that no longer exists, as update wrote it: removed.
        let legacy = try String(contentsOf: folder.appendingPathComponent("legacy.jsonl"), encoding: .utf8)
        let ownLine = try XCTUnwrap(legacy.split(separator: "\n").first)
        XCTAssertTrue(ownLine.hasPrefix("{\"id\":\"legacy/"))
        try Data((ownLine.replacingOccurrences(of: "{\"id\":\"legacy/", with: "{\"id\":\"gone/") + "\n").utf8)
            .write(to: folder.appendingPathComponent("gone.jsonl"))

        let changed = try Gate.update(paths, jobs: 2)
        XCTAssertTrue(FileManager.default.fileExists(atPath: notes.path), "update deleted a file it did not write")
        XCTAssertEqual(try Data(contentsOf: notes), Data("{\"todo\":\"ask about D4\"}\nfree text\n".utf8))
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("gone.jsonl").path))
        XCTAssertTrue(changed.contains("gone.jsonl"))
        XCTAssertFalse(changed.contains("notes.jsonl"))
        XCTAssertEqual(paths.expected.foreignFiles(), ["notes.jsonl"])
    }

    /// The same through `contract-harness golden update` (as a contributor runs it, without CI): the
    /// temporary file a killed update left in golden/expected is removed and named; a file
    /// update did not write is named as left alone and kept.
    func testUpdateCommandRemovesAKilledUpdatesTemporaryFileAndKeepsForeignOnes() throws {
        try GateTestSupport.skipUnlessTheCLIIsBuilt()
        let paths = try GateTestSupport.smallTree()
        defer { GateTestSupport.remove(paths) }
        let folder = paths.expected.folder
        let leftover = ".legacy.jsonl.tmp-\(try deadProcessIdentifier())"
        try Data("{\"id\":\"legacy/ba".utf8).write(to: folder.appendingPathComponent(leftover))
        try Data("free text\n".utf8).write(to: folder.appendingPathComponent("notes.jsonl"))
        var contributor = ProcessInfo.processInfo.environment
        contributor["CI"] = nil
        let run = try GateTestSupport.runCLI(["golden", "update", "--root", paths.root.path], environment: contributor)
        XCTAssertEqual(run.status, 0, run.out + run.err)
        XCTAssertTrue(run.err.contains("removed golden/expected/\(leftover) (a temporary file left by a killed run)"), run.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent(leftover).path))
        XCTAssertTrue(run.err.contains("left golden/expected/notes.jsonl alone"), run.err)
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("notes.jsonl")), Data("free text\n".utf8))
    }

    func testTemporaryFilesOfAKilledRunAreRemovedByTheNextOne() throws {
        let folder = Scratch.folder()
        defer { Scratch.remove(folder) }
        let dead = try deadProcessIdentifier()
        let leftover = ".canonical.jsonl.tmp-\(dead)"
        let live = ".other.jsonl.tmp-\(getpid())"
        for name in [leftover, live, "keep.tmp-\(dead)", "canonical.jsonl"] {
            try Data("x".utf8).write(to: folder.appendingPathComponent(name))
        }
        XCTAssertEqual(LeftoverTemporaryFiles.clean(folder), [leftover])
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        XCTAssertEqual(left, [live, "canonical.jsonl", "keep.tmp-\(dead)"].sorted())
    }

    func testFuzzCleansItsFindingsFolderAndRefusesAFileForIt() throws {
        try GateTestSupport.skipUnlessTheCLIIsBuilt()
        let folder = Scratch.folder()
        defer { Scratch.remove(folder) }
        let root = TestRepository.root.path
        // A file where the findings folder should be: refused at once (a huge run would take hours).
        let file = folder.appendingPathComponent("findings.json")
        try Data("{}".utf8).write(to: file)
        let refused = try GateTestSupport.runCLI(["fuzz", "--root", root, "--seed", "1", "--cases", "1000000000", "--findings", file.path])
        XCTAssertEqual(refused.status, 2, refused.out + refused.err)
        XCTAssertTrue(refused.err.contains("is a file"), refused.err)
        // At once: before any case (no progress line, no summary), not after the run.
        XCTAssertFalse(refused.err.contains("fuzz: "), refused.err)
        XCTAssertEqual(refused.out, "")
        XCTAssertEqual(try Data(contentsOf: file), Data("{}".utf8))
        // Before the Kotlin testee is compiled too (a reader file that does not exist would be
        // the complaint otherwise).
        let withKotlin = try GateTestSupport.runCLI(["fuzz", "--root", root, "--seed", "1", "--seconds", "600", "--findings", file.path,
                                                     "--kotlin-parser", folder.appendingPathComponent("none.kt").path])
        XCTAssertEqual(withKotlin.status, 2, withKotlin.out + withKotlin.err)
        XCTAssertTrue(withKotlin.err.contains("is a file"), withKotlin.err)

        // A leftover from a killed run in the findings folder: removed and named.
        let findings = folder.appendingPathComponent("findings")
        try FileManager.default.createDirectory(at: findings, withIntermediateDirectories: true)
        let leftover = ".7-12.json.tmp-\(try deadProcessIdentifier())"
        try Data("{\"form".utf8).write(to: findings.appendingPathComponent(leftover))
        let run = try GateTestSupport.runCLI(["fuzz", "--root", root, "--seed", "1", "--cases", "20", "--findings", findings.path])
        XCTAssertEqual(run.status, 0, run.out + run.err)
        XCTAssertTrue(run.err.contains("removed") && run.err.contains(leftover), run.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: findings.appendingPathComponent(leftover).path))
    }

    func testOddEntriesInTheFixturesFolderAreNamedWithTheReason() throws {
        let paths = try GateTestSupport.copyOfGolden()
        defer { GateTestSupport.remove(paths) }
        let fixtures = paths.root.appendingPathComponent("golden/fixtures")
        let folder = fixtures.appendingPathComponent("x.json")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        XCTAssertThrowsError(try FixtureLoader.load(root: paths.root.path)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("golden/fixtures/x.json") && text.contains("is a folder"), text)
        }
        try FileManager.default.removeItem(at: folder)
        try FileManager.default.createSymbolicLink(atPath: fixtures.appendingPathComponent("loop.json").path,
                                                   withDestinationPath: "loop.json")
        XCTAssertThrowsError(try FixtureLoader.load(root: paths.root.path)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("golden/fixtures/loop.json") && text.contains("symbolic links"), text)
        }
    }

    /// The pid of a process that has ended (a `true` that ran and was reaped).
    private func deadProcessIdentifier() throws -> pid_t {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }
}

import Foundation
import XCTest
@testable import HarnessCorpus
import HarnessTestSupport
import TestSupport

/// A pull request can turn any path under `golden/` into a symbolic link. The harness must
/// neither write through one (`update`, `record`, `fuzz`) nor read through one that leaves
/// the tree (`check`, `explain`, `report`): exit 2 naming the link, before anything is
/// written, and nothing of the outside file shown.
final class TreeBoundaryTests: XCTestCase {
    private var paths: HarnessPaths!
    private var outside: URL!

    override func setUpWithError() throws {
        paths = try GateTestSupport.smallTree()
        outside = Scratch.url("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        GateTestSupport.remove(paths)
        try? FileManager.default.removeItem(at: outside)
    }

    private var root: String { paths.root.path }

    private func golden(_ relative: String) -> URL { paths.golden.appendingPathComponent(relative) }

    /// Replaces `relative` under golden/ with a link to `target`.
    private func link(_ relative: String, to target: String) throws {
        try? FileManager.default.removeItem(at: golden(relative))
        try FileManager.default.createSymbolicLink(atPath: golden(relative).path, withDestinationPath: target)
    }

    private func outsideFile(_ name: String, _ text: String) throws -> URL {
        let url = outside.appendingPathComponent(name)
        try text.write(to: url, atomically: false, encoding: .utf8)
        return url
    }

    private func assertRefused(_ run: (status: Int32, out: String, err: String), naming path: String,
                               file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(run.status, 2, "\(run.out)\n\(run.err)", file: file, line: line)
        XCTAssertTrue(run.err.hasPrefix("contract-harness: \(path): "), run.err, file: file, line: line)
        XCTAssertTrue(run.err.contains("symbolic link"), run.err, file: file, line: line)
    }

    func testUpdateRefusesAnExpectedFileLinkedOutside() throws {
        let target = try outsideFile("legacy.jsonl", "someone else's file\n")
        try link("expected/legacy.jsonl", to: target.path)
        let run = try GateTestSupport.runCLI(["golden", "update", "--root", root], environment: GateTestSupport.contributorEnvironment)
        assertRefused(run, naming: "golden/expected/legacy.jsonl")
        XCTAssertEqual(try String(contentsOf: target, encoding: .utf8), "someone else's file\n")
    }

    func testUpdateRefusesALinkInsideTheTreeToo() throws {
        // Reads may follow a link that stays inside; a golden write never follows one.
        try FileManager.default.moveItem(at: golden("expected/legacy.jsonl"), to: golden("legacy-copy.jsonl"))
        try "stale\n".write(to: golden("legacy-copy.jsonl"), atomically: false, encoding: .utf8)
        try link("expected/legacy.jsonl", to: "../legacy-copy.jsonl")
        let run = try GateTestSupport.runCLI(["golden", "update", "--root", root], environment: GateTestSupport.contributorEnvironment)
        assertRefused(run, naming: "golden/expected/legacy.jsonl")
        XCTAssertEqual(try String(contentsOf: golden("legacy-copy.jsonl"), encoding: .utf8), "stale\n")
    }

    func testUpdateRefusesTheExpectedFolderLinkedOutside() throws {
        try FileManager.default.moveItem(at: golden("expected"), to: outside.appendingPathComponent("expected"))
        try "x\n".write(to: outside.appendingPathComponent("expected/no-tasks.jsonl"), atomically: false, encoding: .utf8)
        try link("expected", to: outside.appendingPathComponent("expected").path)
        let run = try GateTestSupport.runCLI(["golden", "update", "--root", root], environment: GateTestSupport.contributorEnvironment)
        assertRefused(run, naming: "golden/expected")
        XCTAssertEqual(try String(contentsOf: outside.appendingPathComponent("expected/no-tasks.jsonl"), encoding: .utf8), "x\n")
    }

    func testFuzzRefusesTheFindingsFolderLinkedOutside() throws {
        try FileManager.default.createDirectory(at: outside.appendingPathComponent("findings"), withIntermediateDirectories: true)
        try link("findings", to: outside.appendingPathComponent("findings").path)
        let run = try GateTestSupport.runCLI(["fuzz", "--root", root, "--seed", "1", "--cases", "50", "--quiet"])
        assertRefused(run, naming: "golden/findings")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: outside.appendingPathComponent("findings").path), [])
    }

    func testRecordRefusesARecordedFileLinkedOutside() throws {
        let target = try outsideFile("legacy.jsonl", "someone else's file\n")
        try link("kotlin/legacy.jsonl", to: target.path)
        let testee = TestRepository.root.appendingPathComponent(".build/debug/ios-example-testee").path
        let run = try GateTestSupport.runCLI(["golden", "record", "kotlin=\(testee)", "--root", root])
        assertRefused(run, naming: "golden/kotlin/legacy.jsonl")
        XCTAssertEqual(try String(contentsOf: target, encoding: .utf8), "someone else's file\n")
    }

    func testCheckDoesNotReadADivergenceListLinkedToPasswd() throws {
        try link("divergences/kotlin.txt", to: "/etc/passwd")
        let run = try GateTestSupport.runCLI(["check", "--root", root])
        assertRefused(run, naming: "golden/divergences/kotlin.txt")
        XCTAssertFalse(run.err.contains("root:") || run.out.contains("root:"), run.err)
    }

    func testALinkLoopIsRefusedNamingIt() throws {
        try link("divergences/kotlin.txt", to: "kotlin.txt")
        let run = try GateTestSupport.runCLI(["check", "--root", root])
        assertRefused(run, naming: "golden/divergences/kotlin.txt")
        XCTAssertTrue(run.err.contains("loop"), run.err)
    }

    func testAFixtureLinkedOutsideIsNeitherUsedNorShown() throws {
        var text = try String(contentsOf: golden("fixtures/legacy.json"), encoding: .utf8)
        text = text.replacingOccurrences(of: "\"description\": \"", with: "\"description\": \"OUTSIDE-SECRET ")
        let target = try outsideFile("legacy.json", text)
        try link("fixtures/legacy.json", to: target.path)
        let id = try XCTUnwrap(try GateTestSupport.repositoryCorpus().cases.first { $0.id.hasPrefix("legacy/") }?.id)
        for arguments in [["explain", id, "--root", root], ["check", "--root", root, "--html", "-"], ["check", "--root", root]] {
            let run = try GateTestSupport.runCLI(arguments)
            assertRefused(run, naming: "golden/fixtures/legacy.json")
            XCTAssertFalse(run.out.contains("OUTSIDE-SECRET") || run.err.contains("OUTSIDE-SECRET"), "\(arguments)")
        }
    }

    func testALinkThatStaysInsideTheTreeMayBeRead() throws {
        try FileManager.default.moveItem(at: golden("divergences/kotlin.txt"), to: golden("kotlin-list.txt"))
        try link("divergences/kotlin.txt", to: "../kotlin-list.txt")
        XCTAssertEqual(try GateTestSupport.runCLI(["check", "--root", root, "--quiet"]).status, 0)
    }

    func testAGoldenWriteRefusesALinkAndAUserChosenOutputFollowsIt() throws {
        let tree = TreeBoundary(root: paths.root)
        let target = try outsideFile("real.json", "old")
        try link("expected/out.json", to: target.path)
        XCTAssertThrowsError(try AtomicFile.write("new", to: golden("expected/out.json"), within: tree)) { error in
            XCTAssertTrue("\(error)".hasPrefix("golden/expected/out.json: "), "\(error)")
        }
        XCTAssertEqual(try String(contentsOf: target, encoding: .utf8), "old")
        // Outside the tree (--out, --json): the user's own link, followed as before.
        let userLink = outside.appendingPathComponent("link.json")
        try FileManager.default.createSymbolicLink(atPath: userLink.path, withDestinationPath: target.path)
        try AtomicFile.write("new", to: userLink, within: tree)
        XCTAssertEqual(try String(contentsOf: target, encoding: .utf8), "new")
        try AtomicFile.write("to the null device", to: URL(fileURLWithPath: "/dev/null"), within: tree)
    }
}

import Foundation
import XCTest
import HarnessTestSupport
import TestSupport

/// Scripts end their options before user values and refuse empty or option-looking values:
/// `scripts/adequacy --since --output=FILE` handed `--output=FILE` to `git diff` as an option
/// (FILE truncated, "0 selected", exit 0), and `--since ""` started the 15-minute full run.
final class ScriptValuesTests: XCTestCase {
    private func adequacy(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try GateTestSupport.runMerged(TestRepository.root.appendingPathComponent("scripts/adequacy"), arguments)
    }

    func testAnOptionLookingSinceIsRefusedAndTouchesNothing() throws {
        let folder = Scratch.folder("adequacy-victim")
        defer { Scratch.remove(folder) }
        let victim = folder.appendingPathComponent("victim.txt")
        try Data("keep me\n".utf8).write(to: victim)
        let run = try adequacy(["--since", "--output=\(victim.path)"])
        XCTAssertEqual(run.status, 2, run.output)
        XCTAssertTrue(run.output.contains("--since takes a value"), run.output)
        XCTAssertEqual(try String(contentsOf: victim, encoding: .utf8), "keep me\n", "the file was written through git diff's --output")
    }

    func testAnEmptySinceIsRefusedAtOnce() throws {
        let started = Date()
        let run = try adequacy(["--since", ""])
        XCTAssertEqual(run.status, 2, run.output)
        XCTAssertTrue(run.output.contains("--since takes a value"), run.output)
        XCTAssertLessThan(Date().timeIntervalSince(started), 30, "an empty --since started a run")
    }

    /// A revision that is not one is named, and nothing runs (git's own message was the only word).
    func testASinceThatIsNoRevisionIsNamed() throws {
        let run = try adequacy(["--since", "no-such-revision-anywhere"])
        XCTAssertEqual(run.status, 2, run.output)
        XCTAssertTrue(run.output.contains("--since no-such-revision-anywhere: not a revision of this repository"), run.output)
    }
}

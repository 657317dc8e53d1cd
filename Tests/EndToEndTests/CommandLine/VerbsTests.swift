import Foundation
import HarnessReaders
import HarnessTestSupport
import XCTest
import TestSupport

/// The command line's shape (issue 34): a few verbs, a group's subcommands behind its word, one
/// spelling for every external end (`NAME[@…]=COMMAND`), and the spellings of the earlier release
/// still working with a note on stderr that names the new one.
final class VerbsTests: XCTestCase {
    /// The verbs `contract-harness --help` lists, in order.
    private func verbs() throws -> [String] {
        let help = try GateTestSupport.runCLI(["--help"])
        XCTAssertEqual(help.status, 0)
        let block = try XCTUnwrap(help.out.components(separatedBy: "COMMANDS:\n").last)
        return block.components(separatedBy: "\n").prefix { !$0.isEmpty }.map { String($0.split(separator: " ").first ?? "") }
    }

    func testTheTopLevelHasAtMostEightVerbsAndEachHasHelp() throws {
        let verbs = try verbs()
        XCTAssertLessThanOrEqual(verbs.count, 8, "\(verbs)")
        XCTAssertEqual(Array(verbs.prefix(3)), ["check", "explain", "fuzz"], "the gate first")
        for verb in ["golden", "tool"] { XCTAssertTrue(verbs.contains(verb), "\(verbs)") }
        for verb in verbs {
            let help = try GateTestSupport.runCLI([verb, "--help"])
            XCTAssertEqual(help.status, 0, verb + help.err)
            XCTAssertTrue(help.out.hasPrefix("USAGE: contract-harness \(verb)"), verb + ": " + help.out.prefix(200))
        }
    }

    func testAGroupWithoutItsSubcommandShowsItsSubcommandsAndAnUnknownOneIsBadUsage() throws {
        let bare = try GateTestSupport.runCLI(["golden"])
        XCTAssertEqual(bare.status, 2)
        for sub in ["update", "refresh", "record", "diff", "zones", "schemas"] { XCTAssertTrue(bare.out.contains("\n  \(sub) "), sub + bare.out) }
        let typo = try GateTestSupport.runCLI(["tool", "case"])
        XCTAssertEqual(typo.status, 2)
        XCTAssertTrue(typo.err.contains("`tool` has no subcommand `case`"), typo.err)
        let unknown = try GateTestSupport.runCLI(["gate"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.err.contains("unknown command `gate`"), unknown.err)
    }

    /// Every earlier spelling runs the same subcommand, says the new one on stderr, and writes
    /// the same standard output.
    func testTheEarlierSpellingsStillRunWithANoteNamingTheNewOne() throws {
        let root = TestRepository.root.path
        let pairs: [([String], [String])] = [
            (["cases", "--root", root, "--fixture", "legacy"], ["tool", "cases", "--root", root, "--fixture", "legacy"]),
            (["list", "fixtures", "--root", root], ["tool", "list", "fixtures", "--root", root]),
            (["zones", "--root", root], ["golden", "zones", "--root", root]),
            (["schemas", "--root", root], ["golden", "schemas", "--root", root]),
        ]
        for (old, new) in pairs {
            let before = try GateTestSupport.runCLI(old), after = try GateTestSupport.runCLI(new)
            XCTAssertEqual(before.status, after.status, old.joined(separator: " "))
            XCTAssertEqual(before.out, after.out, old.joined(separator: " "))
            XCTAssertTrue(before.err.contains("note: `contract-harness \(old[0])` is now `contract-harness \(new[0]) \(new[1])`"), before.err)
            XCTAssertFalse(after.err.contains("note:"), after.err)
        }
        let report = try GateTestSupport.runCLI(["report", "--help"])
        XCTAssertTrue(report.err.contains("is now `contract-harness check --html FILE`"), report.err)
    }

    /// The help of every command taking a writer spells it the one way, in its synopsis too:
    /// `--writer NAME[@REVISION]=COMMAND`, never the earlier release's bare command.
    func testEveryHelpSpellsTheWriterNameEqualsCommand() throws {
        for command in [["check"], ["explain"], ["fuzz"], ["fuzz", "states"], ["tool", "cases"]] {
            let help = try GateTestSupport.runCLI(command + ["--help"])
            XCTAssertEqual(help.status, 0, help.err)
            for old in ["--writer COMMAND", "--writer CMD", "--writer-command"] {
                XCTAssertFalse(help.out.contains(old), "\(command.joined(separator: " ")) --help: \(old)")
            }
            XCTAssertTrue(help.out.contains("--writer NAME"), "\(command.joined(separator: " ")) --help names no writer")
        }
    }

    /// `NAME[@…]=COMMAND` for a testee, a writer and a recorded reader; a writer's bare command
    /// of the earlier release still works, with a note.
    func testEveryExternalEndIsSpelledNameEqualsCommand() throws {
        let tree = try GateTestSupport.smallTree(fixtures: ["legacy"])
        defer { GateTestSupport.remove(tree) }
        let root = tree.root.path
        let cli = GateTestSupport.cli.path
        let writer = try WriterCommand.tree.resolve(root: TestRepository.root)
        let named = try GateTestSupport.runCLI(["check", "--root", root, "--no-recordings", "--quiet",
                                                "--testee", "swiftproc=\(cli) tool decode --reader swift", "--writer", "app=\(writer)"])
        XCTAssertEqual(named.status, 0, named.out + named.err)
        XCTAssertFalse(named.err.contains("note:"), named.err)
        let old = try GateTestSupport.runCLI(["check", "--root", root, "--no-recordings", "--quiet", "--writer", writer])
        XCTAssertEqual(old.status, 0, old.out + old.err)
        XCTAssertTrue(old.err.contains("--writer NAME[@REVISION]=COMMAND"), old.err)
        let badName = try GateTestSupport.runCLI(["check", "--root", root, "--testee", "Bad Name=cat"])
        XCTAssertEqual(badName.status, 2)
        XCTAssertTrue(badName.err.contains("must be [a-z0-9_-]+"), badName.err)

        let cases = tree.root.appendingPathComponent("one.jsonl").path
        _ = try GateTestSupport.runCLI(["tool", "cases", "--root", root, "--fixture", "legacy", "--out", cases])
        let out = tree.root.appendingPathComponent("views.jsonl").path
        let recorded = try GateTestSupport.runCLI(["golden", "record", "swiftproc=\(cli) tool decode --reader swift", "--cases", cases, "--out", out])
        XCTAssertEqual(recorded.status, 0, recorded.err)
        XCTAssertFalse(recorded.err.contains("note:"), recorded.err)
        let notRecorded = try GateTestSupport.runCLI(["golden", "record", "swiftproc=cat", "--root", root])
        XCTAssertEqual(notRecorded.status, 2)
        XCTAssertTrue(notRecorded.err.contains("`swiftproc` is not a recorded reader"), notRecorded.err)
        let typo = try GateTestSupport.runCLI(["golden", "record", "--testee", "x=cat"])
        XCTAssertTrue(typo.err.contains("unknown option --testee"), typo.err)
    }
}

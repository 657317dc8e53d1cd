import Foundation
import XCTest
@testable import HarnessCorpus
@testable import HarnessGate
import HarnessTestSupport

/// The contributor's flow from an edited fixture to a reviewable change, run through the CLI
/// in a copy of the tree (its own git repository): `check` says the golden files are stale and
/// what to run — never a divergence — and `refresh` regenerates them (the real Kotlin
/// recording included), shows the diff naming the changed field, and leaves `check` passing.
final class ContractChangeFlowTests: XCTestCase {
    override func setUpWithError() throws {
        try GateTestSupport.skipUnlessTheCLIIsBuilt()
    }

    func testAnEditedFixtureIsStaleThenRefreshRegeneratesAndTheGatePasses() throws {
        let tree = try Self.gitCopyOfTheTree()
        defer { try? FileManager.default.removeItem(at: tree) }
        let paths = HarnessPaths(root: tree)
        let before = try Corpus.load(paths)
        try GoldenProvenanceTests.renameFirstTitle(paths)
        let after = try Corpus.load(paths)
        let old = Dictionary(uniqueKeysWithValues: before.cases.map { ($0.id, $0) })
        let changed = after.cases.filter { old[$0.id] != $0 }.count
        let fromState = after.cases.filter { old[$0.id] != $0 && $0.id.hasPrefix("states/") }.count  // state fixtures/many-tasks's
        XCTAssertEqual(fromState, 2)
        XCTAssertGreaterThan(changed, 100)

        let check = try GateTestSupport.runCLI(["check", "--root", tree.path])
        XCTAssertEqual(check.status, 1, check.out + check.err)
        XCTAssertTrue(check.out.contains("""
            FAIL: expected is stale: run `contract-harness golden update` (then review `git diff golden/expected`)
              \(changed) cases changed since golden/expected was written: many-tasks \(changed - fromState), states \(fromState)
            """), check.out)
        XCTAssertTrue(check.out.contains("""
            FAIL: recording is stale: run `scripts/record-kotlin`
              \(changed) cases changed since golden/kotlin was recorded: many-tasks \(changed - fromState), states \(fromState)
            """), check.out)
        XCTAssertTrue(check.out.contains("`contract-harness golden refresh`"), check.out)
        for advice in ["TODO", "after review add to", "unexpected deviations", "remove from golden/divergences"] {
            XCTAssertFalse(check.out.contains(advice), "\(advice) in:\n\(check.out)")
        }

        // A contributor's machine: CI runners set `CI`, under which refresh refuses (tested below).
        var contributor = ProcessInfo.processInfo.environment
        contributor["CI"] = nil
        // A README with a generated transcript: refresh rewrites the region from its gate run.
        let readme = tree.appendingPathComponent("README.md")
        try "# Tree\n\(DocTranscript.begin)\nstale figures\n\(DocTranscript.end)\nafter\n".write(to: readme, atomically: true, encoding: .utf8)
        let refresh = try GateTestSupport.runCLI(["golden", "refresh", "--root", tree.path], environment: contributor)
        XCTAssertEqual(refresh.status, 0, refresh.out + refresh.err)
        let transcript = try XCTUnwrap(DocTranscript.current(in: try String(contentsOf: readme, encoding: .utf8)))
        let corpus = try Corpus.load(HarnessPaths(root: tree))
        XCTAssertTrue(transcript.contains("contract-harness check: \(corpus.cases.count) cases from"), transcript)
        XCTAssertTrue(transcript.hasSuffix("PASS\n```"), transcript)
        XCTAssertTrue(refresh.out.contains("rewrote the generated transcript in README.md"), refresh.out)
        XCTAssertTrue(refresh.out.contains("updated golden/expected: many-tasks.jsonl"), refresh.out)
        XCTAssertTrue(refresh.err.contains("record: wrote golden/kotlin/"), refresh.err)
        // The diff names the changed field, for the reference and for Kotlin.
        // (many-tasks shows the renamed task as a row too.)
        for folder in ["expected (golden/expected):\n", "kotlin (golden/kotlin):\n"] {
            let section = refresh.out.components(separatedBy: folder).dropFirst().first ?? ""
            let fields = section.split(separator: "\n").prefix(2).map { String($0.split(separator: " ").first ?? "") }
            XCTAssertEqual(fields, ["display.rows[].title", "parse.tasks[].title"], "\(folder) in:\n\(refresh.out)")
        }
        XCTAssertTrue(refresh.out.contains(#"many-tasks/base@berlin@before  parse.tasks[0].title: "Task number 1" → "Task number 1, renamed""#), refresh.out)
        XCTAssertTrue(refresh.out.contains("== 4/4 contract-harness check\nPASS"), refresh.out)

        let again = try GateTestSupport.runCLI(["check", "--root", tree.path, "--quiet"])
        XCTAssertEqual(again.out, "PASS\n", again.out + again.err)
        XCTAssertEqual(again.status, 0)
    }

    /// `refresh --base` naming no revision (a typo, or '') is exit 2 before any golden file is
    /// written, although the fixtures changed and `update` would write golden/expected.
    func testRefreshWithABaseThatIsNoRevisionWritesNothing() throws {
        let paths = try GateTestSupport.statesTree()
        defer { GateTestSupport.remove(paths) }
        try GoldenProvenanceTests.renameFirstTitle(paths)
        let expected = paths.golden.appendingPathComponent("expected/many-tasks.jsonl")
        let before = try Data(contentsOf: expected)
        var contributor = ProcessInfo.processInfo.environment
        contributor["CI"] = nil
        for base in ["no-such-rev", ""] {
            let run = try GateTestSupport.runCLI(["golden", "refresh", "--root", paths.root.path, "--no-kotlin", "--base", base], environment: contributor)
            XCTAssertEqual(run.status, 2, "\(base): " + run.out + run.err)
            XCTAssertTrue(run.err.contains("--base `\(base)` is not a revision of"), run.err)
            XCTAssertEqual(try Data(contentsOf: expected), before, "\(base): golden/expected was written")
        }
    }

    func testRefreshRefusesUnderCI() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = "true"
        let run = try GateTestSupport.runCLI(["golden", "refresh", "--root", "/nonexistent"], environment: environment)
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.err.contains("refresh refuses to run under CI"), run.err)
    }

    /// The canonical small tree (`GateTestSupport.canonicalTree`: its `golden/` and `schemas/`)
    /// with the whole `scripts/`, the Kotlin end and its testee tools (`copyKotlinRecording`), committed
    /// as its own git repository, so `diff --base HEAD` has a base.
    static func gitCopyOfTheTree() throws -> URL {
        let tree = try GateTestSupport.statesTree().root
        // schemas (in the small tree): the Kotlin glue writes the fields schemas/contract.json describes
        try GateTestSupport.copyKotlinRecording(into: tree)
        for arguments in [["init", "-q"], ["add", "golden"], ["-c", "user.name=t", "-c", "user.email=t@example.invalid", "commit", "-qm", "base"]] {
            _ = try GitRevision.git(arguments, in: tree)
        }
        return tree
    }
}

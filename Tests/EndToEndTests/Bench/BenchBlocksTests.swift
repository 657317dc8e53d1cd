import Foundation
import HarnessTestSupport
import XCTest
import TestSupport

/// A measurement's figures reach the benchmarks guide only through its own generated block: the CI-steps
/// table from `scripts/test`'s own step timings (`WidgetBench ci-steps`), a script's rows through
/// `WidgetBench write-block`; the rest of the guide is left as it was, and a run with nothing to
/// report writes nothing.
final class BenchBlocksTests: XCTestCase {
    private var bench: URL { TestRepository.url(".build/debug/WidgetBench") }

    private let guide = """
        # Benchmarks

        The method, by hand.

        ### The gate

        <!-- BEGIN GENERATED gate by `scripts/bench --only gate`: everything up to the END line is rewritten by it -->
        gate rows
        <!-- END GENERATED gate -->

        ### CI steps

        <!-- BEGIN GENERATED ci-steps by `scripts/bench --only ci-steps`: everything up to the END line is rewritten by it -->
        old rows
        <!-- END GENERATED ci-steps -->

        """

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: bench.path) else {
            throw XCTSkip("build WidgetBench first: swift build --build-tests (scripts/test does)")
        }
    }

    /// A `scripts/test` run's folder: two steps, the run, what it saw.
    private func steps(runWall: Int) throws -> URL {
        let folder = Scratch.folder("test-steps")
        let files = [
            "gate.took": "73 s, CPU 0m23.500s 0m0.500s\n",
            "gate.title": "the gate: contract-harness check with the example testees (Examples/ios-testee)\n",
            "xctest-0.took": "200 s, CPU 1m30.000s 0m8.000s\n",
            "xctest-0.title": "unit tests, XCTest shard 1 of 3 (160 tests, ~95 s)\n",
            "xctest-0.log": "not read\n",
            "run.took": "\(runWall) s, CPU 8m0.000s 0m30.000s\n",
            "run.about": "commit: abc1234\nstarted: 2026-01-01 10:00 UTC\ncores: 2\nCI: true\nbuild at start: none\n"
                + "load at start: 0.10 0.20 0.30\nload at end: 1.50 1.00 0.50\nresult: passed\n",
        ]
        for (name, text) in files { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return folder
    }

    private func run(_ arguments: [String], stdin: String = "") throws -> (status: Int32, out: String, err: String) {
        let input = Scratch.url("stdin")
        defer { Scratch.remove(input) }
        try stdin.write(to: input, atomically: true, encoding: .utf8)
        return try GateTestSupport.run(bench, arguments, stdin: input)
    }

    func testTheCIStepsTableIsMadeFromTheRunsOwnTimings() throws {
        let folder = try steps(runWall: 290)
        let file = Scratch.url("benchmarks", extension: "md")
        defer { Scratch.remove(folder); Scratch.remove(file) }
        try guide.write(to: file, atomically: true, encoding: .utf8)
        let done = try run(["ci-steps", "--steps", folder.path, "--markdown", file.path, "--command", "scripts/bench --only ci-steps"])
        XCTAssertEqual(done.status, 0, done.err)
        let expected = """
            _Made by `scripts/bench --only ci-steps` from the last `scripts/test` run: commit `abc1234`, started 2026-01-01 10:00 UTC, \
            2 cores, CI=true, the run passed; load average at start 0.10 0.20 0.30, at end 1.50 1.00 0.50._

            | step | what it runs | CPU (user + system) | wall |
            |---|---|---:|---:|
            | xctest-0 | unit tests, XCTest shard 1 of 3 | 98.0 s | 200 s |
            | gate | the gate: contract-harness check with the example testees | 24.0 s | 73 s |
            | **steps** | | **122.0 s** | |
            | bootstrap, build and the rest | the run minus its steps | 388.0 s | |
            | **the run** | `scripts/test` | **510.0 s** | **290 s** |

            Target: `CI=true scripts/test` on a fresh clone within 360 s on 2 cores: 290 s, met (a clone with no build at its start).

            """
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), guide.replacingOccurrences(of: "old rows\n", with: expected))
    }

    func testARunOverTheBudgetSaysMissed() throws {
        let folder = try steps(runWall: 400)
        let file = Scratch.url("benchmarks", extension: "md")
        defer { Scratch.remove(folder); Scratch.remove(file) }
        try guide.write(to: file, atomically: true, encoding: .utf8)
        XCTAssertEqual(try run(["ci-steps", "--steps", folder.path, "--markdown", file.path]).status, 0)
        XCTAssertTrue(try String(contentsOf: file, encoding: .utf8).contains("within 360 s on 2 cores: 400 s, **missed**"))
    }

    func testNothingToReportWritesNothing() throws {
        let file = Scratch.url("benchmarks", extension: "md")
        let empty = Scratch.folder("test-steps")
        defer { Scratch.remove(file); Scratch.remove(empty) }
        try guide.write(to: file, atomically: true, encoding: .utf8)
        let noRun = try run(["ci-steps", "--steps", empty.path, "--markdown", file.path])
        XCTAssertEqual(noRun.status, 2)
        XCTAssertTrue(noRun.err.contains("no step timings in \(empty.path) (NAME.took): run `scripts/test`"), noRun.err)
        let noInput = try run(["write-block", "--key", "limit", "--heading", "### The gate at the fixture limit", "--markdown", file.path])
        XCTAssertEqual(noInput.status, 2)
        XCTAssertTrue(noInput.err.contains("nothing on standard input: the block `limit` is left as it was"), noInput.err)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), guide)
    }

    func testAScriptsRowsBecomeTheirBlockUnderTheStamp() throws {
        let file = Scratch.url("benchmarks", extension: "md")
        defer { Scratch.remove(file) }
        try guide.write(to: file, atomically: true, encoding: .utf8)
        let rows = "| build | run |\n|---|---|\n| release | `check` |\n"
        let done = try run(["write-block", "--key", "limit", "--heading", "### The gate at the fixture limit", "--markdown", file.path,
                            "--root", TestRepository.root.path, "--command", "scripts/bench --only limit"], stdin: rows)
        XCTAssertEqual(done.status, 0, done.err)
        let text = try String(contentsOf: file, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix(guide + "\n### The gate at the fixture limit\n\n<!-- BEGIN GENERATED limit by `scripts/bench --only limit`"), text)
        let block = try XCTUnwrap(text.components(separatedBy: "rewritten by it -->\n").last)
        XCTAssertTrue(block.hasPrefix("_Made by `scripts/bench --only limit` at commit `"), block)
        XCTAssertTrue(block.hasSuffix("._\n\n" + rows + "<!-- END GENERATED limit -->\n"), block)
    }
}

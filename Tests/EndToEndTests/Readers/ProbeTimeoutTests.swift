import Foundation
import XCTest
import HarnessTestSupport
@testable import HarnessReaders
import TestSupport

/// Every timeout comes from its flag or the budget: `record`'s probe of the testee command
/// (`COMMAND --contract-revision`, and the JVM's own facts) waits as long as a testee's start
/// may (`--start-timeout`), not a fixed two minutes.
final class ProbeTimeoutTests: XCTestCase {
    override func setUpWithError() throws {
        try GateTestSupport.skipUnlessTheCLIIsBuilt()
        try GateTestSupport.skipUnlessKotlin()
    }

    /// A `java` that tells its properties but never answers anything else: with
    /// `--start-timeout 2` the recording is refused within seconds (it took 126 s).
    func testTheRevisionProbeWaitsOnlyTheStartTimeout() throws {
        let paths = try GateTestSupport.smallTree()
        defer { GateTestSupport.remove(paths) }
        // (RECORDING.json hashes the Kotlin end's sources: the tree holds them.)
        for source in KotlinProvenance.sources {
            let copy = paths.root.appendingPathComponent(source)
            try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: TestRepository.root.appendingPathComponent(source), to: copy)
        }
        let bin = paths.root.appendingPathComponent("jvm")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let java = bin.appendingPathComponent("java")
        try Data("""
            #!/bin/sh
            case "$*" in *-XshowSettings*) printf '    java.runtime.version = 17\\n    java.vendor = test\\n' >&2; exit 0;; esac
            exec sleep 600
            """.utf8).write(to: java)
        chmod(java.path, 0o755)
        let before = try? Data(contentsOf: paths.root.appendingPathComponent("golden/kotlin/legacy.jsonl"))
        let started = Date()
        let run = try GateTestSupport.runCLI(["golden", "record", "--root", paths.root.path, "--timeout", "1", "--start-timeout", "2",
                                              "kotlin=\(java.path) -cp /usr/share/java/com.android.json.jar Main"])
        let wall = Date().timeIntervalSince(started)
        XCTAssertLessThan(wall, 30, "record waited \(wall) s with --start-timeout 2\n" + run.out + run.err)
        XCTAssertNotEqual(run.status, 0, run.out + run.err)
        XCTAssertEqual(try? Data(contentsOf: paths.root.appendingPathComponent("golden/kotlin/legacy.jsonl")), before, "nothing written")
    }
}

/// The writer end's start is a start like a testee's: `--start-timeout` bounds it in `check
/// --writer`, and `fuzz --writer --seconds T` waits for it no longer than T (it waited a
/// fixed 30 s).
final class WriterStartTimeoutTests: XCTestCase {
    override func setUpWithError() throws {
        try GateTestSupport.skipUnlessTheCLIIsBuilt()
    }

    func testAHungWriterCostsNoMoreThanTheFuzzBudget() throws {
        let started = Date()
        let run = try GateTestSupport.runCLI(["fuzz", "states", "--root", TestRepository.root.path, "--seed", "1",
                                              "--seconds", "3", "--writer", "hung=sleep 600", "--no-save", "--quiet"])
        let wall = Date().timeIntervalSince(started)
        XCTAssertLessThan(wall, 15, "fuzz --writer --seconds 3 took \(wall) s with a hung writer\n" + run.out + run.err)
        XCTAssertEqual(run.status, 1, "no state was judged: not a pass\n" + run.out + run.err)
    }

    func testCheckGivesAHungWriterItsStartTimeout() throws {
        let paths = try GateTestSupport.smallTree(states: true)
        defer { GateTestSupport.remove(paths) }
        let started = Date()
        let run = try GateTestSupport.runCLI(["check", "--root", paths.root.path, "--writer", "hung=sleep 600", "--start-timeout", "2", "--quiet"])
        let wall = Date().timeIntervalSince(started)
        XCTAssertLessThan(wall, 20, "check --writer took \(wall) s with --start-timeout 2\n" + run.out + run.err)
        XCTAssertEqual(run.status, 2, run.out + run.err)
        XCTAssertTrue(run.err.contains("answered no state"), run.err)
    }
}

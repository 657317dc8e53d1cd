@testable import HarnessFuzz
import Foundation
import XCTest
import HarnessTestSupport

/// `fuzz --seconds T` is a budget for the whole run, shrinking included: with an external
/// testee that disagrees with C on nearly every case (so shrinking alone would take many
/// minutes), the run still ends within T + 5 s, saves at most one unshrunk finding per
/// signature, and its summary lists each signature once.
final class FuzzTimeBudgetTests: XCTestCase {
    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: GateTestSupport.cli.path) else {
            throw XCTSkip("build the CLI first: swift build --build-tests (scripts/test does)")
        }
    }

    /// A testee that is the C reference, slowly (10 ms a case, 0.2 s to start), except that it
    /// calls every fresh snapshot with rows stale and gives every unparsable blob an outdated
    /// header: two signatures on most cases, each shrink worth many seconds of candidates.
    private func disagreeingTestee(in folder: URL) throws -> String {
        let script = folder.appendingPathComponent("slow-testee.sh")
        let text = #"""
        #!/bin/sh
        sleep 0.2
        "CLI" decode --reader c | while IFS= read -r line; do
          sleep 0.01
          printf '%s\n' "$line" | sed -e '/"tasks":\[{/ s/"stale":false/"stale":true/' \
            -e '/"parse":{"error"/ s/"header":{"kind":"today"}/"header":{"kind":"outdated","dayMs":null}/'
        done
        """#.replacingOccurrences(of: "\"CLI\"", with: "'" + GateTestSupport.cli.path + "'")
        try Data(text.utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return script.path
    }

    func testTheTimeBudgetBoundsShrinkingToo() throws {
        let folder = FuzzTestSupport.temporaryFolder()
        defer { FuzzTestSupport.remove(folder) }
        let findings = folder.appendingPathComponent("findings")
        let testee = try disagreeingTestee(in: folder)
        let budget = 4.0
        let started = Date()
        let run = try GateTestSupport.runCLI(["fuzz", "--root", GateTestSupport.repositoryRoot.path, "--seed", "5",
                                              "--seconds", String(budget), "--testee", "slow=\(testee)", "--batch", "256",
                                              "--shrinks-per-signature", "100000", "--timeout", "30", "--findings", findings.path, "--jobs", "1"])
        let wall = Date().timeIntervalSince(started)
        XCTAssertEqual(run.status, 1, run.out + run.err)
        XCTAssertLessThan(wall, budget + 5, "the run took \(wall) s with --seconds \(budget)\n" + run.out)

        // Every saved finding is readable; shrinking was cut short, and of the disagreements
        // the time ran out on, at most one per signature was saved unshrunk.
        let saved = try FindingStore.load(findings).map(\.finding)
        XCTAssertFalse(saved.isEmpty, run.out)
        XCTAssertTrue(saved.allSatisfy { $0.disagreement.signature.hasPrefix("c/slow ") }, "\(saved.map(\.disagreement.signature))")
        // The shrink under way at T was cut short (its file says so, unless it had already reached
        // a saved finding's blob: quick header shrinks reach their minimum first, then check it).
        XCTAssertTrue(saved.contains { $0.shrinking == .stopped } || run.out.contains("1 cut short by the time budget"),
                      "no finding was cut short: \(saved.map(\.shrinking))\n" + run.out)
        let unshrunk = saved.filter { $0.shrinking == .notStarted }
        XCTAssertFalse(unshrunk.isEmpty, "the signature the time ran out on was not saved: \(saved.map(\.shrinking))\n" + run.out)
        XCTAssertEqual(Set(unshrunk.map(\.disagreement.signature)).count, unshrunk.count, "two unshrunk findings of one signature")
        XCTAssertTrue(unshrunk.allSatisfy { !$0.recipe.isEmpty })
        XCTAssertLessThanOrEqual(saved.count, 10, "thousands of findings again? \(saved.count)")

        // The summary: one line per signature, with its count; many more disagreements than lines.
        let signatureLines = run.out.split(separator: "\n").filter { $0.hasPrefix("  c/slow ") }
        let signatures = Set(saved.map(\.disagreement.signature))
        XCTAssertEqual(signatureLines.count, signatureLines.map { $0.split(separator: " ")[1] }.count)
        XCTAssertGreaterThanOrEqual(signatureLines.count, signatures.count, run.out)
        XCTAssertTrue(run.out.contains("signatures"), run.out)
        // A progress line appeared while shrinking (plain lines: stderr is not a terminal).
        XCTAssertTrue(run.err.contains("; shrinking #"), run.err)
    }

    /// A root with the repository's fixtures and a stand-in `scripts/record-kotlin` that
    /// "compiles" for `compileSeconds` (writing its pid to `compile.pid`) and then prints
    /// `testee` as the Kotlin testee's command line.
    private func rootWithSlowKotlinCompile(in folder: URL, compileSeconds: Int, testee: String) throws -> URL {
        let root = folder.appendingPathComponent("root")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("scripts"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("golden"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: GateTestSupport.repositoryRoot.appendingPathComponent("golden/fixtures"),
                                         to: root.appendingPathComponent("golden/fixtures"))
        let script = root.appendingPathComponent("scripts/record-kotlin")
        let text = """
        #!/bin/sh
        echo $$ > '\(folder.path)/compile.pid'
        echo "stand-in record-kotlin: compiling" >&2
        sleep \(compileSeconds)
        printf '%s\\n' "\(testee)"
        """
        try Data((text + "\n").utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return root
    }

    /// `--seconds` counts from the command's start, the Kotlin compile included, and a testee
    /// that is slow to start (a JVM) is not waited for past the budget; a progress line comes
    /// every 10 s in each phase (compiling, waiting for the first batch).
    func testTheBudgetCountsTheKotlinCompileAndProgressComesInEveryPhase() throws {
        let folder = FuzzTestSupport.temporaryFolder()
        defer { FuzzTestSupport.remove(folder) }
        // Compiles 11 s; the testee (the C reader) answers its first line 12 s after it starts.
        let cli = GateTestSupport.cli.path
        let root = try rootWithSlowKotlinCompile(in: folder, compileSeconds: 11,
                                                 testee: "sh -c 'sleep 12; exec \(cli) decode --reader c'")
        let budget = 26.0
        let started = Date()
        let run = try GateTestSupport.runCLI(["fuzz", "--root", root.path, "--seed", "5", "--seconds", String(budget), "--kotlin",
                                              "--no-save", "--jobs", "1", "--start-timeout", "60"])
        let wall = Date().timeIntervalSince(started)
        XCTAssertEqual(run.status, 0, run.out + run.err)
        XCTAssertLessThan(wall, budget + 5, "the run took \(wall) s with --seconds \(budget) and an 11 s compile\n" + run.out + run.err)
        let progress = run.err.split(separator: "\n").filter { $0.hasPrefix("fuzz: ") }
        XCTAssertTrue(progress.contains { $0.contains("; compiling the Kotlin testee") }, run.err)
        XCTAssertTrue(progress.contains { $0.contains("; decoding a batch") }, run.err)
        XCTAssertTrue(run.out.contains("\n  kotlin "), run.out)
        XCTAssertFalse(run.out.contains(": 0 cases in"), "no case was compared after the slow start\n" + run.out)
    }

    /// A budget spent compiling ends the command (exit 2, saying so) within the budget, and
    /// the compile's process group with it.
    func testABudgetSpentCompilingEndsTheRunAndTheCompile() throws {
        let folder = FuzzTestSupport.temporaryFolder()
        defer { FuzzTestSupport.remove(folder) }
        let root = try rootWithSlowKotlinCompile(in: folder, compileSeconds: 120, testee: "cat")
        let started = Date()
        let run = try GateTestSupport.runCLI(["fuzz", "--root", root.path, "--seed", "5", "--seconds", "3", "--kotlin", "--no-save"])
        let wall = Date().timeIntervalSince(started)
        XCTAssertEqual(run.status, 2, run.out + run.err)
        XCTAssertLessThan(wall, 3 + 5, run.err)
        XCTAssertTrue(run.err.contains("the --seconds budget (3 s) ran out while compiling the Kotlin testee"), run.err)
        let pid = try XCTUnwrap(Int32(String(decoding: try Data(contentsOf: folder.appendingPathComponent("compile.pid")),
                                             as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
        // Killed at once; the killed sleep is reaped by init a moment later.
        let gone = Date().addingTimeInterval(5)
        while kill(pid, 0) == 0 || kill(-pid, 0) == 0, Date() < gone { usleep(50_000) }
        XCTAssertTrue(kill(pid, 0) != 0 && kill(-pid, 0) != 0, "the compile (or its group) outlived the run")
        if kill(-pid, 0) == 0 { kill(-pid, SIGKILL) }
    }

    /// SIGTERM while the Kotlin testee compiles ends the compile's process group too (it runs
    /// through Subprocess like every child, not a bare Foundation Process).
    func testSIGTERMWhileCompilingKillsTheCompile() throws {
        let folder = FuzzTestSupport.temporaryFolder()
        defer { FuzzTestSupport.remove(folder) }
        let root = try rootWithSlowKotlinCompile(in: folder, compileSeconds: 120, testee: "cat")
        let process = Process()
        process.executableURL = GateTestSupport.cli
        process.arguments = ["fuzz", "--root", root.path, "--seed", "5", "--cases", "10", "--kotlin", "--no-save"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let pidFile = folder.appendingPathComponent("compile.pid")
        var pid: Int32 = 0
        let wait = Date().addingTimeInterval(60)
        while pid == 0, Date() < wait {
            pid = Int32((try? String(contentsOf: pidFile, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0
            if pid == 0 { usleep(50_000) }
        }
        XCTAssertGreaterThan(pid, 0, "the compile never started")
        process.terminate()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 128 + SIGTERM)
        let gone = Date().addingTimeInterval(5)
        // The stand-in itself (whatever group it was in) and its group are gone.
        while pid > 0, kill(pid, 0) == 0 || kill(-pid, 0) == 0, Date() < gone { usleep(50_000) }
        XCTAssertTrue(pid > 0 && kill(pid, 0) != 0 && kill(-pid, 0) != 0, "the compile outlived SIGTERM to fuzz")
        if pid > 0, kill(-pid, 0) == 0 { kill(-pid, SIGKILL) }
    }

    /// A testee that never answers costs no more than the budget, whatever --start-timeout says.
    func testANeverAnsweringTesteeIsNotWaitedForPastTheBudget() throws {
        let started = Date()
        let run = try GateTestSupport.runCLI(["fuzz", "--root", GateTestSupport.repositoryRoot.path, "--seed", "5", "--seconds", "3",
                                              "--testee", "mute=sleep 600", "--start-timeout", "60", "--no-save", "--jobs", "1"])
        let wall = Date().timeIntervalSince(started)
        XCTAssertLessThan(wall, 3 + 5, run.out + run.err)
        XCTAssertEqual(run.status, 0, run.out + run.err)
        XCTAssertTrue(run.out.contains("the time budget ran out while a testee was decoding a batch"), run.out)
    }
}

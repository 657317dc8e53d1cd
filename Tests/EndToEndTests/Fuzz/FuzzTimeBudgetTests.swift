@testable import HarnessFuzz
import ContractModel
import HarnessReaders
import Foundation
import XCTest
import HarnessTestSupport
import TestSupport

/// `fuzz --seconds T` is a budget for the whole command, shrinking and the Kotlin compile
/// included. Shrinking is tested on an injected clock (`TestClock`): with a reader that
/// disagrees with C on nearly every case (so shrinking alone would take many minutes), the run
/// stops at T, saves at most one unshrunk finding per signature, and its summary lists each
/// signature once. The rest runs the CLI with real processes that would take minutes if the
/// budget were not kept.
final class FuzzTimeBudgetTests: XCTestCase {
    override func setUpWithError() throws {
        try GateTestSupport.skipUnlessTheCLIIsBuilt()
    }

    /// The C reference, slowly on the test's clock (0.2 s to start, 50 ms a batch and 10 ms a
    /// case, as a testee behind a pipe is). `disagreeing`, it calls every fresh snapshot with rows
    /// stale and gives every unparsable blob an outdated header: two signatures on most cases,
    /// each shrink worth many seconds of candidates. It reads its cases as a testee does (not
    /// in-process), and notes when each batch began.
    private final class SlowReader: Reader, @unchecked Sendable {
        let name = "slow"
        let clock: TestClock
        let disagreeing: Bool
        private let lock = NSLock()
        private var started = false
        private var batches: [(at: Double, cases: Int)] = []

        init(clock: TestClock, disagreeing: Bool = true) {
            self.clock = clock
            self.disagreeing = disagreeing
        }

        var decodeCalls: [(at: Double, cases: Int)] { lock.withLock { batches } }

        func decodeAll(_ cases: [Case], jobs: Int) -> [ReaderOutcome] {
            lock.withLock {
                batches.append((clock.seconds, cases.count))
                if !started { started = true; clock.advance(by: 0.2) }
            }
            clock.advance(by: 0.05 + 0.01 * Double(cases.count))
            return CReferenceReader().decodeAll(cases, jobs: jobs).map { outcome in
                guard disagreeing, case .view(var view) = outcome else { return outcome }
                switch view.parse {
                case .tasks(let rows) where !rows.isEmpty && !view.stale: view.stale = true
                case .error where view.header == .today: view.header = .outdated(dayMs: nil)
                default: break
                }
                return .view(view)
            }
        }
    }

    /// `--seconds T` bounds shrinking too, on an injected clock: the shrink under way at T is cut
    /// short, no case batch starts after T (only the shrunk case's own last check), and of the
    /// disagreements the time ran out on, at most one per signature is saved, unshrunk.
    func testTheTimeBudgetBoundsShrinkingToo() throws {
        let folder = Scratch.folder()
        defer { Scratch.remove(folder) }
        let clock = TestClock()
        let slow = SlowReader(clock: clock)
        let budget = 4.0
        let plan = FuzzPlan(seed: 5, extent: .seconds(budget), jobs: 1, batchSize: 256, shrinksPerSignature: 100_000)
        let store = try FindingStore(folder: folder)
        var phases: [String] = []
        // (The fixtures this seed's cases were chosen for: a fixture added later changes which case an index makes.)
        let fixtures = try CorpusTestSupport.fixtures().filter { CorpusTestSupport.familyFixtures.contains($0.name) }
        let report = try FuzzRun(plan: plan, generator: FuzzCaseGenerator(seed: 5, fixtures: fixtures),
                                 reference: CReferenceReader(), readers: [slow], store: store, clock: clock)
            .run { progress in progress.phase.map { phases.append($0) } }
        let summary = FuzzSummary.render(report, findingsFolder: "findings")

        // Nothing began after the budget but the last check of the shrink it cut short.
        let late = slow.decodeCalls.filter { $0.at >= budget }
        XCTAssertTrue(late.allSatisfy { $0.cases == 1 }, "batches begun after \(budget) s: \(late)")
        XCTAssertLessThanOrEqual(late.count, 1, "\(late)")
        XCTAssertLessThan(clock.seconds, budget + 0.5, "the run went on until \(clock.seconds) s with --seconds \(budget)\n" + summary)
        XCTAssertLessThan(report.elapsed, budget + 0.5)
        XCTAssertGreaterThan(report.newFindings, 0, summary)

        // Every saved finding is readable; shrinking was cut short, and of the disagreements
        // the time ran out on, at most one per signature was saved unshrunk.
        let saved = try FindingStore.load(folder).map(\.finding)
        XCTAssertFalse(saved.isEmpty, summary)
        XCTAssertTrue(saved.allSatisfy { $0.disagreement.signature.hasPrefix("c/slow ") }, "\(saved.map(\.disagreement.signature))")
        XCTAssertTrue(saved.contains { $0.shrinking == .stopped }, "no finding was cut short: \(saved.map(\.shrinking))\n" + summary)
        XCTAssertTrue(summary.contains("1 cut short by the time budget"), summary)
        let unshrunk = saved.filter { $0.shrinking == .notStarted }
        XCTAssertFalse(unshrunk.isEmpty, "the signature the time ran out on was not saved: \(saved.map(\.shrinking))\n" + summary)
        XCTAssertEqual(Set(unshrunk.map(\.disagreement.signature)).count, unshrunk.count, "two unshrunk findings of one signature")
        XCTAssertTrue(unshrunk.allSatisfy { !$0.recipe.isEmpty })
        XCTAssertLessThanOrEqual(saved.count, 10, "thousands of findings again? \(saved.count)")

        // The summary: one line per signature, with its count; many more disagreements than lines.
        let signatureLines = summary.split(separator: "\n").filter { $0.hasPrefix("  c/slow ") }
        let signatures = Set(saved.map(\.disagreement.signature))
        XCTAssertEqual(signatureLines.count, Set(signatureLines.map { $0.split(separator: " ")[1] }).count)
        XCTAssertGreaterThanOrEqual(signatureLines.count, signatures.count, summary)
        XCTAssertGreaterThan(report.disagreements, signatureLines.count, summary)
        XCTAssertTrue(summary.contains("signatures"), summary)
        // Progress came while shrinking.
        XCTAssertTrue(phases.contains { $0.hasPrefix("shrinking #") }, "\(phases.prefix(5))")
    }

    /// The budget counts from the clock's start, not the run's: handed a clock already at 11 s
    /// (what the Kotlin compile took), a 26 s run compares cases for the 15 s left, at 0.37 s a
    /// batch of 32 on the test's clock (1 136 cases, against some 2 000 in 26 s).
    func testTheBudgetCountsWhatCameBeforeTheRun() throws {
        let clock = TestClock(at: 11)
        let slow = SlowReader(clock: clock, disagreeing: false)
        let plan = FuzzPlan(seed: 5, extent: .seconds(26), jobs: 1, batchSize: 256)
        // (The fixtures this seed's cases were chosen for: a fixture added later changes which case an index makes.)
        let fixtures = try CorpusTestSupport.fixtures().filter { CorpusTestSupport.familyFixtures.contains($0.name) }
        let report = try FuzzRun(plan: plan, generator: FuzzCaseGenerator(seed: 5, fixtures: fixtures),
                                 reference: CReferenceReader(), readers: [slow], store: nil, clock: clock).run()
        XCTAssertEqual(report.disagreements, 0)
        XCTAssertGreaterThanOrEqual(clock.seconds, 26)
        XCTAssertLessThan(clock.seconds, 26.5, "a batch began after the budget")
        XCTAssertTrue(slow.decodeCalls.allSatisfy { $0.at < 26 }, "\(slow.decodeCalls.suffix(3))")
        XCTAssertEqual(report.elapsed, clock.seconds, accuracy: 1e-9)
        XCTAssertTrue((1_000...1_300).contains(report.cases), "\(report.cases) cases in the 15 s left")
    }

    /// A root with the repository's fixtures and a stand-in `scripts/record-kotlin` that
    /// "compiles" for `compileSeconds` (writing its pid to `compile.pid`) and then prints
    /// `testee` as the Kotlin testee's command line.
    private func rootWithSlowKotlinCompile(in folder: URL, compileSeconds: Int, testee: String) throws -> URL {
        let root = folder.appendingPathComponent("root")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("scripts"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("golden"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: TestRepository.root.appendingPathComponent("golden/fixtures"),
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
        let folder = Scratch.folder()
        defer { Scratch.remove(folder) }
        // Compiles 11 s; the testee (the C reader) answers its first line 12 s after it starts.
        let cli = GateTestSupport.cli.path
        let root = try rootWithSlowKotlinCompile(in: folder, compileSeconds: 11,
                                                 testee: "sh -c 'sleep 12; exec \(cli) tool decode --reader c'")
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
        let folder = Scratch.folder()
        defer { Scratch.remove(folder) }
        let root = try rootWithSlowKotlinCompile(in: folder, compileSeconds: 120, testee: "cat")
        let started = Date()
        let run = try GateTestSupport.runCLI(["fuzz", "--root", root.path, "--seed", "5", "--seconds", "3", "--kotlin", "--no-save"])
        let wall = Date().timeIntervalSince(started)
        XCTAssertEqual(run.status, 2, run.out + run.err)
        // Well under the 120 s the compile would take unbounded, whatever the machine's load.
        XCTAssertLessThan(wall, 60, run.err)
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
        let folder = Scratch.folder()
        defer { Scratch.remove(folder) }
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

    /// A testee that never answers costs no more than the budget, whatever --start-timeout says;
    /// judged on no case, it fails the run.
    func testANeverAnsweringTesteeIsNotWaitedForPastTheBudget() throws {
        let started = Date()
        let run = try GateTestSupport.runCLI(["fuzz", "--root", TestRepository.root.path, "--seed", "5", "--seconds", "3",
                                              "--testee", "mute=sleep 600", "--start-timeout", "60", "--no-save", "--jobs", "1"])
        let wall = Date().timeIntervalSince(started)
        // Well under the 60 s --start-timeout that would be waited for without the budget.
        XCTAssertLessThan(wall, 45, run.out + run.err)
        XCTAssertEqual(run.status, 1, run.out + run.err)
        XCTAssertTrue(run.out.contains("the time budget ran out while mute had a batch"), run.out)
        XCTAssertTrue(run.out.contains("FAIL: mute was judged on none of the"), run.out)
    }
}

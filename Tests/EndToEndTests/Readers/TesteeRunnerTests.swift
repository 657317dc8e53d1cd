import ContractModel
import Foundation
import XCTest
@testable import HarnessReaders
import HarnessTestSupport
import TestSupport

/// The one testee runner (`TesteeSession` over `LineProcess` / `Subprocess`), driven by small
/// shell-script testees: one case blamed per stray or missing line, broken after K failures
/// in a row, stderr shown with the blamed case, batches through one running process, and
/// through the CLI: SIGTERM ends the testee's whole group, a setsid grandchild cannot hold
/// the harness's output open.
final class TesteeRunnerTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = Scratch.url("testee-runner")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Cases with made-up ids (the script testee never looks at the blob).
    private func cases(_ count: Int) -> [Case] {
        (0..<count).map { Case(id: "fixture/op#\($0)@berlin@at", blob: Array(#"{"v":1}"#.utf8), nowMs: 0, timeZone: "Europe/Berlin") }
    }

    /// A testee that answers every case with an empty view named after it, except the case
    /// `oddId`, on which it does what `mode` says.
    private func scriptTestee(mode: String, oddId: String) throws -> String {
        let script = folder.appendingPathComponent("testee.sh")
        try """
        while IFS= read -r line; do
          id=${line#\\{\\"id\\":\\"}; id=${id%%\\"*}
          view="{\\"id\\":\\"$id\\",\\"parse\\":{\\"tasks\\":[]},\\"meta\\":{\\"dayStr\\":null,\\"validUntil\\":null},\\"stale\\":false,\\"header\\":{\\"kind\\":\\"today\\"}}"
          if [ "$id" = "$ODD_ID" ]; then
            case "$MODE" in
              extra) printf '%s\\n%s\\n' "$view" "$view" ;;
              garbage) printf '%s\\nnot a view\\n' "$view" ;;
              missing) ;;
              wrong-id) printf '%s\\n' "$view" | sed 's/"id":"[^"]*"/"id":"someone\\/else@utc@at"/' ;;
              crash) echo "TesteeMain: planted failure on $id" >&2; exit 3 ;;
            esac
          else
            printf '%s\\n' "$view"
          fi
        done
        """.write(to: script, atomically: true, encoding: .utf8)
        return "MODE=\(mode) ODD_ID='\(oddId)' sh '\(script.path)'"
    }

    /// True for a case that waited out its timeout (a `hang:` failure, not a broken testee's).
    private func isHang(_ outcome: ReaderOutcome) -> Bool {
        if case .failure(let reason) = outcome { return reason.hasPrefix("hang: ") }
        return false
    }

    private func blamed(_ outcomes: [ReaderOutcome], _ cases: [Case]) -> [String] {
        zip(cases, outcomes).compactMap { testCase, outcome in
            if case .view(let view) = outcome {
                XCTAssertEqual(view.id, testCase.id)
                return nil
            }
            return testCase.id
        }
    }

    /// Runs 30 cases through the script testee misbehaving (`mode`) on case 9; returns the
    /// reason of the only case blamed, after checking that `blamedIndex` is that case.
    private func onlyBlamed(mode: String, blamedIndex: Int, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let cases = cases(30)
        let reader = ExternalProcessReader(name: mode, command: try scriptTestee(mode: mode, oddId: cases[9].id), caseTimeout: 5)
        let outcomes = reader.decodeAll(cases, jobs: 1)
        XCTAssertEqual(blamed(outcomes, cases), [cases[blamedIndex].id], mode, file: file, line: line)
        guard case .failure(let reason) = outcomes[blamedIndex] else { return "" }
        return reason
    }

    func testAnExtraLineBlamesExactlyOneCase() throws {
        // The stray line arrives where case 10's answer is due: case 10 alone is blamed and
        // the testee restarted for case 11 on.
        XCTAssertTrue(try onlyBlamed(mode: "extra", blamedIndex: 10).contains("malformed: line names case fixture/op#9@berlin@at"))
        XCTAssertTrue(try onlyBlamed(mode: "garbage", blamedIndex: 10).contains("malformed"))
    }

    func testAMissingLineBlamesExactlyOneCase() throws {
        let reason = try onlyBlamed(mode: "missing", blamedIndex: 9)
        XCTAssertTrue(reason.contains("line names case fixture/op#10@berlin@at, expected fixture/op#9@berlin@at"), reason)
    }

    /// Issue 15: "a view whose id is not the case's id triggers a restart and blames that case
    /// only" — the id of no case in the batch at all, and the cases after it get their views
    /// from a restarted process.
    func testAViewNamingAnotherIdRestartsAndBlamesThatCaseOnly() throws {
        let cases = cases(30)
        let session = ExternalProcessReader(name: "wrong-id", command: try scriptTestee(mode: "wrong-id", oddId: cases[9].id), caseTimeout: 5).session()
        defer { session.close() }
        let outcomes = session.decode(cases).map(\.outcome)
        XCTAssertEqual(blamed(outcomes, cases), [cases[9].id])
        XCTAssertTrue("\(outcomes[9])".contains("malformed: line names case someone/else@utc@at, expected fixture/op#9@berlin@at"), "\(outcomes[9])")
        XCTAssertEqual(session.starts, 2, "one restart, for case 10")
    }

    func testStderrOfACrashingTesteeIsShownWithTheBlamedCase() throws {
        let reason = try onlyBlamed(mode: "crash", blamedIndex: 9)
        XCTAssertTrue(reason.hasPrefix("crash: crash ended before answering (exit status 3)"), reason)
        XCTAssertTrue(reason.contains("TesteeMain: planted failure on fixture/op#9@berlin@at"), reason)
    }

    func testANeverAnsweringTesteeIsDeclaredBrokenAfterOneStartTimeout() throws {
        let cases = cases(5_000)
        // Reads every case and never gives a line: one start timeout, then every case fails at once.
        let session = ExternalProcessReader(name: "mute", command: "while read -r line; do :; done", caseTimeout: 0.5).session()
        defer { session.close() }
        let outcomes = session.decode(cases).map(\.outcome)
        XCTAssertEqual(outcomes.count, cases.count)
        XCTAssertTrue("\(outcomes[0])".contains("hang: no line within 0.5 s of starting"), "\(outcomes[0])")
        XCTAssertTrue(outcomes.dropFirst().allSatisfy { "\($0)".contains("broken: mute gave no line within 0.5 s of starting") }, "\(outcomes[1])")
        // What it cost, counted rather than timed: one start, one timeout waited for.
        XCTAssertEqual(session.starts, 1, "a testee that never starts must be started once")
        XCTAssertEqual(outcomes.filter(isHang).count, 1, "a testee that never starts must cost one start timeout")
    }

    /// A testee that writes and never ends its line is not "silent": the hang says how much of a
    /// line it wrote (a runaway writer under the 64 MiB line limit, found attacking the CLI).
    func testAHangAfterAnUnfinishedLineSaysHowMuchOfTheLineCame() throws {
        let session = ExternalProcessReader(name: "runaway", command: "printf 'abcdef'; while read -r line; do :; done", caseTimeout: 0.5).session()
        defer { session.close() }
        let outcomes = session.decode(cases(2)).map(\.outcome)
        XCTAssertTrue("\(outcomes[0])".contains("hang: no line within 0.5 s of starting (6 bytes of a line without its newline)"), "\(outcomes[0])")
        let mute = ExternalProcessReader(name: "mute", command: "while read -r line; do :; done", caseTimeout: 0.5).session()
        defer { mute.close() }
        XCTAssertFalse("\(mute.decode(cases(1)).map(\.outcome)[0])".contains("bytes of a line"))
    }

    func testATesteeThatStopsAnsweringIsDeclaredBrokenInSeconds() throws {
        let cases = cases(5_000)
        // Answers the first case (its first process only), then reads every case and never
        // answers, restarted or not: each of the next K cases costs one timeout, the rest none.
        let marker = folder.appendingPathComponent("answered").path
        let view = #"{"id":"fixture/op#0@berlin@at","parse":{"tasks":[]},"meta":{"dayStr":null,"validUntil":null},"stale":false,"header":{"kind":"today"}}"#
        let command = "if [ ! -e '\(marker)' ]; then read -r line; touch '\(marker)'; printf '%s\\n' '\(view)'; fi; while read -r line; do :; done"
        let session = ExternalProcessReader(name: "mute", command: command, caseTimeout: 0.5).session()
        defer { session.close() }
        let outcomes = session.decode(cases).map(\.outcome)
        let k = ExternalProcessReader.brokenAfter
        XCTAssertEqual(outcomes.count, cases.count)
        XCTAssertEqual(blamed([outcomes[0]], [cases[0]]), [])
        XCTAssertTrue(outcomes.dropFirst().prefix(k).allSatisfy { "\($0)".contains("hang: no line within 0.5 s") }, "\(outcomes[1])")
        XCTAssertTrue(outcomes.dropFirst(k + 1).allSatisfy { "\($0)".contains("broken: mute failed on \(k) cases in a row") }, "\(outcomes[k + 1])")
        // What it cost, counted rather than timed: K timeouts waited for and one start for each
        // (the first process, then a restart after each hang but the last), not one per case.
        XCTAssertEqual(outcomes.filter(isHang).count, k, "a dead testee must cost K timeouts, not one per case")
        XCTAssertEqual(session.starts, k, "a dead testee must be restarted K - 1 times, not once per case")
    }

    func testARunawayLineIsCutOffNotKeptInMemory() throws {
        let session = TesteeSession(name: "runaway", command: "read -r line; exec tr -d '\\n' < /dev/zero", caseTimeout: 30,
                                    maximumLineBytes: 1 << 20)
        defer { session.close() }
        let outcomes = session.decode(cases(1)).map(\.outcome)
        XCTAssertTrue("\(outcomes[0])".contains("malformed: a view line longer than 1 MiB"), "\(outcomes[0])")
    }

    func testBatchesGoThroughOneRunningProcess() throws {
        let cases = cases(40)
        let session = ExternalProcessReader(name: "kept", command: try scriptTestee(mode: "none", oddId: "-"), caseTimeout: 5).session()
        defer { session.close() }
        let first = session.decode(Array(cases[..<25])).map(\.outcome)
        let second = session.decode(Array(cases[25...])).map(\.outcome)
        let again = session.decode([cases[0], cases[0]]).map(\.outcome)  // the same case twice in one batch
        XCTAssertEqual(blamed(first + second, cases), [])
        XCTAssertEqual(again.compactMap(\.view?.id), [cases[0].id, cases[0].id])
        XCTAssertEqual(session.starts, 1)
    }

    func testStderrTailKeepsOnlyTheLastBytes() {
        var tail = StderrTail(capacity: 64)
        for number in 0..<100 { Array("line \(number)\n".utf8).withUnsafeBytes { tail.append($0) } }
        XCTAssertEqual(tail.bytes.count, 64)
        let shown = tail.lastLines(3, prefix: "| ")
        XCTAssertEqual(shown, "| …\n| line 97\n| line 98\n| line 99")
    }

    func testACommandRunCapturesBothStreamsAndItsTimeoutEndsTheGroup() throws {
        let run = try CommandRun.run(.shell("printf out; printf err >&2; exit 4"))
        XCTAssertEqual(String(decoding: run.output, as: UTF8.self), "out")
        XCTAssertEqual(String(decoding: run.errors, as: UTF8.self), "err")
        XCTAssertEqual(run.exitCode, 4)
        XCTAssertFalse(run.succeeded)

        let start = Date()
        let slow = try CommandRun.run(.shell("sleep 300 & sleep 300"), timeout: 0.5)
        XCTAssertTrue(slow.timedOut)
        XCTAssertEqual(slow.termination.signal, SIGKILL)
        XCTAssertLessThan(Date().timeIntervalSince(start), 120, "the 300 s sleeps were waited for")
        XCTAssertFalse(LiveProcessGroups.current.contains(slow.pid))
        XCTAssertTrue(eventually(5) { kill(-slow.pid, 0) != 0 }, "the background sleep outlived the timeout")
        XCTAssertThrowsError(try CommandRun.run(.arguments(["/nonexistent/program"])))
    }

    // MARK: - Through the CLI

    /// Starts `arguments` + a testee that notes its process group, leaves a second process in
    /// it and never answers; once it runs, sends `signal` and checks the exit status and that
    /// nothing of the group is left.
    private func assertSignalEndsTheTesteeGroup(_ arguments: [String], signal: Int32,
                                                file: StaticString = #filePath, line: UInt = #line) throws {
        try GateTestSupport.skipUnlessTheCLIIsBuilt()
        let groupFile = folder.appendingPathComponent("pgid-\(arguments[0])")
        let script = folder.appendingPathComponent("hang.sh")
        try """
        sleep 300 &
        (setsid sleep 300 </dev/null >/dev/null 2>&1 & echo $! > "$1.escapee")
        awk '{ print $5 }' /proc/$$/stat > "$1.tmp" && mv "$1.tmp" "$1"
        sleep 300
        """.write(to: script, atomically: true, encoding: .utf8)
        let tree = try GateTestSupport.smallTree()
        defer { GateTestSupport.remove(tree) }
        let process = Process()
        process.executableURL = GateTestSupport.cli
        process.arguments = arguments + ["--root", tree.root.path, "--timeout", "300",
                                         "--testee", "hang=sh '\(script.path)' '\(groupFile.path)'"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        var group: pid_t = 0
        XCTAssertTrue(eventually(120) {
            group = pid_t((try? String(contentsOf: groupFile, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0
            return group > 0
        }, "the testee never started", file: file, line: line)
        guard group > 0 else { return process.terminate() }
        XCTAssertEqual(kill(-group, 0), 0, "the testee's group should be alive before the signal", file: file, line: line)
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 128 + signal, arguments[0], file: file, line: line)
        XCTAssertTrue(eventually(5) { kill(-group, 0) != 0 && errno == ESRCH },
                      "processes of group \(group) outlived \(arguments[0])", file: file, line: line)
        if kill(-group, 0) == 0 { kill(-group, SIGKILL) }
        let escapee = pid_t((try? String(contentsOf: URL(fileURLWithPath: groupFile.path + ".escapee"), encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0
        XCTAssertGreaterThan(escapee, 0, file: file, line: line)
        let escapeeEnded = escapee > 0 && eventually(5) { kill(escapee, 0) != 0 && errno == ESRCH }
        if escapee > 0 && !escapeeEnded { kill(escapee, SIGKILL) }
        XCTAssertTrue(escapeeEnded, "the testee's setsid orphan outlived \(arguments[0])", file: file, line: line)
    }

    func testSIGTERMToCheckKillsTheHangingTesteesWholeGroup() throws {
        try assertSignalEndsTheTesteeGroup(["check", "--no-recordings", "--quiet"], signal: SIGTERM)
    }

    func testSIGTERMToFuzzAndSIGINTToExplainKillTheTesteeGroupToo() throws {
        try assertSignalEndsTheTesteeGroup(["fuzz", "--seed", "1", "--cases", "50", "--no-save", "--quiet", "--jobs", "1"], signal: SIGTERM)
        try assertSignalEndsTheTesteeGroup(["explain", "legacy/base@berlin@day"], signal: SIGINT)
    }

    func testASetsidGrandchildDoesNotHoldTheHarnessOutputOpen() throws {
        try GateTestSupport.skipUnlessTheCLIIsBuilt()
        let strayFile = folder.appendingPathComponent("stray-pid")
        // The testee leaves a grandchild in a session of its own (out of reach of its group)
        // that keeps the testee's stderr, then answers through our own Swift reader.
        let command = "setsid sleep 300 </dev/null >/dev/null & echo $! > '\(strayFile.path)'; exec '\(GateTestSupport.cli.path)' tool decode --reader swift"
        let tree = try GateTestSupport.smallTree()
        defer { GateTestSupport.remove(tree) }
        let start = Date()
        let run = try GateTestSupport.runCLI(["check", "--root", tree.root.path, "--no-recordings", "--quiet",
                                              "--testee", "escapee=\(command)"])  // reads stdout and stderr to their end, like `| cat`
        let elapsed = Date().timeIntervalSince(start)
        let stray = pid_t((try? String(contentsOf: strayFile, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0
        XCTAssertGreaterThan(stray, 0, "the testee never started")
        let strayEnded = stray > 0 && eventually(5) { kill(stray, 0) != 0 && errno == ESRCH }
        if stray > 0 && !strayEnded { kill(stray, SIGKILL) }
        XCTAssertEqual(run.status, 0, run.out + run.err)
        XCTAssertLessThan(elapsed, 200, "the harness's output stayed open as long as the grandchild lived")
        XCTAssertTrue(strayEnded, "the setsid grandchild \(stray) outlived the harness")
    }

    /// Issue 15: "a never-answering testee with --timeout 1 costs seconds, not hours", through
    /// the CLI: the gate over thousands of cases (the canonical small tree) with a testee that reads
    /// every case and never answers ends after about K one-second timeouts.
    func testANeverAnsweringTesteeWithTimeoutOneCostsSecondsThroughTheCLI() throws {
        try GateTestSupport.skipUnlessTheCLIIsBuilt()
        let json = folder.appendingPathComponent("mute.json")
        let tree = try GateTestSupport.smallTree(fixtures: ["projects"])  // well over a thousand cases, a third of canonical's
        defer { GateTestSupport.remove(tree) }
        let run = try GateTestSupport.runCLI(["check", "--root", tree.root.path, "--no-recordings", "--quiet",
                                              "--json", json.path, "--timeout", "1", "--testee", "mute=while read -r line; do :; done"])
        XCTAssertEqual(run.status, 1, run.out + run.err)
        let report = try String(contentsOf: json, encoding: .utf8)
        XCTAssertTrue(report.contains("broken: mute gave no line within 1 s of starting"), String(report.prefix(2000)))
        // What the run cost, counted in the report rather than timed: one case waited its
        // 1 s timeout, every other case was never run (broken after the first timeout).
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(report.utf8)) as? [String: Any])
        let readers = try XCTUnwrap(object["readers"] as? [[String: Any]])
        let mute = try XCTUnwrap(readers.first { $0["name"] as? String == "mute" })
        let got = try XCTUnwrap(mute["deviations"] as? [[String: Any]]).flatMap { deviation in
            (deviation["differences"] as? [[String: Any]] ?? []).compactMap { $0["got"] as? String }
        }
        let cases = try XCTUnwrap(object["cases"] as? Int)
        XCTAssertGreaterThan(cases, 1000)
        XCTAssertEqual(got.count, cases, "one missing view per case")
        XCTAssertEqual(got.filter { $0.hasPrefix("failure: hang: ") }.count, 1, "one timeout per case again?")
        XCTAssertEqual(got.filter { $0.hasPrefix("failure: broken: mute gave no line within 1 s of starting") }.count, cases - 1)
    }
}

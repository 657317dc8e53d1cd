import Foundation
import XCTest
@testable import HarnessReaders
import HarnessTestSupport
import TestSupport

/// Every process the harness starts dies with it, even when the harness is killed with
/// SIGKILL (no handler runs): the child by PR_SET_PDEATHSIG, the rest of its process group by
/// the group's watchdog — so nothing writes into the tree after the harness is gone.
final class ChildLifetimeTests: XCTestCase {
    override func setUpWithError() throws {
        try GateTestSupport.skipUnlessTheCLIIsBuilt()
    }

    /// `check` with a testee that hangs and has a child in its group, killed with -9.
    func testKillingCheckEndsTheTesteesWholeGroup() throws {
        let tree = Scratch.folder()
        defer { Scratch.remove(tree) }
        let testee = "\(Self.notingGroup(in: "\(tree.path)/testee.pid")); (sleep 3; touch '\(tree.path)/late-child') & sleep 3; touch '\(tree.path)/late-testee'; cat"
        let harness = try start(["check", "--root", TestRepository.root.path, "--testee", "slow=\(testee)", "--timeout", "60"])
        let group = try waitForPid(tree.appendingPathComponent("testee.pid"), while: harness)
        XCTAssertFalse(members(of: group).isEmpty, "the testee runs")
        kill(harness.processIdentifier, SIGKILL)
        harness.waitUntilExit()
        try assertGone([group], noFileLike: "late-", in: tree)
    }

    /// `check` killed with -9 while its testee has a daemon that left the testee's group and
    /// session with `setsid` (and whose parent is gone): the daemon ends too, and writes nothing.
    /// Neither the death signal nor the group kill reaches it; the testee's keeper does (its
    /// subreaper, which outlives the harness just long enough to end it).
    func testKillingCheckEndsASetsidDaemonToo() throws {
        let tree = Scratch.folder()
        defer { Scratch.remove(tree) }
        let daemon = "sleep 6; touch '\(tree.path)/late-daemon'"
        let testee = "read -r line; (setsid sh -c \"echo \\$\\$ > '\(tree.path)/daemon.pid'; \(daemon)\" </dev/null >/dev/null 2>&1 &); "
            + "echo $$ > '\(tree.path)/testee.pid'; exec sleep 600"
        let harness = try start(["check", "--root", TestRepository.root.path, "--testee", "slow=\(testee)", "--timeout", "60"])
        _ = try waitForPid(tree.appendingPathComponent("testee.pid"), while: harness)
        let daemonPid = try waitForPid(tree.appendingPathComponent("daemon.pid"), while: harness)
        XCTAssertEqual(kill(daemonPid, 0), 0, "the daemon runs")
        kill(harness.processIdentifier, SIGKILL)
        harness.waitUntilExit()
        let ended = eventually(3) { kill(daemonPid, 0) != 0 && errno == ESRCH }
        if !ended { kill(daemonPid, SIGKILL) }
        XCTAssertTrue(ended, "the setsid daemon outlived kill -9 of the harness")
        try assertGone([], noFileLike: "late-", in: tree)
    }

    /// `refresh` killed with -9 while it records: the recorder (a stand-in for
    /// scripts/record-kotlin), its child in the same group, the `contract-harness golden record` it
    /// runs and that one's testee (the JVM's place) all end; none writes golden/kotlin later.
    func testKillingRefreshDuringTheRecordingEndsEveryDescendant() throws {
        let paths = try GateTestSupport.smallTree()
        defer { GateTestSupport.remove(paths) }
        let root = paths.root.path
        let scripts = paths.root.appendingPathComponent("scripts")
        try FileManager.default.createDirectory(at: scripts, withIntermediateDirectories: true)
        let recorder = scripts.appendingPathComponent("record-kotlin")
        try """
        #!/bin/bash
        \(Self.notingGroup(in: "\(root)/recorder.pid"))
        (sleep 4; touch '\(root)/golden/kotlin/late-recorder-child') &
        printf '{"id":"x"}\\n' > '\(root)/one-case.jsonl'
        "$CONTRACT_HARNESS" golden record --name slow --cases '\(root)/one-case.jsonl' --out '\(root)/golden/kotlin/late-record' \\
          --timeout 60 --reader-command "awk '{ print \\$5 }' /proc/\\$\\$/stat > '\(root)/testee.pid'; sleep 4; touch '\(root)/golden/kotlin/late-testee'; cat"
        touch '\(root)/golden/kotlin/late-recorder'

        """.write(to: recorder, atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(recorder.path, 0o755), 0)
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = nil
        let harness = try start(["golden", "refresh", "--root", root, "--jobs", "2"], environment: environment)
        let testee = try waitForPid(paths.root.appendingPathComponent("testee.pid"), while: harness)
        let recorderGroup = try XCTUnwrap(Int32(try String(contentsOf: paths.root.appendingPathComponent("recorder.pid"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        XCTAssertFalse(members(of: recorderGroup).isEmpty)
        kill(harness.processIdentifier, SIGKILL)
        harness.waitUntilExit()
        try assertGone([recorderGroup, testee], noFileLike: "late-", in: paths.golden.appendingPathComponent("kotlin"))
    }

    /// `record` ended by SIGTERM or SIGINT mid-recording: exit 128 + the signal, the testee's
    /// group gone, nothing written, and no word blaming the testee for the kill ("kotlin failed
    /// on case …: ended before answering (killed by signal 9)" was printed before).
    func testSIGTERMOrSIGINTMidRecordExitsWithTheSignalAndSaysNothingElse() throws {
        for signalNumber in [SIGTERM, SIGINT] {
            let tree = Scratch.folder()
            defer { Scratch.remove(tree) }
            try "{\"id\":\"x\"}\n{\"id\":\"y\"}\n".write(to: tree.appendingPathComponent("cases.jsonl"), atomically: true, encoding: .utf8)
            let harness = Process()
            harness.executableURL = GateTestSupport.cli
            harness.arguments = ["golden", "record", "slow=\(Self.notingGroup(in: "\(tree.path)/testee.pid")); sleep 30; cat",
                                 "--cases", tree.appendingPathComponent("cases.jsonl").path,
                                 "--out", tree.appendingPathComponent("out.jsonl").path, "--timeout", "60"]
            let err = Pipe()
            harness.standardOutput = FileHandle.nullDevice
            harness.standardError = err
            try harness.run()
            let group = try waitForPid(tree.appendingPathComponent("testee.pid"), while: harness)
            kill(harness.processIdentifier, signalNumber)
            let said = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            harness.waitUntilExit()
            XCTAssertEqual(harness.terminationStatus, 128 + signalNumber, said)
            XCTAssertEqual(said, "", "signal \(signalNumber)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: tree.appendingPathComponent("out.jsonl").path))
            try assertGone([group], noFileLike: "out", in: tree)
        }
    }

    // MARK: - helpers

    private func start(_ arguments: [String], environment: [String: String]? = nil) throws -> Process {
        let process = Process()
        process.executableURL = GateTestSupport.cli
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Shell that writes the process group of the shell running it into `path` (a child runs in
    /// its keeper's group: `$$` is not the group's id).
    private static func notingGroup(in path: String) -> String {
        "awk '{ print $5 }' /proc/$$/stat > '\(path).tmp' && mv '\(path).tmp' '\(path)'"
    }

    /// The number a testee wrote into `file` (its process group's id, or its own pid).
    private func waitForPid(_ file: URL, while harness: Process) throws -> pid_t {
        let deadline = Date().addingTimeInterval(180)
        while Date() < deadline, harness.isRunning {
            if let text = try? String(contentsOf: file, encoding: .utf8), text.hasSuffix("\n"),
               let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                usleep(300_000)  // its child starts too
                return pid
            }
            usleep(50_000)
        }
        kill(harness.processIdentifier, SIGKILL)
        throw XCTSkip("the testee never started (harness running: \(harness.isRunning))")
    }

    /// Waits past the moment the planted writes would happen, then checks nothing of the
    /// groups runs and nothing was written.
    private func assertGone(_ groups: [pid_t], noFileLike prefix: String, in folder: URL,
                            file: StaticString = #filePath, line: UInt = #line) throws {
        usleep(1_000_000)
        for group in groups {
            XCTAssertEqual(members(of: group), [], "processes of group \(group) outlived the harness", file: file, line: line)
        }
        usleep(5_000_000)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(prefix) }
        XCTAssertEqual(names, [], "written after the harness was killed", file: file, line: line)
    }

    /// Live (not zombie) processes whose process group is `group`.
    private func members(of group: pid_t) -> [pid_t] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap { name -> pid_t? in
            guard let pid = pid_t(name),
                  let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")  // state ppid pgrp …
            guard fields.count > 2, fields[0] != "Z", pid_t(fields[2]) == group else { return nil }
            return pid
        }.sorted()
    }
}

import ContractModel
import Foundation
import XCTest
@testable import HarnessCorpus
@testable import HarnessReaders
import HarnessTestSupport
import TestSupport

/// The command line's promises: exit codes 0/1/2, `--help` for every subcommand, `update`
/// refusing under CI, `--root`, and an external testee compared like any reader.
final class CLITests: XCTestCase {
    override func setUpWithError() throws {
        try GateTestSupport.skipUnlessTheCLIIsBuilt()
    }

    func testExitCodesPassFailAndBadInput() throws {
        // A tree that passes (the small tree is checked to pass when it is made).
        let passing = try GateTestSupport.smallTree()
        defer { GateTestSupport.remove(passing) }
        XCTAssertEqual(try GateTestSupport.runCLI(["check", "--root", passing.root.path, "--quiet"]).status, 0)

        let paths = try GateTestSupport.smallTree()
        defer { GateTestSupport.remove(paths) }
        try GateTestSupport.editSealed(paths.golden.appendingPathComponent("expected/legacy.jsonl"), caseId: "legacy/base@berlin@day",
                                 replacing: #""stale":false"#, with: #""stale":true"#)
        let failed = try GateTestSupport.runCLI(["check", "--root", paths.root.path, "--no-recordings"])
        XCTAssertEqual(failed.status, 1)
        XCTAssertTrue(failed.out.contains("legacy/base@berlin@day  stale: expected true, got false"), failed.out)

        XCTAssertEqual(try GateTestSupport.runCLI(["check", "--bogus"]).status, 2)
        XCTAssertEqual(try GateTestSupport.runCLI(["frobnicate"]).status, 2)
        let badFixture = try GateTestSupport.smallTree()
        defer { GateTestSupport.remove(badFixture) }
        try "{ not json".write(to: badFixture.golden.appendingPathComponent("fixtures/broken.json"), atomically: true, encoding: .utf8)
        let bad = try GateTestSupport.runCLI(["check", "--root", badFixture.root.path])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.err.contains("golden/fixtures/broken.json"), bad.err)
    }

    /// `explain` reads the golden files strictly: a corrupt line in golden/expected or
    /// golden/kotlin is exit 2 naming file and line, never "none: run update".
    func testExplainNamesACorruptGoldenLine() throws {
        for folder in ["expected", "kotlin"] {
            let paths = try GateTestSupport.smallTree()
            defer { GateTestSupport.remove(paths) }
            let file = paths.golden.appendingPathComponent("\(folder)/legacy.jsonl")
            var lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
            XCTAssertGreaterThan(lines.count, 3)
            lines[2] = String(lines[2].prefix(20))  // cut mid-line: not JSON any more
            try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
            for html in [[], ["--html", "-"]] {
                let run = try GateTestSupport.runCLI(["explain", "legacy/base@berlin@day", "--root", paths.root.path] + html)
                XCTAssertEqual(run.status, 2, "\(folder) \(html): \(run.out)")
                XCTAssertTrue(run.err.contains("golden/\(folder)/legacy.jsonl:3"), "\(folder) \(html): \(run.err)")
            }
        }
    }

    /// `--root` at something that is not the repository (missing, a file, an empty folder) is
    /// exit 2 with a sentence naming the folder, not a Foundation error dump.
    func testARootThatIsNotTheRepositoryIsAClearError() throws {
        let empty = Scratch.url("not-a-repo")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        for root in ["/nonexistent/nowhere", "/etc/passwd", empty.path] {
            let run = try GateTestSupport.runCLI(["check", "--root", root])
            XCTAssertEqual(run.status, 2, root)
            XCTAssertTrue(run.err.contains("\(root)/golden/fixtures: no fixtures folder here: \(root) does not hold golden/fixtures/"), run.err)
            XCTAssertFalse(run.err.contains("NSCocoaErrorDomain"), run.err)
        }
    }

    /// `zones --root` at a folder that is not the repository is bad usage naming it, not "differs".
    func testZonesWithARootThatIsNotTheRepositoryIsExitTwo() throws {
        let run = try GateTestSupport.runCLI(["golden", "zones", "--root", "/nonexistent/nowhere"])
        XCTAssertEqual(run.status, 2, run.out + run.err)
        XCTAssertTrue(run.err.contains("--root /nonexistent/nowhere: no golden/ folder there"), run.err)
        XCTAssertFalse(run.out.contains("differs"), run.out)
    }

    /// Messages name the real cause: a golden/ that is a symlink loop is not "no fixtures
    /// folder here", a sealed line with a mangled seal is not "unknown field `case`".
    func testMessagesNameTheRealCause() throws {
        let loop = Scratch.url("loop")
        try FileManager.default.createDirectory(at: loop, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: loop) }
        try FileManager.default.createSymbolicLink(atPath: loop.appendingPathComponent("golden").path, withDestinationPath: "golden")
        let looped = try GateTestSupport.runCLI(["check", "--root", loop.path])
        XCTAssertEqual(looped.status, 2, looped.err)
        XCTAssertTrue(looped.err.contains("golden: a symbolic link loop (Too many levels of symbolic links)"), looped.err)
        XCTAssertFalse(looped.err.contains("does not hold golden/fixtures/"), looped.err)

        let paths = try GateTestSupport.smallTree()
        defer { GateTestSupport.remove(paths) }
        let file = paths.golden.appendingPathComponent("expected/legacy.jsonl")
        var lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
        lines[2] = lines[2].replacingOccurrences(of: #""}"#, with: #"0"}"#, options: .backwards, range: lines[2].index(lines[2].endIndex, offsetBy: -3)..<lines[2].endIndex)
        try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        let sealed = try GateTestSupport.runCLI(["check", "--root", paths.root.path])
        XCTAssertEqual(sealed.status, 2, sealed.err)
        XCTAssertTrue(sealed.err.contains("golden/expected/legacy.jsonl:3: malformed provenance: a `case` member"), sealed.err)
        XCTAssertFalse(sealed.err.contains("unknown field"), sealed.err)
    }

    func testEverySubcommandHasHelp() throws {
        for words in [["check"], ["golden", "update"], ["tool", "cases"], ["tool", "list"], ["explain"], ["tool", "decode"]] {
            let run = try GateTestSupport.runCLI(words + ["--help"])
            let name = words.joined(separator: " ")
            XCTAssertEqual(run.status, 0, name)
            XCTAssertTrue(run.out.contains("USAGE: contract-harness \(name)"), name)
        }
    }

    /// `record --help` offers only what `record` takes: it has no `--testee` (refused as an
    /// unknown option) and stops at the first failed case instead of restarting the testee.
    func testRecordHelpOffersOnlyWhatRecordTakes() throws {
        let help = try GateTestSupport.runCLI(["golden", "record", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.out.contains("--start-timeout SECONDS"), help.out)
        XCTAssertFalse(help.out.contains("--testee"), help.out)
        XCTAssertFalse(help.out.contains("is restarted"), help.out)
        let refused = try GateTestSupport.runCLI(["golden", "record", "--reader-command", "cat", "--testee", "x=cat"])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.err.contains("unknown option --testee"), refused.err)
    }

    func testUpdateRefusesUnderCI() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = "true"
        let run = try GateTestSupport.runCLI(["golden", "update", "--root", "/nonexistent"], environment: environment)
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.err.contains("refuses to run under CI"), run.err)
    }

    func testOurReadersAsExternalTesteesAgreeWithTheGate() throws {
        let tree = try GateTestSupport.smallTree()
        defer { GateTestSupport.remove(tree) }
        let root = tree.root.path
        let cli = GateTestSupport.cli.path
        let run = try GateTestSupport.runCLI(["check", "--root", root, "--no-recordings", "--testee", "swiftproc=\(cli) tool decode --reader swift"])
        XCTAssertEqual(run.status, 0, run.out)
        XCTAssertTrue(run.out.contains("swiftproc"), run.out)
    }

    /// `decode` is a testee (CONTRACT §6): a line that is not a case gets a crash line naming
    /// the line and field (with the line's id when it has one, else ""), and decoding goes on,
    /// so views stay aligned with cases; it never stops with exit 2 mid-stream.
    func testDecodeAnswersABadCaseLineWithACrashLineAndGoesOn() throws {
        let cases = try GateTestSupport.repositoryCorpus().cases.filter { $0.id.hasPrefix("legacy/") }.prefix(2)
        var input = CaseStream.line(cases.first!) + [10]
        input += Array(#"{"id":"bad/one@utc@at","blob":"{}","timeZone":"UTC"}"#.utf8) + [10]
        input += Array("not json at all\n\n".utf8)
        input += CaseStream.line(cases.last!) + [10]
        for (reader, status, text) in try decodeWithEachInProcessReader(input) {
            XCTAssertEqual(status, 0, "\(reader): \(text)")
            let lines = text.split(separator: "\n").map(String.init)
            XCTAssertEqual(lines.count, 4, "\(reader): one line per case line: \(text)")
            guard lines.count == 4 else { continue }
            XCTAssertTrue(lines[0].hasPrefix(#"{"id":"\#(cases.first!.id)","parse""#), lines[0])
            XCTAssertTrue(lines[1].hasPrefix(#"{"id":"bad/one@utc@at","crash":"bad case: stdin:2: field `nowMs`"#), lines[1])
            XCTAssertTrue(lines[2].hasPrefix(#"{"id":"","crash":"bad case: stdin:3"#), lines[2])
            XCTAssertTrue(lines[3].hasPrefix(#"{"id":"\#(cases.last!.id)","parse""#), lines[3])
        }
    }

    /// A case line that is not UTF-8 (a raw 0xFF inside the blob string) is a bad case: a crash
    /// line, never a case repaired to U+FFFD and decoded (CONTRACT §6: such bytes go as blobBase64).
    func testDecodeAnswersACaseLineThatIsNotUTF8WithACrashLine() throws {
        let good = try XCTUnwrap(try GateTestSupport.repositoryCorpus().cases.first { $0.id.hasPrefix("legacy/") })
        var input = Array(#"{"id":"bad/utf8@utc@at","blob":"{\"v\":1,\"tasks\":[{\"id\":\"t\",\"title\":\""#.utf8) + [0xFF]
        input += Array(#"\"}]}","nowMs":0,"timeZone":"UTC"}"#.utf8) + [10]
        input += CaseStream.line(good) + [13, 10]
        for (reader, status, text) in try decodeWithEachInProcessReader(input) {
            XCTAssertEqual(status, 0, "\(reader): \(text)")
            let lines = text.split(separator: "\n").map(String.init)
            XCTAssertEqual(lines.count, 2, "\(reader): \(text)")
            guard lines.count == 2 else { continue }
            XCTAssertTrue(lines[0].hasPrefix(#"{"id":"","crash":"bad case: stdin:1: not JSON"#), "\(reader): \(lines[0])")
            XCTAssertTrue(lines[1].hasPrefix(#"{"id":"\#(good.id)","parse""#), "\(reader): \(lines[1])")
        }
    }

    func testATesteeThatCrashesOrHangsFailsOnlyThoseCases() throws {
        let cases = try GateTestSupport.repositoryCorpus().cases.filter { $0.id.hasPrefix("legacy/") }
        let cli = GateTestSupport.cli.path
        // A wrapper that dies on one case and hangs on another, and answers the rest through our Swift reader.
        let script = """
        while IFS= read -r line; do
          case "$line" in
            *'"legacy/base@berlin@day"'*) exit 3 ;;
            *'"legacy/base@berlin@far"'*) sleep 30 ;;
            *) printf '%s\\n' "$line" | \(cli) tool decode --reader swift ;;
          esac
        done
        """
        let reader = ExternalProcessReader(name: "flaky", command: script, caseTimeout: 2, startTimeout: 4)
        let outcomes = reader.decodeAll(cases, jobs: 1)
        XCTAssertEqual(outcomes.count, cases.count)
        for (testCase, outcome) in zip(cases, outcomes) {
            switch testCase.id {
            case "legacy/base@berlin@day": XCTAssertTrue(outcome.view == nil && "\(outcome)".contains("crash"), "\(outcome)")
            case "legacy/base@berlin@far": XCTAssertTrue("\(outcome)".contains("hang"), "\(outcome)")
            // (By its line: a field of a feature the Swift reader does not implement is left out of both.)
            default: XCTAssertEqual(outcome.view?.canonicalJSONString, SwiftReader().decode(testCase).canonicalJSONString, testCase.id)
            }
        }
    }
}

/// A reader of the CLI's output that stops early (`cases | head -1`, `fuzz 2>&1 | head -1`)
/// ends the command quietly as SIGPIPE ends any Unix filter: exit 141, never a trap in the
/// write (SIGILL, exit 132), no "Fatal error" — on stdout and on stderr alike.
final class CLIClosedPipeTests: XCTestCase {
    override func setUpWithError() throws {
        try GateTestSupport.skipUnlessTheCLIIsBuilt()
    }

    func testCasesIntoAPipeClosedAfterOneLineEndsAsSIGPIPEWould() throws {
        let run = try piped(["tool", "cases", "--root", TestRepository.root.path], into: "head -1", errorsToo: false)
        XCTAssertEqual(run.status, 141, run.err)
        XCTAssertFalse(run.err.contains("Fatal error"), run.err)
    }

    /// The progress lines and the summary of `fuzz` go to a pipe whose reader left after one line.
    func testFuzzProgressIntoAClosedPipeEndsAsSIGPIPEWould() throws {
        let run = try piped(["fuzz", "--seed", "1", "--seconds", "2", "--root", TestRepository.root.path],
                            into: "head -1", errorsToo: true)
        XCTAssertEqual(run.status, 141, run.err)
    }

    /// Stdout on a full disk: the verdict is lost, which is said on stderr and is exit 2 (an
    /// input/output error), never the silent exit 1 of a contract failure (found attacking the CLI).
    func testAVerdictLostToAFullDiskIsExit2AndSaysSo() throws {
        try XCTSkipUnless(FileManager.default.fileExists(atPath: "/dev/full"), "no /dev/full")
        let process = Process()
        process.executableURL = GateTestSupport.cli
        process.arguments = ["tool", "list", "fixtures", "--root", TestRepository.root.path]
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 2, text)
        XCTAssertTrue(text.contains("cannot write to stdout: No space left on device"), text)
    }

    /// A usage error longer than the pipe's reader takes (`head -c 5`).
    func testALongUsageErrorIntoAClosedPipeEndsAsSIGPIPEWould() throws {
        let name = String(repeating: "X", count: 100_000)
        let run = try piped(["check", "--testee", "\(name)=cat"], into: "head -c 5", errorsToo: true)
        XCTAssertEqual(run.status, 141, run.err)
    }

    /// The package's other programs write the same way (`BrokenPipe`), also when their parent
    /// ignores SIGPIPE (as the harness does for its testees), where `FileHandle` trapped: the
    /// testee kit answering cases into `head -c 1`, WidgetFuzz's lines, WidgetBench's usage on
    /// stdout and its error on stderr into a reader that is gone.
    func testTheKitWidgetFuzzAndWidgetBenchEndAsSIGPIPEWouldEvenWithSIGPIPEIgnored() throws {
        let folder = GateTestSupport.cli.deletingLastPathComponent()
        let cases = Scratch.url("closed-pipe", extension: "jsonl")
        defer { try? FileManager.default.removeItem(at: cases) }
        let line = #"{"id":"canonical/base@berlin@at","blob":"{\"v\":1,\"tasks\":[]}","nowMs":0,"timeZone":"Europe/Berlin"}"#
        try String(repeating: line + "\n", count: 20_000).write(to: cases, atomically: true, encoding: .utf8)
        let testee = try piped([], into: "head -c 1", errorsToo: false, program: folder.appendingPathComponent("ios-example-testee"),
                               stdin: cases, ignoringSIGPIPE: true)
        XCTAssertEqual(testee.status, 141, testee.err)
        XCTAssertTrue(testee.err.isEmpty, testee.err)
        let blob = Scratch.url("closed-pipe", extension: "json")
        defer { try? FileManager.default.removeItem(at: blob) }
        try "{}".write(to: blob, atomically: true, encoding: .utf8)
        let fuzz = try piped(Array(repeating: blob.path, count: 20_000), into: "head -c 1", errorsToo: false,
                             program: folder.appendingPathComponent("WidgetFuzz"), ignoringSIGPIPE: true)
        XCTAssertEqual(fuzz.status, 141, fuzz.err)
        XCTAssertTrue(fuzz.err.isEmpty, fuzz.err)
        // (The reader is gone before the program writes: `sleep` first, then a reader that reads nothing.)
        let usage = try piped(["--help"], into: "true", errorsToo: false, program: folder.appendingPathComponent("WidgetBench"),
                              ignoringSIGPIPE: true, delayed: true)
        XCTAssertEqual(usage.status, 141, usage.err)
        let error = try piped(["no-such-subcommand"], into: "true", errorsToo: true, program: folder.appendingPathComponent("WidgetBench"),
                              ignoringSIGPIPE: true, delayed: true)
        XCTAssertEqual(error.status, 141, error.err)
    }

    /// Runs the CLI (or `program`) with `arguments`, its stdout (and with `errorsToo` its
    /// stderr) into `reader`; returns the program's own exit status as the shell sees it, and
    /// its stderr otherwise. `ignoringSIGPIPE`: the program starts with SIGPIPE ignored;
    /// `delayed`: it starts half a second late (after a quick reader has gone).
    private func piped(_ arguments: [String], into reader: String, errorsToo: Bool, program: URL = GateTestSupport.cli,
                       stdin: URL? = nil, ignoringSIGPIPE: Bool = false, delayed: Bool = false) throws -> (status: Int32, err: String) {
        let errFile = Scratch.url("closed-pipe", extension: "err")
        defer { try? FileManager.default.removeItem(at: errFile) }
        let redirect = (errorsToo ? "2>&1" : "2>\"$ERRFILE\"") + (stdin.map { " <\"\($0.path)\"" } ?? "")
        let start = (ignoringSIGPIPE ? "trap '' PIPE; " : "") + (delayed ? "sleep 0.5; " : "")
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/bash")
        shell.arguments = ["-c", "{ \(start)\"$0\" \"$@\" \(redirect); } | \(reader) >/dev/null; echo ${PIPESTATUS[0]} >\"$STATUSFILE\"",
                           program.path] + arguments
        let statusFile = errFile.appendingPathExtension("status")
        defer { try? FileManager.default.removeItem(at: statusFile) }
        var environment = ProcessInfo.processInfo.environment
        environment["ERRFILE"] = errFile.path
        environment["STATUSFILE"] = statusFile.path
        shell.environment = environment
        try shell.run()
        shell.waitUntilExit()
        let status = try String(contentsOf: statusFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        return (Int32(status) ?? -1, (try? String(contentsOf: errFile, encoding: .utf8)) ?? "")
    }
}

extension CLITests {
    /// `decode --reader R < input` for the Swift and the C reader: each reader's exit status and stdout.
    func decodeWithEachInProcessReader(_ input: [UInt8]) throws -> [(reader: String, status: Int32, out: String)] {
        let inputFile = Scratch.url("decode", extension: "jsonl")
        try Data(input).write(to: inputFile)
        defer { try? FileManager.default.removeItem(at: inputFile) }
        return try ["swift", "c"].map { reader in
            let shell = Process()
            shell.executableURL = URL(fileURLWithPath: "/bin/sh")
            shell.arguments = ["-c", "exec \"$0\" tool decode --reader \"$1\" < \"$2\"", GateTestSupport.cli.path, reader, inputFile.path]
            let out = Pipe()
            shell.standardOutput = out
            try shell.run()
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            shell.waitUntilExit()
            return (reader, shell.terminationStatus, text)
        }
    }
}

import ContractModel
import Foundation
import XCTest
@testable import HarnessCorpus
@testable import HarnessGate
import HarnessTestSupport
import TestSupport

/// The size limits of docs/threat-model.md "Limits" (`InputLimits`): a fixture, a divergence list, a case
/// line's blob and a case id over them are bad input naming the file, refused before the
/// gate spends minutes and gigabytes on them; a list at its limit is matched by lookup.
final class InputLimitsTests: XCTestCase {
    func testAFixtureOverTheLimitIsExitTwoNamingIt() throws {
        try GateTestSupport.skipUnlessTheCLIIsBuilt()
        let paths = try GateTestSupport.smallTree()
        defer { GateTestSupport.remove(paths) }
        let canonical = TestRepository.root.appendingPathComponent("golden/fixtures/canonical.json")
        var text = try String(contentsOf: canonical, encoding: .utf8)
        let title = String(repeating: "x", count: InputLimits.fixtureFileBytes)
        let range = try XCTUnwrap(text.range(of: #""title": ""#))
        text.replaceSubrange(range, with: #""title": ""# + title)
        try text.write(to: paths.golden.appendingPathComponent("fixtures/huge.json"), atomically: true, encoding: .utf8)
        for command in [["check"], ["golden", "update"]] {
            let run = try GateTestSupport.runCLI(command + ["--root", paths.root.path], environment: ["PATH": "/usr/bin:/bin"])
            XCTAssertEqual(run.status, 2, "\(command): " + run.err)
            XCTAssertTrue(run.err.contains("golden/fixtures/huge.json: \(text.utf8.count) bytes, over the limit of 256 KiB"), run.err)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: paths.golden.appendingPathComponent("expected/huge.jsonl").path))
    }

    func testAListOverTheLimitIsRefusedNamingFileAndLine() throws {
        let line = { (n: Int) in "canonical/op#\(n)@berlin@at  [parse]  the reader reads this case differently, by design\n" }
        let atLimit = (0..<InputLimits.listEntries).map(line).joined()
        let list = try DivergenceList.parse(atLimit, file: "golden/divergences/x.txt")
        XCTAssertEqual(list.entries.count, InputLimits.listEntries)
        XCTAssertThrowsError(try DivergenceList.parse(atLimit + line(InputLimits.listEntries), file: "golden/divergences/x.txt")) { error in
            XCTAssertTrue("\(error)".hasPrefix("golden/divergences/x.txt:\(InputLimits.listEntries + 1): more than \(InputLimits.listEntries) entries"), "\(error)")
        }
        let big = Scratch.url("list", extension: "txt")
        defer { try? FileManager.default.removeItem(at: big) }
        try Data(repeating: UInt8(ascii: "#"), count: InputLimits.listFileBytes + 1).write(to: big)
        XCTAssertThrowsError(try DivergenceList.load(big, displayName: "golden/divergences/big.txt", tree: TreeBoundary(rootPath: big.deletingLastPathComponent().path))) { error in
            XCTAssertTrue("\(error)".contains("golden/divergences/big.txt: \(InputLimits.listFileBytes + 1) bytes, over the limit of 1 MiB"), "\(error)")
        }
    }

    /// The indexed lookup keeps the list's rule: the first entry in line order that matches
    /// and covers the field, whether its pattern is a case id or a glob.
    func testTheFirstMatchingEntryInLineOrderExcusesAField() throws {
        let list = try DivergenceList.parse("""
        canonical/*@berlin@at  [meta]  glob first, for meta only
        canonical/a@berlin@at  [meta,parse]  the exact id, later
        canonical/?@berlin@at  [parse]  a later glob entry
        """, file: "golden/divergences/x.txt")
        XCTAssertEqual(list.entry(for: "canonical/a@berlin@at", field: "meta.dayStr", notImplemented: false)?.line, 1)
        XCTAssertEqual(list.entry(for: "canonical/a@berlin@at", field: "parse", notImplemented: false)?.line, 2)
        XCTAssertEqual(list.entry(for: "canonical/b@berlin@at", field: "parse", notImplemented: false)?.line, 3)
        XCTAssertNil(list.entry(for: "canonical/bb@berlin@at", field: "parse", notImplemented: false))
        XCTAssertEqual(list.entries(matching: "canonical/a@berlin@at").map(\.line), [1, 2, 3])
    }

    func testACaseLineOverTheBlobOrIdLimitIsABadCase() throws {
        let blob = String(repeating: "x", count: InputLimits.blobBytes + 1)
        XCTAssertThrowsError(try CaseStream.readLine(Array(#"{"id":"a/b@utc@at","blob":"\#(blob)","nowMs":0,"timeZone":"UTC"}"#.utf8),
                                                     file: "stdin", line: 1)) { error in
            XCTAssertTrue("\(error)".contains("field `blob`: \(InputLimits.blobBytes + 1) bytes, over the limit of 2 MiB"), "\(error)")
        }
        let id = "a/" + String(repeating: "b", count: InputLimits.caseIdBytes)
        XCTAssertThrowsError(try CaseStream.readLine(Array(#"{"id":"\#(id)","blob":"{}","nowMs":0,"timeZone":"UTC"}"#.utf8),
                                                     file: "stdin", line: 1)) { error in
            XCTAssertTrue("\(error)".contains("field `id`: \(id.utf8.count) bytes, over the limit of \(InputLimits.caseIdBytes)"), "\(error)")
        }
        let fine = try CaseStream.readLine(Array(#"{"id":"a/b@utc@at","blob":"{}","nowMs":0,"timeZone":"UTC"}"#.utf8), file: "stdin", line: 1)
        XCTAssertEqual(fine.id, "a/b@utc@at")
    }

    /// `explain` with an id far longer than any case id answers at once (no search for
    /// similar ids over a 100 KB string); a near miss still gets its similar ids.
    func testExplainWithAHugeIdIsAnAnswerNotASearch() throws {
        try GateTestSupport.skipUnlessTheCLIIsBuilt()
        let paths = try GateTestSupport.smallTree()
        defer { GateTestSupport.remove(paths) }
        let huge = try GateTestSupport.runCLI(["explain", String(repeating: "a", count: 100_000), "--root", paths.root.path])
        XCTAssertEqual(huge.status, 2, huge.err)
        XCTAssertTrue(huge.err.contains("no case has an id of 100000 bytes (a case id has at most \(InputLimits.caseIdBytes))"), huge.err)
        XCTAssertLessThan(huge.err.utf8.count, 400, "the id is not echoed whole")
        let near = try GateTestSupport.runCLI(["explain", "legacy/base@nowhere@at", "--root", paths.root.path])
        XCTAssertEqual(near.status, 2, near.err)
        XCTAssertTrue(near.err.contains("no case legacy/base@nowhere@at; similar: legacy/base@"), near.err)
    }

    /// A golden view file or a saved finding over its limit is exit 2 naming it, before it is
    /// read (a sparse file: its size is all that is looked at).
    func testAGoldenViewFileOrAFindingOverTheLimitIsRefusedUnread() throws {
        try GateTestSupport.skipUnlessTheCLIIsBuilt()
        let paths = try GateTestSupport.smallTree()
        defer { GateTestSupport.remove(paths) }
        let expected = paths.golden.appendingPathComponent("expected/legacy.jsonl")
        XCTAssertEqual(truncate(expected.path, off_t(InputLimits.goldenViewFileBytes + 1)), 0)
        let check = try GateTestSupport.runCLI(["check", "--root", paths.root.path, "--quiet"])
        XCTAssertEqual(check.status, 2, check.err)
        XCTAssertTrue(check.err.contains("golden/expected/legacy.jsonl: \(InputLimits.goldenViewFileBytes + 1) bytes, over the limit of 64 MiB"), check.err)

        let findings = paths.golden.appendingPathComponent("findings")
        try FileManager.default.createDirectory(at: findings, withIntermediateDirectories: true)
        let finding = findings.appendingPathComponent("huge.json")
        XCTAssertTrue(FileManager.default.createFile(atPath: finding.path, contents: nil))
        XCTAssertEqual(truncate(finding.path, off_t(InputLimits.findingFileBytes + 1)), 0)
        for target in ["golden/findings", "golden/findings/huge.json"] {
            let replay = try GateTestSupport.runCLI(["fuzz", "--root", paths.root.path, "--replay", target])
            XCTAssertEqual(replay.status, 2, replay.err)
            XCTAssertTrue(replay.err.contains("huge.json: \(InputLimits.findingFileBytes + 1) bytes, over the limit of 16 MiB"), replay.err)
        }
    }

    /// A case line over 16 MiB on `decode`'s stdin is answered by a crash line, is never held
    /// whole, and the next case is answered as usual.
    func testACaseLineOverTheLimitGetsACrashLine() throws {
        try GateTestSupport.skipUnlessTheCLIIsBuilt()
        let input = Scratch.url("long-line", extension: "jsonl")
        defer { try? FileManager.default.removeItem(at: input) }
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: InputLimits.caseLineBytes + 10)
        bytes += Array("\n{\"id\":\"b\",\"blob\":\"{}\",\"nowMs\":0,\"timeZone\":\"UTC\"}\n".utf8)
        try Data(bytes).write(to: input)
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "\"$0\" tool decode --reader c < \"$1\"", GateTestSupport.cli.path, input.path]
        let out = Pipe()
        shell.standardOutput = out
        try shell.run()
        let lines = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n")
        shell.waitUntilExit()
        XCTAssertEqual(lines.count, 2)
        XCTAssertEqual(lines.first, #"{"id":"","crash":"bad case: stdin:1: a line of over 16 MiB, the limit for a case line"}"#)
        XCTAssertTrue(lines.last?.hasPrefix(#"{"id":"b","parse":{"tasks":[]}"#) == true, "\(lines.last ?? "")")
    }
}

import ContractModel
import Foundation
import XCTest
import WidgetSnapshot
@testable import HarnessCorpus
@testable import HarnessReaders
import HarnessTestSupport
import TestSupport

/// `contract-harness golden record` (what scripts/record-kotlin runs after compiling): a testee's
/// lines kept byte for byte per fixture, RECORDING.json from the about object, the stream and
/// the counts; a failed case stops the recording before anything is written.
final class RecordingTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = Scratch.url("recording")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private let cases = ["alpha/op@berlin@at", "alpha/op@berlin@far", "beta/op@berlin@at"].map {
        Case(id: $0, blob: Array(#"{"v":1}"#.utf8), nowMs: 0, timeZone: "Europe/Berlin")
    }

    /// Answers each case with a view whose title keeps a lone surrogate as `\ud800` (as the
    /// Kotlin end writes it), a crash line for `CRASH_ID`, and nothing for `SKIP_ID`.
    private func testee(crash: String = "-", skip: String = "-") throws -> TesteeSession {
        let script = folder.appendingPathComponent("testee.sh")
        try #"""
        while IFS= read -r line; do
          id=${line#\{\"id\":\"}; id=${id%%\"*}
          if [ "$id" = "$CRASH_ID" ]; then
            printf '{"id":"%s","crash":"StackOverflowError"}\n' "$id"
          elif [ "$id" != "$SKIP_ID" ]; then
            printf '{"id":"%s","parse":{"tasks":[{"id":"t1","title":"a\\ud800b","isDone":false,"projectColor":null}]},"meta":{"dayStr":null,"validUntil":null},"stale":false,"header":{"kind":"today"}}\n' "$id"
          fi
        done
        """#.write(to: script, atomically: true, encoding: .utf8)
        return TesteeSession(name: "fake", command: "CRASH_ID='\(crash)' SKIP_ID='\(skip)' sh '\(script.path)'", caseTimeout: 5)
    }

    private var requests: [TesteeRequest] { cases.map { TesteeRequest(id: $0.id, line: CaseStream.line($0)) } }

    func testLinesAreKeptByteForBytePerFixtureWithTheirHeader() throws {
        let session = try testee(crash: cases[1].id)
        defer { session.close() }
        let lines = try Recording.run(requests, through: session)
        let store = ViewStore(folder: folder.appendingPathComponent("kotlin"), displayName: "golden/kotlin", allowsNotImplemented: true,
                              tree: TreeBoundary(root: folder))
        try FileManager.default.createDirectory(at: store.folder, withIntermediateDirectories: true)
        // A fixture's file the recording wrote earlier (views of that fixture's cases) goes;
        // a file it did not write stays (`update` never deletes files it did not write).
        try Data("{\"id\":\"gone/op@berlin@far\",\"crash\":\"old\"}\n".utf8).write(to: store.folder.appendingPathComponent("gone.jsonl"))
        try Data("{}\n".utf8).write(to: store.folder.appendingPathComponent("notes.jsonl"))
        var about = JSONObject()
        about["recordedBy"] = .string("RecordingTests")
        let stream = CaseStream.encode(cases)
        let changed = try Recording.write(Array(zip(cases, lines)), caseStream: stream, about: about, to: store)
        XCTAssertEqual(Set(changed), ["alpha.jsonl", "beta.jsonl", "gone.jsonl", "RECORDING.json"])

        let alpha = try String(contentsOf: store.folder.appendingPathComponent("alpha.jsonl"), encoding: .utf8)
        // Each line as the testee wrote it, sealed with its case's provenance (GoldenLine).
        let sealed = (0..<2).map { GoldenLine.seal(lines[$0], caseFingerprint: CaseFingerprint.of(cases[$0])) }
        XCTAssertEqual(alpha, String(decoding: sealed[0] + [0x0A] + sealed[1] + [0x0A], as: UTF8.self))
        XCTAssertEqual(GoldenLine.open(sealed[0]).view, lines[0])
        XCTAssertTrue(alpha.contains(#""title":"a\ud800b""#), alpha)
        XCTAssertTrue(alpha.contains(#"{"id":"alpha/op@berlin@far","crash":"StackOverflowError","case":""#), alpha)
        XCTAssertFalse(FileManager.default.fileExists(atPath: store.folder.appendingPathComponent("gone.jsonl").path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: store.folder.appendingPathComponent("notes.jsonl").path))
        try FileManager.default.removeItem(at: store.folder.appendingPathComponent("notes.jsonl"))

        let header = try String(contentsOf: store.folder.appendingPathComponent("RECORDING.json"), encoding: .utf8)
        XCTAssertEqual(header, """
        {
          "recordedBy": "RecordingTests",
          "caseStream": {
            "sha256": "\(SHA256.hex(stream))",
            "cases": 3
          },
          "fixtures": {
            "alpha": 2,
            "beta": 1
          }
        }

        """)
        let stored = try store.loadLines()
        XCTAssertEqual(stored.count, 3)
        for testCase in cases {
            XCTAssertEqual(stored[testCase.id]?.provenance, .sealed(caseFingerprint: CaseFingerprint.of(testCase)), testCase.id)
        }
        // Recording the same again changes nothing.
        XCTAssertEqual(try Recording.write(Array(zip(cases, lines)), caseStream: stream, about: about, to: store), [])
    }

    func testAFailedCaseStopsTheRecordingNamingTheCase() throws {
        let session = try testee(skip: cases[0].id)
        defer { session.close() }
        XCTAssertThrowsError(try Recording.run(requests, through: session)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("fake failed on case \(cases[0].id): malformed: line names case \(cases[1].id)"), text)
        }
    }

    func testAStreamFileIsSentAsItIs() throws {
        let text = "{\"id\":\"a/b@z@at\",\"blob\":\"{}\",\"nowMs\":0,\"timeZone\":\"Mars/Olympus\",\"extra\":1}\n\n{\"id\":\"c/d@z@at\"}\n"
        let requests = try Recording.requests(fromStream: Array(text.utf8), file: "s.jsonl")
        XCTAssertEqual(requests.map(\.id), ["a/b@z@at", "c/d@z@at"])
        XCTAssertEqual(String(decoding: requests[0].line, as: UTF8.self), String(text.split(separator: "\n")[0]))
        XCTAssertThrowsError(try Recording.requests(fromStream: Array("{\"id\":\"x\"}\n{\"blob\":1}\n".utf8), file: "s.jsonl")) { error in
            XCTAssertTrue("\(error)".contains("s.jsonl") && "\(error)".contains("2"), "\(error)")
        }
    }
}

/// `record` through the CLI keeps its help's promise: the first hang or stray line stops the
/// recording at once (not after the whole stream), a line after the last case is refused,
/// and a testee that never starts answering costs one start timeout.
final class RecordStopsAtFirstFailureTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        try GateTestSupport.skipUnlessTheCLIIsBuilt()
        folder = Scratch.url("record-stop")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    /// A stream of `count` cases (only the id matters to the script testee below).
    private func stream(_ count: Int) throws -> String {
        let file = folder.appendingPathComponent("cases.jsonl")
        try (0..<count).map { "{\"id\":\"f/op#\($0)@utc@at\"}\n" }.joined().write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    /// Notes each start in `starts`, answers every case with an empty view; with MODE=hang it
    /// hangs on every case but `ODD_ID`, with MODE=twice it answers `ODD_ID` twice.
    private func testee(mode: String, oddId: String) throws -> String {
        let script = folder.appendingPathComponent("testee.sh")
        try #"""
        echo start >> "$STARTS"
        while IFS= read -r line; do
          id=${line#\{\"id\":\"}; id=${id%%\"*}
          view="{\"id\":\"$id\",\"parse\":{\"tasks\":[]},\"meta\":{\"dayStr\":null,\"validUntil\":null},\"stale\":false,\"header\":{\"kind\":\"today\"}}"
          if [ "$MODE" = hang ] && [ "$id" != "$ODD_ID" ]; then sleep 1000; fi
          printf '%s\n' "$view"
          if [ "$MODE" = twice ] && [ "$id" = "$ODD_ID" ]; then printf '%s\n' "$view"; fi
        done
        """#.write(to: script, atomically: true, encoding: .utf8)
        return "MODE=\(mode) ODD_ID='\(oddId)' STARTS='\(startsFile.path)' exec sh '\(script.path)'"
    }

    private var startsFile: URL { folder.appendingPathComponent("starts") }

    /// How many times the testee was started.
    private var starts: Int {
        ((try? String(contentsOf: startsFile, encoding: .utf8)) ?? "").split(separator: "\n").count
    }

    private func record(_ command: String, cases: String, _ extra: [String]) throws -> (status: Int32, err: String, wrote: Bool) {
        let out = folder.appendingPathComponent("views.jsonl")
        try? FileManager.default.removeItem(at: out)
        try? FileManager.default.removeItem(at: startsFile)
        let run = try GateTestSupport.runCLI(["golden", "record", "--name", "fake", "--reader-command", command,
                                              "--cases", cases, "--out", out.path] + extra)
        return (run.status, run.err, FileManager.default.fileExists(atPath: out.path))
    }

    func testAHangStopsTheRecordingAtOnce() throws {
        // 200 cases; it answers the first and hangs on every other: one hang, no restart.
        let run = try record(try testee(mode: "hang", oddId: "f/op#0@utc@at"), cases: try stream(200), ["--timeout", "1"])
        XCTAssertEqual(run.status, 1, run.err)
        XCTAssertTrue(run.err.contains("fake failed on case f/op#1@utc@at: hang: no line within 1 s"), run.err)
        XCTAssertFalse(run.wrote)
        XCTAssertEqual(starts, 1, "restarted after the hang: the recording went on")
    }

    func testALineAfterTheLastCaseIsRefused() throws {
        let run = try record(try testee(mode: "twice", oddId: "f/op#2@utc@at"), cases: try stream(3), [])
        XCTAssertEqual(run.status, 1, run.err)
        XCTAssertTrue(run.err.contains("fake after case f/op#2@utc@at: stray line after the last case"), run.err)
        XCTAssertFalse(run.wrote)
        // The same testee without the extra line records.
        let clean = try record(try testee(mode: "none", oddId: "-"), cases: try stream(3), [])
        XCTAssertEqual(clean.status, 0, clean.err)
        XCTAssertTrue(clean.wrote)
    }

    func testATesteeThatNeverAnswersCostsOneStartTimeout() throws {
        let command = "echo start >> '\(startsFile.path)'; while read -r line; do :; done"
        let run = try record(command, cases: try stream(50), ["--timeout", "1", "--start-timeout", "2"])
        XCTAssertEqual(run.status, 1, run.err)
        XCTAssertTrue(run.err.contains("fake failed on case f/op#0@utc@at: hang: no line within 2 s of starting"), run.err)
        XCTAssertEqual(starts, 1, "restarted after the start timeout")
    }
}

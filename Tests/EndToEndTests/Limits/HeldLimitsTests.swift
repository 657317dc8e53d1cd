import ContractModel
import Foundation
import HarnessCorpus
import HarnessReaders
import XCTest
import HarnessTestSupport
import TestSupport

/// What a testee or writer prints is bounded by `MadeLimits`, whatever it prints: a writer's
/// blob over the case-blob limit fails its state, a view line over the view limit fails its
/// case, and a reader whose answers to one batch pass what the harness holds of one reader is
/// declared broken with its remaining cases not run. (A testee answering 100 000 rows a view
/// grew the harness ~150 MB/s; a writer's 60 MB blobs took 5.1 GB.)
final class HeldLimitsTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = Scratch.folder("hostile-ends")
    }

    override func tearDown() { if let folder { Scratch.remove(folder) } }

    /// A testee answering every case with a view of `rows` display rows (~47 bytes a row).
    private func rowsTestee(_ rows: Int) throws -> String {
        let script = folder.appendingPathComponent("rows-testee.py")
        try Data("""
            import json, sys
            rows = int(sys.argv[1])
            row = ',{"id":"t","title":"x","isDone":false,"dot":null}'
            body = row[1:] + row * (rows - 1)
            for line in sys.stdin:
                sys.stdout.write('{"id":%s,"parse":{"tasks":[]},"stale":false,"display":{"rows":[%s],"more":0,"empty":false}}\\n'
                                 % (json.dumps(json.loads(line)["id"]), body))
                sys.stdout.flush()
            """.utf8).write(to: script)
        return "python3 \(script.path) \(rows)"
    }

    private func cases(_ count: Int) -> [Case] {
        (0..<count).map { Case(id: "legacy/base#\($0)@berlin@day", blob: Array(#"{"v":1,"tasks":[]}"#.utf8), nowMs: 0, timeZone: "Europe/Berlin") }
    }

    func testAViewLineOverTheLimitFailsItsCase() throws {
        let session = TesteeSession(name: "rows", command: try rowsTestee(100_000), caseTimeout: 30)
        defer { session.close() }
        let answers = session.decode(cases(2))
        for answer in answers {
            guard case .failure(let reason) = answer.outcome else { return XCTFail("a 4.7 MB view line was taken: \(answer.outcome)") }
            XCTAssertTrue(reason.hasPrefix("malformed: a view line longer than 4 MiB, the limit for a view line"), reason)
        }
    }

    /// A testee answering every case with one display row titled with `bytes` x's (quick to read).
    private func longTitleTestee(_ bytes: Int) throws -> String {
        let script = folder.appendingPathComponent("title-testee.py")
        try Data("""
            import json, sys
            row = '{"id":"t","title":"' + "x" * int(sys.argv[1]) + '","isDone":false,"dot":null}'
            for line in sys.stdin:
                sys.stdout.write('{"id":%s,"parse":{"tasks":[]},"stale":false,"display":{"rows":[%s],"more":0,"empty":false}}\\n'
                                 % (json.dumps(json.loads(line)["id"]), row))
                sys.stdout.flush()
            """.utf8).write(to: script)
        return "python3 \(script.path) \(bytes)"
    }

    func testAReadersAnswersPastWhatIsHeldOfOneReaderBreakIt() throws {
        // ~1 MB a view: under the view limit, past 4 MiB held (the test's, for speed) after 5 cases.
        XCTAssertEqual(TesteeSession(name: "x", command: "true", caseTimeout: 1).maximumHeldBytes, MadeLimits.heldAnswerBytes)
        let session = TesteeSession(name: "rows", command: try longTitleTestee(1_000_000), caseTimeout: 30, maximumHeldBytes: 4 << 20)
        defer { session.close() }
        let answers = session.decode(cases(12))
        let answered = answers.prefix { if case .view = $0.outcome { true } else { false } }.count
        XCTAssertEqual(answered, 5, "views held")
        guard case .failure(let reason) = answers.last?.outcome else { return XCTFail("every view was held") }
        XCTAssertTrue(reason.contains("rows's answers to this batch passed 4 MiB after 5 cases"), reason)
        // It says where the limit is stated, for a user: no Swift name of the harness.
        XCTAssertTrue(reason.contains("(docs/threat-model.md, \"Limits\")"), reason)
        XCTAssertFalse(reason.contains("MadeLimits"), reason)
        XCTAssertTrue(TesteeSession.wasNotRun(answers.last!.outcome), reason)
    }

    func testAWritersBlobOverTheCaseBlobLimitFailsItsState() throws {
        let script = folder.appendingPathComponent("big-writer.py")
        try Data("""
            import sys
            blob = '{"v":1,"tasks":[{"id":"t","title":"' + "x" * 3000000 + '"}]}\\n'
            for line in sys.stdin:
                sys.stdout.write(blob)
                sys.stdout.flush()
            """.utf8).write(to: script)
        let session = WriterSession(command: "python3 \(script.path)")
        defer { session.close() }
        let answers = session.write([Array(#"{"id":"s/a"}"#.utf8), Array(#"{"id":"s/b"}"#.utf8)])
        XCTAssertEqual(answers.count, 2)
        for answer in answers {
            guard case .failure(let reason) = answer else { return XCTFail("a 3 MB blob was taken") }
            XCTAssertTrue(reason.hasPrefix("malformed: a writer's blob longer than 2 MiB"), reason)
        }
    }

    /// A program run to its end (a probe, `git show`, a tree's `--print-command` script) keeps
    /// no more of its output than the run's limit, and is ended when it prints more.
    func testAProgramsOutputIsKeptOnlyUpToTheLimit() throws {
        let run = try CommandRun.run(.shell("exec cat /dev/zero"), timeout: 60, maximumCapturedBytes: 1 << 20)
        XCTAssertTrue(run.overflowed)
        XCTAssertFalse(run.timedOut)
        XCTAssertFalse(run.succeeded)
        XCTAssertEqual(run.output.count + run.errors.count, 1 << 20)
    }
}

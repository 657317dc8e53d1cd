import Foundation
import XCTest
@testable import HarnessReaders
import HarnessTestSupport
import TestSupport

/// The writer end through the one process runner (`WriterSession` over `LineSession`): the
/// tree's writer answers every state line of golden/states with a blob and a bad line with a
/// crash line, one process for all; a writer that dies, hangs, or names another state in its
/// crash line is blamed on that one state and restarted for the next.
final class WriterSessionTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = Scratch.folder("writer-session")
    }

    override func tearDownWithError() throws {
        Scratch.remove(folder)
    }

    private func stateLines(_ file: String) throws -> [[UInt8]] {
        let url = TestRepository.root.appendingPathComponent("golden/states/\(file).jsonl")
        return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map { Array($0.utf8) }
    }

    func testTheTreesWriterAnswersEveryStateInOneProcess() throws {
        let command = try WriterCommand.tree.resolve(root: TestRepository.root)
        let session = WriterSession(command: command)
        defer { session.close() }
        let lines = try stateLines("colours")
        let answers = session.write(lines)
        XCTAssertEqual(answers.count, lines.count)
        guard case .blob(let first) = answers[0] else { return XCTFail("\(answers[0])") }
        XCTAssertTrue(String(decoding: first, as: UTF8.self).contains(#""projectColors":{"INBOX_PROJECT":"rgb(144, 187, 165)"}"#))
        let bad = session.write([TesteeRequest(id: "x/y", line: Array(#"{"id":"x/y","inApp":1}"#.utf8))])
        guard case .crash(let crash) = bad[0] else { return XCTFail("\(bad)") }
        XCTAssertTrue(crash.contains("in readAppState"), crash)
        XCTAssertEqual(session.starts, 1)
    }

    /// A fake writer: echoes `{"v":1}` per line, except on the line holding ODD, where it does `MODE`.
    private func fakeWriter(mode: String) throws -> String {
        let script = folder.appendingPathComponent("writer.sh")
        try """
        while IFS= read -r line; do
          case "$line" in
            *ODD*)
              case "$MODE" in
                die) echo "planted writer failure" >&2; exit 3 ;;
                hang) sleep 30 ;;
                other-id) printf '{"id":"someone/else","crash":"x in projection"}\\n' ;;
              esac ;;
            *) printf '{"v":1}\\n' ;;
          esac
        done
        """.write(to: script, atomically: true, encoding: .utf8)
        return "MODE=\(mode) sh '\(script.path)'"
    }

    private func requests(_ odd: Int) -> [TesteeRequest] {
        (0..<4).map { TesteeRequest(id: "s/\($0)", line: Array(($0 == odd ? "ODD" : "state \($0)").utf8)) }
    }

    func testAFailureIsBlamedOnOneStateAndTheWriterRestarts() throws {
        for (mode, expected) in [("die", "crash: writer ended before answering"), ("hang", "hang: no line within 1 s"),
                                 ("other-id", "malformed: crash line names state \"someone/else\", expected \"s/1\"")] {
            let session = WriterSession(command: try fakeWriter(mode: mode), timeouts: WriterTimeouts(line: 1, start: 5))
            let answers = session.write(requests(1))
            session.close()
            XCTAssertEqual(answers[0], .blob(Array(#"{"v":1}"#.utf8)), mode)
            guard case .failure(let reason) = answers[1] else { XCTFail("\(mode): \(answers)"); continue }
            XCTAssertTrue(reason.hasPrefix(expected), "\(mode): \(reason)")
            if mode == "die" { XCTAssertTrue(reason.contains("planted writer failure"), reason) }
            XCTAssertEqual(Array(answers[2...]), [.blob(Array(#"{"v":1}"#.utf8)), .blob(Array(#"{"v":1}"#.utf8))], mode)
            // (A state a process dies on after answering another is sent again to a fresh one before it is blamed.)
            XCTAssertEqual(session.starts, mode == "die" ? 3 : 2, mode)
        }
    }

    func testAWriterThatNeverAnswersIsBrokenAtOnce() throws {
        let session = WriterSession(command: "sleep 30", timeouts: WriterTimeouts(line: 1, start: 1))
        let answers = session.write(requests(-1))
        session.close()
        guard case .failure(let last) = answers[3] else { return XCTFail("\(answers)") }
        XCTAssertTrue(last.hasPrefix("broken: writer gave no line within 1 s of starting; its remaining states were not run"), last)
    }
}

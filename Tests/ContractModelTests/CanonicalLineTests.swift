import ContractModel
import WidgetSnapshot
import HarnessTestSupport
import XCTest

/// The canonical line: the writer's exact bytes, and the strict reader reading them back.
final class CanonicalLineTests: XCTestCase {
    func testWriterBytes() {
        let view = DecodedView(id: "x/base@berlin@at", parse: .tasks([WidgetTaskRow(id: "t1", title: "a\"b\u{0}", isDone: true, projectColor: nil)]),
                               meta: SnapshotMeta(dayStr: "2026-07-17", validUntil: 5), stale: true, header: .outdated(dayMs: nil))
        XCTAssertEqual(view.canonicalJSONString,
                       #"{"id":"x/base@berlin@at","parse":{"tasks":[{"id":"t1","title":"a\"b\u0000","isDone":true,"projectColor":null}]},"meta":{"dayStr":"2026-07-17","validUntil":5},"stale":true,"header":{"kind":"outdated","dayMs":null}}"#)
    }

    func testReaderReadsWhatTheWriterWrites() throws {
        let views = [
            DecodedView(id: "a/base@berlin@at", parse: .tasks([WidgetTaskRow(id: "t\u{2028}", title: "é", isDone: false, projectColor: "#ff0000")]),
                        meta: SnapshotMeta(dayStr: nil, validUntil: -1), stale: false, header: .today),
            DecodedView(id: "a/base@berlin@far", parse: .error("bad"), meta: .unknown, stale: true, header: .outdated(dayMs: 86_400_000)),
        ]
        for view in views.map(DescribedValues.complete) {
            let (id, outcome) = try ViewLine.parse(view.canonicalJSON, file: "f", lineNumber: 1)
            XCTAssertEqual(id, view.id)
            XCTAssertEqual(outcome.view?.canonicalJSON, view.canonicalJSON)
            XCTAssertEqual(outcome.canonicalLine(id: id), view.canonicalJSON)
        }
    }

    func testCrashLineRoundTrip() throws {
        let line = ReaderOutcome.failure("out of memory").canonicalLine(id: "a/base@berlin@at")
        XCTAssertEqual(String(decoding: line, as: UTF8.self), #"{"id":"a/base@berlin@at","crash":"out of memory"}"#)
        let (id, outcome) = try ViewLine.parse(line, file: "f", lineNumber: 1)
        XCTAssertEqual(id, "a/base@berlin@at")
        XCTAssertEqual(outcome, .failure("crash: out of memory"))
    }

    func testReaderIsStrict() {
        let good = #"{"id":"a","parse":{"tasks":[]},"meta":{"dayStr":null,"validUntil":null},"stale":false,"header":{"kind":"today"}"#
            + DescribedValues.addedTail + "}"
        XCTAssertNoThrow(try ViewLine.parse(Array(good.utf8), file: "f", lineNumber: 1))
        let bad: [(String, String?)] = [
            (good.replacingOccurrences(of: #""stale":false"#, with: #""stale":false,"extra":1"#), "extra"),
            (good.replacingOccurrences(of: #""header":{"kind":"today"}"#, with: #""header":{"kind":"later"}"#), "header.kind"),
            (good.replacingOccurrences(of: #""validUntil":null"#, with: #""validUntil":1.5"#), "meta.validUntil"),
            (good.replacingOccurrences(of: #""tasks":[]"#, with: #""tasks":[1]"#), "parse.tasks[0]"),
            ("{", nil),
        ]
        for (line, field) in bad {
            XCTAssertThrowsError(try ViewLine.parse(Array(line.utf8), file: "golden/x.jsonl", lineNumber: 7), line) { error in
                let error = error as? HarnessInputError
                XCTAssertEqual(error?.file, "golden/x.jsonl")
                XCTAssertEqual(error?.line, 7)
                XCTAssertEqual(error?.field, field, line)
            }
        }
    }
}

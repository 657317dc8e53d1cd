import ContractModel
import Foundation
import ReferenceView
import WidgetSnapshot
import XCTest

/// The C reference's pre-pass (lone surrogates, out-of-range integers, NUL in keys) finds
/// strings and escapes wherever they sit: after long plain runs, after escaped quotes and
/// backslashes, in keys and in values — and the Swift reader agrees with every answer.
final class CReferencePrepassTests: XCTestCase {
    func decode(_ text: String) -> (c: DecodedView?, swift: DecodedView) {
        let blob = Array(text.utf8)
        let c = CReference.decode(id: "prepass", blob: blob, pending: [], nowMs: 0, timeZone: "UTC").view
        let swift = DecodedView.decode(id: "prepass", blob: blob, pendingDoneTargets: .none, nowMs: 0, timeZone: nil)
        return (c, swift)
    }

    func rows(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> [WidgetTaskRow] {
        let (c, swift) = decode(text)
        guard let c, case .tasks(let rows) = c.parse else {
            XCTFail("C gave no rows for \(text.prefix(200))", file: file, line: line)
            return []
        }
        XCTAssertEqual(FieldDifference.between(expected: c, got: swift), [], "\(text.prefix(200))", file: file, line: line)
        return rows
    }

    func testEscapesAreFoundAtEveryOffset() {
        for length in [0, 1, 7, 8, 9, 15, 16, 17, 31, 64, 1000] {
            let run = String(repeating: "a", count: length)
            func blob(title: String, extra: String = "") -> String {
                ##"{"v":1,"tasks":[{"id":"t1","title":"\##(title)"\##(extra)}],"projectColors":{"p\u0000\##(run)":"#f00"}}"##
            }
            XCTAssertEqual(rows(blob(title: run + #"\ud800"#)).first?.title, run + "\u{FFFD}")
            XCTAssertEqual(rows(blob(title: run + #"\"\\\udc00"# + run)).first?.title, run + "\"\\\u{FFFD}" + run)
            XCTAssertEqual(rows(blob(title: run + #"\ud83d\ude00\""#)).first?.title, run + "😀\"")
            XCTAssertEqual(rows(blob(title: #"\\"# + run + #"\u0000"#)).first?.title, "\\" + run + "\u{0}")
            XCTAssertEqual(rows(blob(title: run, extra: #","projectId":"p\u0000\#(run)""#)).first?.projectColor, "#f00",
                           "a NUL in a key and in the id that names it")
            XCTAssertEqual(rows(blob(title: run, extra: #","projectId":"p\u0001\#(run)""#)).first?.projectColor, nil)
            XCTAssertEqual(rows(blob(title: run + #"\\"#, extra: #","isDone":99999999999999999999"#)).first?.isDone, false)
        }
    }

    func testUnterminatedStringsStayErrors() {
        for text in [#"{"v":1,"tasks":[{"id":"t1","title":"abc\"#, #"{"v":1,"tasks":[{"id":"t1","title":"abc\""#,
                     #"{"v":1,"dayStr":"\ud800"#, #"{"v":1,"a\"#] {
            let (c, swift) = decode(text)
            guard case .error? = c?.parse else { return XCTFail("C must refuse \(text)") }
            guard case .error = swift.parse else { return XCTFail("Swift must refuse \(text)") }
        }
    }
}

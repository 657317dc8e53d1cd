import ContractModel
import WidgetSnapshot
import HarnessTestSupport
import XCTest

/// A testee's view line may leave out meta, stale, header or one subfield (CONTRACT §6):
/// the omission is read only from testees, agrees with nothing, and leaves every other
/// field compared.
final class NotImplementedTests: XCTestCase {
    let expected = DecodedView(id: "a/base@berlin@at", parse: .tasks([WidgetTaskRow(id: "t1", title: "one", isDone: false, projectColor: nil)]),
                               meta: SnapshotMeta(dayStr: "2026-07-17", validUntil: 10), stale: true, header: .outdated(dayMs: 5))
    let rows = #""parse":{"tasks":[{"id":"t1","title":"one","isDone":false,"projectColor":null"# + DescribedValues.rowTail + "}]}"

    private func read(_ rest: String, allowing: Bool = true) throws -> DecodedView {
        let line = #"{"id":"a/base@berlin@at","# + rows + rest + DescribedValues.addedTail + "}"
        let (_, outcome) = try ViewLine.parse(Array(line.utf8), file: "t stdout", lineNumber: 1, allowingNotImplemented: allowing)
        return try XCTUnwrap(outcome.view)
    }

    private func differences(_ view: DecodedView) -> [String] {
        FieldDifference.between(expected: expected, got: view).map { "\($0.field)=\($0.got)" }
    }

    func testOmittedFieldsDifferAsNotImplementedAndTheRestIsCompared() throws {
        let noDay = try read(#","meta":{"validUntil":10},"stale":true,"header":{"kind":"outdated"}"#)
        XCTAssertEqual(noDay.notImplemented, [.dayStr, .headerDayMs])
        XCTAssertEqual(differences(noDay), ["meta.dayStr=not implemented", "header.dayMs=not implemented"])
        XCTAssertEqual(noDay.canonicalJSONString, #"{"id":"a/base@berlin@at","# + rows + #","meta":{"validUntil":10},"stale":true,"header":{"kind":"outdated"}"#
                       + DescribedValues.addedTail + "}")

        let parseOnly = try read("")
        XCTAssertEqual(parseOnly.notImplemented, [.dayStr, .validUntil, .stale, .headerKind, .headerDayMs])
        XCTAssertEqual(differences(parseOnly).count, 5)

        let wrongStale = try read(#","meta":{"validUntil":10},"stale":false"#)
        XCTAssertEqual(differences(wrongStale), ["meta.dayStr=not implemented", "stale=false", "header.kind=not implemented", "header.dayMs=not implemented"])

        var today = expected
        today.header = .today
        XCTAssertEqual(FieldDifference.between(expected: today, got: try read(#","meta":{"dayStr":"2026-07-17","validUntil":10},"stale":true"#)).map(\.field),
                       ["header.kind"], "no dayMs where the expected header has none")
    }

    func testGoldenLinesMustBeComplete() {
        XCTAssertThrowsError(try read(#","meta":{"validUntil":10},"stale":true,"header":{"kind":"today"}"#, allowing: false)) { error in
            XCTAssertTrue("\(error)".contains("dayStr"), "\(error)")
        }
        XCTAssertThrowsError(try read(#","stale":true,"header":{"kind":"today"}"#, allowing: false))
    }
}

import ContractModel
import XCTest

/// Field paths read back as they are written, and keep the names of the shared vocabulary.
final class FieldPathTests: XCTestCase {
    func testVocabulary() {
        XCTAssertEqual(FieldPath.Name.allCases.map(\.rawValue), [
            "parse", "parse.tasks", "parse.tasks[].id", "parse.tasks[].title", "parse.tasks[].isDone",
            "parse.tasks[].projectColor", "meta.dayStr", "meta.validUntil", "stale", "header.kind", "header.dayMs",
            "crash", "missing",
        ])
    }

    func testRoundTripAndKey() {
        let path = FieldPath(.taskTitle, row: 12)
        XCTAssertEqual(path.description, "parse.tasks[12].title")
        XCTAssertEqual(path.key, "parse.tasks[].title")
        XCTAssertEqual(path.family, "parse")
        XCTAssertEqual(FieldPath("parse.tasks[12].title"), path)
        XCTAssertEqual(FieldPath("parse.tasks[].title"), FieldPath(.taskTitle))
        XCTAssertEqual(FieldPath("header.dayMs")?.family, "header")
        for text in ["", "outcome", "header", "parse.tasks[x].id", "parse.tasks[01].id", "parse.tasks[1].colour", "meta.dayStr[1]"] {
            XCTAssertNil(FieldPath(text), text)
        }
    }
}

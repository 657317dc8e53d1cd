import ContractModel
import XCTest

/// Field paths read back as they are written, and keep the names of the shared vocabulary.
final class FieldPathTests: XCTestCase {
    /// The base's names are the typed part's (the static members) and the display's; every name
    /// is the description's, in its order, then the outcomes.
    func testVocabulary() {
        XCTAssertEqual(FieldPath.Name.allCases.filter { $0.feature == "base" }.map(\.rawValue), [
            "parse", "parse.tasks", "parse.tasks[].id", "parse.tasks[].title", "parse.tasks[].isDone",
            "parse.tasks[].projectColor", "meta.dayStr", "meta.validUntil", "stale", "header.kind", "header.dayMs",
            "display.rows", "display.rows[].id", "display.rows[].title", "display.rows[].isDone", "display.rows[].dot",
            "display.more", "display.header.kind", "display.header.title", "display.header.day", "display.empty",
            "crash", "missing",
        ])
        XCTAssertEqual(FieldPath.Name.allCases.map(\.rawValue), ContractDescription.current.fieldNames.map(\.name) + ["crash", "missing"])
        XCTAssertEqual([FieldPath.Name.parse, .tasks, .taskId, .taskTitle, .taskIsDone, .taskProjectColor, .dayStr, .validUntil,
                        .stale, .headerKind, .headerDayMs, .crash, .missing],
                       FieldPath.Name.allCases.filter { $0.feature == "base" && $0.family != "display" },
                       "the typed part of the base (its static members); display is the base's described part")
    }

    /// A later feature's list fields carry a row number the same way.
    func testAddedListFields() throws {
        let title = try XCTUnwrap(FieldPath("projects[2].title"))
        XCTAssertEqual(title.key, "projects[].title")
        XCTAssertEqual(title.row, 2)
        XCTAssertEqual(title.family, "projects")
        XCTAssertEqual(title.description, "projects[2].title")
        XCTAssertEqual(title.name.feature, "projects")
        XCTAssertEqual(FieldPath("parse.tasks[0].doneOn")?.name.feature, "doneOn")
        XCTAssertNil(FieldPath("projects[2]"))
        XCTAssertNil(FieldPath("projectTitle[0]"))
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

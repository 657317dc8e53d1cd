import XCTest
@testable import ContractModel

/// `JSONFieldLines` finds the line a field error points at: a member's key line, an element's
/// first line, the nearest enclosing value for a field that is not there.
final class JSONFieldLinesTests: XCTestCase {
    private let text = """
        {
          "a": 1,
          "ab": {
            "c": [
              10,
              {"d": "x\\"y", "e\\u0041": true},
              [
                null
              ]
            ]
          },
          "a.b": "dotted",
          "last": "z"
        }
        """

    private func line(_ field: String) -> Int? { JSONFieldLines.line(of: field, in: Array(text.utf8)) }

    func testMembersElementsAndEscapedKeys() {
        XCTAssertEqual(line("a"), 2)
        XCTAssertEqual(line("ab"), 3)
        XCTAssertEqual(line("ab.c"), 4)
        XCTAssertEqual(line("ab.c[0]"), 5)
        XCTAssertEqual(line("ab.c[1].d"), 6)
        XCTAssertEqual(line("ab.c[1].eA"), 6)          // the key spelled with an escape
        XCTAssertEqual(line("ab.c[2]"), 7)
        XCTAssertEqual(line("ab.c[2][0]"), 8)
        XCTAssertEqual(line("last"), 13)
    }

    func testAMissingFieldGetsItsNearestEnclosingValue() {
        XCTAssertEqual(line("ab.c[1].missing"), 6)     // the object on line 6 lacks it
        XCTAssertEqual(line("ab.c[9]"), 4)              // the array on line 4 has no element 9
        XCTAssertEqual(line("abc"), 1)                  // `ab` is not a prefix component of `abc`
        XCTAssertEqual(line("a.x"), 2)                 // under `a` (a number), not the member `a.b`
    }

    func testNotJSONHasNoLine() {
        XCTAssertNil(JSONFieldLines.line(of: "a", in: Array("{\"a\" 1}".utf8)))
        XCTAssertNil(JSONFieldLines.line(of: "a", in: []))
    }
}

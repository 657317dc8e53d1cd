import ContractModel
import XCTest

/// Case ids are built and taken apart in one place.
final class CaseIDTests: XCTestCase {
    func testMakeAndParse() throws {
        let text = CaseID.make(fixture: "canonical", operator: "dates.malformed", parameter: "padded", zone: "America/Los_Angeles",
                               instant: "at")
        XCTAssertEqual(text, "canonical/dates.malformed#padded@los-angeles@at")
        let id = try XCTUnwrap(CaseID(text))
        XCTAssertEqual([id.fixture, id.operatorId, id.parameter, id.zone, id.instant], ["canonical", "dates.malformed", "padded", "los-angeles", "at"])
        XCTAssertEqual(id.description, text)
        XCTAssertEqual(id.mutation, "canonical/dates.malformed#padded")
        XCTAssertEqual(id.family, "dates")
        XCTAssertEqual(CaseID("a/base@berlin@far")?.parameter, nil)
        for bad in ["a", "a/b@c", "a/b@c@d@e", "A/b@c@d", "a/b#@c@d", "a/b/c@d@e", ""] { XCTAssertNil(CaseID(bad), bad) }
    }

    func testPartsOfAnyId() {
        XCTAssertEqual(CaseID.fixture(of: "canonical/base@berlin@at"), "canonical")
        XCTAssertEqual(CaseID.fixture(of: "loose"), "loose")
        XCTAssertEqual(CaseID.mutation(of: "x/numbers.big#1e400@berlin@at"), "x/numbers.big#1e400")
        XCTAssertEqual(CaseID.family(of: "x/numbers.big#1e400@berlin@at"), "numbers")
        XCTAssertEqual(CaseID.family(of: "x/base@berlin@at"), "base")
        XCTAssertEqual(CaseID.family(of: "loose"), "")
    }
}

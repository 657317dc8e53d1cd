import ContractModel
import XCTest
@testable import HarnessGate
@testable import HarnessReaders

/// The "could be narrower" note names the fields of a used entry that never differ where it
/// applies. A field of a feature the reader does not declare is pending, never compared,
/// so naming it is not too wide: `init` writes the org.json departures with `projects` (as the
/// harness's Kotlin list has them) for a reader of the base features, and no run should call them wide.
final class NarrowerEntryTests: XCTestCase {
    private let id = "canonical/syntax.bom@berlin@before"

    private func verdict(fields: String) throws -> ReaderVerdict {
        let list = try DivergenceList.parse("*/syntax.bom@*  [\(fields)]  the reader reads a leading BOM its own way\n",
                                            file: "golden/divergences/app.txt")
        let expected = ReaderOutcome.view(DecodedView(id: id, parse: .error("BOM"), meta: .unknown, stale: false, header: .today))
        let got = ReaderOutcome.view(DecodedView(id: id, parse: .tasks([]), meta: .unknown, stale: false, header: .today))
        return ReaderVerdict.judge(reader: .liveTestee("app", features: .base()), caseIds: [id],
                                   expected: [expected], got: [got], list: list)
    }

    func testAFieldPendingForTheReaderIsNotCalledTooWide() throws {
        let verdict = try verdict(fields: "parse,projects")
        XCTAssertTrue(verdict.passed)
        XCTAssertEqual(verdict.unusedFields, [:], "projects is pending for a reader of the base features: never compared")
    }

    func testAComparedFieldThatNeverDiffersIsStillCalledTooWide() throws {
        let verdict = try verdict(fields: "parse,stale")
        XCTAssertTrue(verdict.passed)
        XCTAssertEqual(verdict.unusedFields[1], ["stale"])
    }
}

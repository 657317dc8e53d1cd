import ContractModel
import Foundation
import WidgetSnapshot
import XCTest
@testable import HarnessGate
@testable import HarnessReaders

/// A departure a testee borrows (`# platform: org.json`) excuses a field only where the testee
/// reads everything that field stands for exactly as the recorded Kotlin end does: a `[parse]`
/// entry excuses the parse kind *and the rows under it*, so a testee that reads rows where C
/// reads none must read Kotlin's rows, not none or others.
final class BorrowedRowsTests: XCTestCase {
    private let bom = Case(id: "canonical/syntax.bom@berlin@before", blob: Array("\u{FEFF}{\"v\":1}".utf8), nowMs: 0, timeZone: "Europe/Berlin")

    private func view(_ parse: DecodedView.Parse) -> ReaderOutcome {
        .view(DecodedView(id: bom.id, parse: parse, meta: .unknown, stale: false, header: .today))
    }

    private func rows(_ titles: [String]) -> DecodedView.Parse {
        .tasks(titles.enumerated().map { WidgetTaskRow(id: "t\($0.offset)", title: $0.element, isDone: false, projectColor: nil) })
    }

    /// The gate's problems for a testee reading `got` where C reads an error and Kotlin three rows.
    private func problems(got: ReaderOutcome) throws -> [String] {
        let list = try DivergenceList.parse("# platform: org.json\n*/syntax.bom@*  [parse]  D2: org.json strips one leading BOM\n",
                                            file: "golden/divergences/app.txt")
        let testee = ReaderEntry.liveTestee("app", platform: .orgJSON)
        let expected = [view(.error("BOM"))]
        let verdict = ReaderVerdict.judge(reader: testee, caseIds: [bom.id], expected: expected, got: [got], list: list)
        XCTAssertTrue(verdict.unexpected.isEmpty, "the entry excuses the parse kind: \(verdict.unexpected)")
        let kotlin = PlatformEvidence(entry: .kotlin, list: try DivergenceList.parse("", file: "golden/divergences/kotlin.txt"),
                                      views: [view(rows(["one", "two", "three"]))])
        return DepartureCheck.problems(verdict, list: list, cases: [bom], expected: expected, got: [got], platform: kotlin)
    }

    func testABorrowedParseDepartureHoldsTheRowsToKotlins() throws {
        XCTAssertEqual(try problems(got: view(rows(["one", "two", "three"]))), [], "Kotlin's own reading is what D2 excuses")
        let none = try problems(got: view(rows([])))
        XCTAssertEqual(none.count, 1, "no rows where Kotlin reads three: \(none)")
        XCTAssertTrue(none.first?.contains("reads parse.tasks unlike kotlin") == true, "\(none)")
        let other = try problems(got: view(rows(["one", "two", "four"])))
        XCTAssertEqual(other.count, 1, "a row Kotlin reads otherwise: \(other)")
        XCTAssertTrue(other.first?.contains("reads parse.tasks[2].title unlike kotlin") == true, "\(other)")
    }
}

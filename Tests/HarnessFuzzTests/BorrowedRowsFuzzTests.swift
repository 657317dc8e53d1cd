@testable import HarnessFuzz
import ContractModel
import HarnessGate
import HarnessReaders
import WidgetSnapshot
import XCTest

/// `fuzz --kotlin` holds an org.json testee's borrowed departure by the gate's rule: a
/// difference in the parse kind that D2 would excuse is counted only where the testee reads
/// the rows under it as the live Kotlin end does; otherwise it is a finding ("borrows D2").
final class BorrowedRowsFuzzTests: XCTestCase {
    func testABorrowedParseDepartureWithOtherRowsIsAFinding() {
        let testCase = Case(id: "x", blob: Array("\u{FEFF}{\"v\":1}".utf8), nowMs: 0, timeZone: "Europe/Berlin")
        func view(_ titles: [String]?) -> ReaderOutcome {
            let parse: DecodedView.Parse = titles.map { .tasks($0.map { WidgetTaskRow(id: $0, title: $0, isDone: false, projectColor: nil) }) } ?? .error("BOM")
            return .view(DecodedView(id: "x", parse: parse, meta: .unknown, stale: false, header: .today))
        }
        let departures = DeclaredDepartures(ContractDeparture.allCases)
        func judge(_ got: [String]) -> Disagreement.Judgement {
            Disagreement.between(reference: "c", expected: view(nil), reader: "app", got: view(got), testCase: testCase,
                                 departures: departures, platform: ("kotlin", view(["a", "b", "c"])))
        }
        let same = judge(["a", "b", "c"])
        XCTAssertNil(same.disagreement, "Kotlin's own reading is a declared departure")
        XCTAssertNotNil(same.excused)
        for got in [[], ["a", "b"], ["a", "b", "z"]] {
            let judgement = judge(got)
            XCTAssertNotNil(judgement.disagreement, "rows \(got) where Kotlin reads a, b, c were counted as D2")
            XCTAssertEqual(judgement.borrowed?.platformReader, "kotlin")
            XCTAssertTrue(judgement.borrowed?.field.hasPrefix("parse.tasks") == true, "\(String(describing: judgement.borrowed))")
        }
    }
}

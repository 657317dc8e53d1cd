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

/// A testee that implements an earlier revision leaves the later fields out of its rows
/// (pending for it, never compared): a borrowed departure holds only the fields it reads to
/// Kotlin's, so the app's revision-1 Android reader (c18055a341) borrowing D2 is not told it
/// "reads parse.tasks[0].doneOn unlike kotlin" — a field it does not read at all.
final class BorrowedRowsOfAnEarlierRevisionTests: XCTestCase {
    private let bom = Case(id: "canonical/syntax.bom@berlin@before", blob: Array("\u{FEFF}{\"v\":1}".utf8), nowMs: 0, timeZone: "Europe/Berlin")

    private func outcome(_ line: String) throws -> ReaderOutcome {
        try ViewLine.parse(Array(line.utf8), file: "test", lineNumber: 1, allowingNotImplemented: true).outcome
    }

    func testAFieldTheTesteeLeavesOutIsNotReadUnlikeKotlin() throws {
        let kotlin = try outcome(#"{"id":"canonical/syntax.bom@berlin@before","parse":{"tasks":[{"id":"t1","title":"one","isDone":false,"projectColor":null,"doneOn":null}]},"meta":{"dayStr":null,"validUntil":null},"stale":false,"header":{"kind":"today"}}"#)
        let revisionOne = try outcome(#"{"id":"canonical/syntax.bom@berlin@before","parse":{"tasks":[{"id":"t1","title":"one","isDone":false,"projectColor":null}]},"meta":{"dayStr":null,"validUntil":null},"stale":false,"header":{"kind":"today"}}"#)
        XCTAssertEqual(PlatformEvidence.fieldsUnlike(platform: kotlin, got: revisionOne), [], "doneOn is left out, not read otherwise")
        let otherTitle = try outcome(#"{"id":"canonical/syntax.bom@berlin@before","parse":{"tasks":[{"id":"t1","title":"two","isDone":false,"projectColor":null}]},"meta":{"dayStr":null,"validUntil":null},"stale":false,"header":{"kind":"today"}}"#)
        XCTAssertEqual(PlatformEvidence.fieldsUnlike(platform: kotlin, got: otherTitle), ["parse.tasks[0].title"], "a field it reads is still held")
    }
}

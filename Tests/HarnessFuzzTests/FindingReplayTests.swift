@testable import HarnessFuzz
@testable import HarnessGate
@testable import HarnessReaders
import ContractModel
import WidgetSnapshot
import XCTest

/// `fuzz --replay` judges a finding as the live loop does: a Kotlin difference that a
/// declared departure (CONTRACT.md §5) excuses is reported as declared, not as still
/// differing; an undeclared one still differs.
final class FindingReplayTests: XCTestCase {
    /// A reader that answers every case with one fixed view (a stand-in for the Kotlin end).
    private struct FixedReader: Reader {
        var name: String
        var rows: [WidgetTaskRow]
        func decodeAll(_ cases: [Case], jobs: Int) -> [ReaderOutcome] {
            cases.map {
                .view(DecodedView(id: $0.id, parse: .tasks(rows), meta: SnapshotMeta(dayStr: nil, validUntil: nil),
                                  stale: false, header: .today))
            }
        }
    }

    private func finding(_ blob: String, reader: String) -> Finding {
        let shrunk = Case(id: "fuzz/7-1@berlin@at", blob: Array(blob.utf8), nowMs: 0, timeZone: "Europe/Berlin")
        let difference = FieldDifference(path: FieldPath(.parse), expected: "error (x)", got: "0 rows")
        return Finding(seed: 7, index: 1, disagreement: Disagreement(reference: "c", reader: reader, difference: difference),
                       shrunk: shrunk, originalSize: blob.utf8.count, recipe: [], reproduce: "x", shrinkEvaluations: 1)
    }

    func testADeclaredDepartureIsReportedAsDeclaredLikeTheLiveLoop() {
        // C refuses a blob with a comment (not JSON); org.json reads it (D2).
        let commented = finding(#"{"v":1,"tasks":[]} // a comment"#, reader: "kotlin")
        let readers: [any Reader] = [CReferenceReader(), FixedReader(name: "kotlin", rows: [])]
        let departures = ["kotlin": DeclaredDepartures()]
        XCTAssertEqual(FindingReplay.check(commented, readers: readers, departures: departures), .declared(.notJSON))
        // The live loop's own judgement of the same case: excused, no disagreement.
        let expected = CReferenceReader().decodeAll([commented.shrunk], jobs: 1)[0]
        let got = FixedReader(name: "kotlin", rows: []).decodeAll([commented.shrunk], jobs: 1)[0]
        let live = Disagreement.between(reference: "c", expected: expected, reader: "kotlin", got: got,
                                        testCase: commented.shrunk, departures: DeclaredDepartures())
        XCTAssertNil(live.disagreement)
        XCTAssertEqual(live.excused, .notJSON)

        // Without departures for the reader (another testee), the same difference still differs.
        guard case .stillDiffers = FindingReplay.check(commented, readers: readers, departures: [:]) else {
            return XCTFail("without departures the difference must still differ")
        }
    }

    func testAnUndeclaredDifferenceStillDiffersWithDepartures() {
        // Valid JSON both read; the stand-in invents a row: no departure covers that.
        let plain = finding(#"{"v":1,"tasks":[]}"#, reader: "kotlin")
        let inventing = FixedReader(name: "kotlin", rows: [WidgetTaskRow(id: "t", title: "a", isDone: false, projectColor: nil)])
        let verdict = FindingReplay.check(plain, readers: [CReferenceReader(), inventing], departures: ["kotlin": DeclaredDepartures()])
        guard case .stillDiffers(let now) = verdict else { return XCTFail("\(verdict)") }
        XCTAssertEqual(now.signature, "c/kotlin parse.tasks")
    }
}

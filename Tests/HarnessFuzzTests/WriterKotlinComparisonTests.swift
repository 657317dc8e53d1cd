import ContractModel
import Foundation
@testable import HarnessFuzz
import HarnessGate
import HarnessReaders
import WidgetSnapshot
import XCTest

/// `fuzz states --kotlin` judges the Kotlin end's view of a writer case as the gate judges
/// the Kotlin recording (`WriterKotlinComparison`): a departure's predicate excuses its cause
/// and nothing else; a list entry matching the case excuses only with its departure's cause;
/// a field of a later revision than the reader declares is pending, never a finding.
final class WriterKotlinComparisonTests: XCTestCase {
    private let blob = #"{"v":1,"tasks":[{"id":"t0","title":"a\ud83c","isDone":false}],"projectColors":{},"projects":[{"id":"p","title":"P","tasks":[]}]}"#
    private let testCase = Case(id: "writer-fuzz/state#21-3@utc@before", blob: [], nowMs: 0, timeZone: "UTC")

    /// C's view of the blob (the Swift reader's, which agrees) and a Kotlin view made from its line by `edit`.
    private func views(_ edit: (String) -> String) throws -> (Case, ReaderOutcome, ReaderOutcome) {
        var testCase = self.testCase
        testCase.blob = Array(blob.utf8)
        let c = DecodedView.decode(id: testCase.id, blob: testCase.blob, pendingDoneTargets: .none, nowMs: 0,
                                   timeZone: TimeZone(identifier: "UTC"))
        let line = c.canonicalJSONString
        let (_, kotlin) = try ViewLine.parse(Array(edit(line).utf8), file: "kotlin", lineNumber: 1)
        return (testCase, .view(c), kotlin)
    }

    private func keptSurrogate(_ line: String) -> String { line.replacingOccurrences(of: "a\u{FFFD}", with: #"a\ud83c"#) }

    func testADeparturesCauseIsExcusedAndNothingElse() throws {
        let comparison = WriterKotlinComparison(list: DivergenceList(file: "kotlin.txt", entries: []))
        let (kept, c, kotlin) = try views(keptSurrogate)
        let excused = comparison.judge(kept, expected: c, got: kotlin)
        XCTAssertNil(excused.disagreement)
        XCTAssertEqual(excused.excusedBy, ["D1"])
        XCTAssertEqual(excused.excusedAs, .loneSurrogate)
        let (lost, c2, other) = try views { $0.replacingOccurrences(of: "a\u{FFFD}", with: "a") }
        XCTAssertEqual(comparison.judge(lost, expected: c2, got: other).disagreement?.signature, "c/kotlin parse.tasks[].title")
    }

    func testAListEntryExcusesOnlyWithItsDeparturesCause() throws {
        let list = try DivergenceList.parse("writer-fuzz/*  [parse.tasks[].title,display.rows[].title,projects[].title]  D1: kept lone surrogates\n",
                                            file: "kotlin.txt")
        let comparison = WriterKotlinComparison(list: list)
        let (kept, c, kotlin) = try views(keptSurrogate)
        XCTAssertEqual(comparison.judge(kept, expected: c, got: kotlin).excusedBy, ["kotlin.txt:1"])
        // The entry matches and names the field, but a project title that differs without a
        // kept surrogate is not D1's cause: a finding, as the gate's DepartureCheck refuses it.
        let (renamed, c2, other) = try views { $0.replacingOccurrences(of: #""title":"P""#, with: #""title":"Q""#) }
        XCTAssertEqual(comparison.judge(renamed, expected: c2, got: other).disagreement?.signature, "c/kotlin projects[].title")
    }

    func testAFieldOfAFeatureTheReaderDoesNotDeclareIsPending() throws {
        let (renamed, c, other) = try views { $0.replacingOccurrences(of: #""title":"P""#, with: #""title":"Q""#) }
        var revisionOne = ReaderEntry.kotlin
        revisionOne.features = .base()
        let pending = WriterKotlinComparison(entry: revisionOne, list: DivergenceList(file: "kotlin.txt", entries: []))
            .judge(renamed, expected: c, got: other)
        XCTAssertNil(pending.disagreement)
        XCTAssertTrue(pending.pending)
        let declared = WriterKotlinComparison(list: DivergenceList(file: "kotlin.txt", entries: [])).judge(renamed, expected: c, got: other)
        XCTAssertEqual(declared.disagreement?.signature, "c/kotlin projects[].title")
    }
}

import ContractModel
import HarnessReaders
import WidgetSnapshot
import XCTest

/// Revision 2 through the harness's in-process readers: the case's tap times and selection
/// reach both, and their views carry rows' `doneOn`, `projects` and `projectTitle` as
/// CONTRACT.md §8 says, the Swift reader agreeing with the C reference field by field.
final class RevisionTwoViewTests: XCTestCase {
    private let blob = Array(#"""
    {"v":1,"dayStr":"2026-07-17","validUntil":1784325600000,"tasks":[{"id":"t1","title":"Today","isDone":false}],
     "projectColors":{},"projects":[{"id":"p1","title":"Work","tasks":[
       {"id":"a","title":"Open","isDone":false},
       {"id":"b","title":"Just done","isDone":true,"doneOn":1784300000000},
       {"id":"c","title":"Done long ago","isDone":true,"doneOn":1000},
       {"id":"d","title":"Tapped","isDone":false}]},{"id":"p2","title":"Home"}]}
    """#.utf8)
    private let now: Int64 = 1_784_300_004_999

    private func views(_ testCase: Case) throws -> (swift: DecodedView, c: DecodedView) {
        let swift = SwiftReader().outcome(testCase)
        let c = CReferenceReader().outcome(testCase)
        XCTAssertEqual(FieldDifference.between(expected: c, got: swift), [], testCase.id)
        return (try XCTUnwrap(swift.view), try XCTUnwrap(c.view))
    }

    func testASelectedProjectsRowsWithDoneOnAndTheGrace() throws {
        let selected = Case(id: "r2/selected@utc@at", blob: blob, pendingDoneTargets: [Case.PendingTarget(taskId: "d", isDone: true)],
                            pendingDoneTimestamps: [Case.PendingTimestamp(taskId: "d", ms: 1_784_300_001_000)],
                            selectedProjectId: "p1", nowMs: now, timeZone: "UTC")
        let (swift, c) = try views(selected)
        guard case .tasks(let rows) = c.parse else { return XCTFail("no rows") }
        // `c` (done at 1000) is past its grace and dropped; `b` is 4,999 ms after its doneOn: kept.
        XCTAssertEqual(rows.map(\.id), ["a", "b", "d"])
        XCTAssertEqual(c.addedRowValues, [["doneOn": .null], ["doneOn": .int(1_784_300_000_000)], ["doneOn": .int(1_784_300_001_000)]])
        XCTAssertEqual(c.added["projectTitle"], .text("Work"))
        XCTAssertEqual(c.added["projects"], .list([.object(at: "projects[]", ["id": .text("p1"), "title": .text("Work")]),
                                                   .object(at: "projects[]", ["id": .text("p2"), "title": .text("Home")])]))
        XCTAssertEqual(swift.canonicalJSONString, c.canonicalJSONString)

        var oneMsLater = selected
        oneMsLater.nowMs = now + 1
        guard case .tasks(let later) = try views(oneMsLater).c.parse else { return XCTFail("no rows") }
        XCTAssertEqual(later.map(\.id), ["a", "d"], "doneOn + 5000 is past the grace")
    }

    func testNoSelectionReadsTodayAndAsksNoTitle() throws {
        let today = Case(id: "r2/today@utc@at", blob: blob, pendingDoneTargets: [Case.PendingTarget(taskId: "t1", isDone: true)],
                         nowMs: now, timeZone: "UTC")
        let (_, c) = try views(today)
        guard case .tasks(let rows) = c.parse else { return XCTFail("no rows") }
        XCTAssertEqual(rows.map(\.id), ["t1"])
        XCTAssertEqual(c.addedRowValues, [["doneOn": .int(now)]], "a tap without a time is done at nowMs")
        XCTAssertEqual(c.added["projectTitle"], .null)

        var unknown = today
        unknown.selectedProjectId = "gone"
        XCTAssertEqual(try views(unknown).c.added["projectTitle"], .null)
    }

    func testABrokenProjectEntryFailsTheListTheTitleAndTheSelectedParse() throws {
        let broken = Array(#"{"v":1,"tasks":[],"projects":[{"id":"p1","title":"Work","tasks":[]},7]}"#.utf8)
        let (_, c) = try views(Case(id: "r2/broken@utc@at", blob: broken, selectedProjectId: "p1", nowMs: now, timeZone: "UTC"))
        guard case .error = c.parse, case .error? = c.added["projects"], case .error? = c.added["projectTitle"] else {
            return XCTFail(c.canonicalJSONString)
        }
        let (_, today) = try views(Case(id: "r2/broken-today@utc@at", blob: broken, nowMs: now, timeZone: "UTC"))
        guard case .tasks = today.parse else { return XCTFail("without a selection projects is not read by parse") }
    }
}

import XCTest
@testable import WidgetSnapshot

/// Revisions 2 and 3 as an iOS widget calls them (every reading rule is in the shared table,
/// `Tests/Behaviour/revisions.jsonl`, which `RevisionTableTests` asks of Swift and C): the
/// revision-1 call is untouched by the new members, one document answers every question,
/// taps are kept by exact code points, and failures say where.
final class RevisionAPITests: XCTestCase {
    let blob = #"{"v":1,"tasks":[{"id":"t1","title":"Today","isDone":true,"doneOn":1000}],"projects":[{"id":"p1","title":"Work","tasks":[{"id":"e\u0301","title":"decomposed","isDone":false},{"id":"\u00e9","title":"composed","isDone":false}]}],"currentTask":{"id":"t1","title":"Today","deviceLabel":"Desktop","isLocal":true}}"#

    func testRevisionOneParseIgnoresTheNewMembers() throws {
        let rows = try WidgetData.parse(blob, pendingDoneTargets: ["t1": true])
        XCTAssertEqual(rows, [WidgetTaskRow(id: "t1", title: "Today", isDone: true, projectColor: nil)])
        XCTAssertNil(rows[0].doneOn, "revision 1 reads no doneOn")
        XCTAssertEqual(try WidgetData.parse(blob, selectedProjectId: nil, nowMs: 0)[0].doneOn, 1000)
    }

    func testOneDocumentAnswersEveryQuestion() throws {
        let document = try SnapshotDocument(blob: Array(blob.utf8))
        XCTAssertEqual(try document.rows(selectedProjectId: "p1", nowMs: 0).map(\.title), ["decomposed", "composed"])
        XCTAssertEqual(try document.projectList(), [WidgetProject(id: "p1", title: "Work")])
        XCTAssertEqual(try document.projectTitle(id: "p1"), "Work")
        XCTAssertEqual(document.trackedTask, WidgetCurrentTask(id: "t1", title: "Today", projectId: nil, deviceLabel: "Desktop",
                                                              isLocal: true, sinceTs: nil, focusCycle: nil))
    }

    /// A tap and its time on "e\u{301}" must not reach "é" (equal as Swift strings): the done
    /// row keeps its own time, and the other stays undone.
    func testTapTimesAreKeptByExactCodePoints() throws {
        let decomposed = "e\u{301}", composed = "\u{e9}"
        let rows = try WidgetData.parse(blob, pendingDoneTargets: [decomposed: true, composed: true],
                                        pendingDoneTimestamps: [decomposed: 100, composed: 200], selectedProjectId: "p1", nowMs: 150)
        XCTAssertEqual(rows.map(\.doneOn), [100, 200])
        let queued = PendingTimestamps([(taskId: composed, doneAtMs: 1), (taskId: decomposed, doneAtMs: 7), (taskId: composed, doneAtMs: 9)])
        let last = try WidgetData.parse(blob, pendingDoneTargets: [decomposed: true, composed: true], pendingDoneTimestamps: queued,
                                        selectedProjectId: "p1", nowMs: 8)
        XCTAssertEqual(last.map(\.doneOn), [7, 9], "the last time queued for an id wins")
    }

    func testFailuresNameTheEntry() {
        let broken = #"{"v":1,"projects":[{"id":"p1","title":"W","tasks":[]},[]],"tasks":[]}"#
        XCTAssertThrowsError(try WidgetData.parse(broken, selectedProjectId: "p1", nowMs: 0)) {
            XCTAssertEqual($0 as? SnapshotParseError, .projectNotAnObject(index: 1))
        }
        XCTAssertNoThrow(try WidgetData.parse(broken, selectedProjectId: nil, nowMs: 0), "projects is not read without a selection")
        XCTAssertThrowsError(try WidgetData.projectTitle(#"{"v":1,"projects":[{"id":"p1","title":"W"},{"id":"p2"}]}"#, projectId: "p1")) {
            XCTAssertEqual($0 as? SnapshotParseError, .projectMissingField(index: 1, field: "title"))
            XCTAssertEqual(($0 as? SnapshotParseError)?.description, "projects[1] has no title")
        }
        XCTAssertNil(WidgetData.currentTask("not json"))
    }
}

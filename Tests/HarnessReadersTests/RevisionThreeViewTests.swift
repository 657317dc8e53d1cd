import ContractModel
import HarnessReaders
import WidgetSnapshot
import XCTest

/// Revision 3 through the harness's in-process readers: `currentTask` in the view as
/// CONTRACT.md §8.3 reads it, the Swift reader agreeing with the C reference.
final class RevisionThreeViewTests: XCTestCase {
    private func currentTask(_ blob: String) throws -> ViewValue {
        let testCase = Case(id: "r3/current@utc@at", blob: Array(blob.utf8), nowMs: 0, timeZone: "UTC")
        let swift = SwiftReader().outcome(testCase)
        let c = CReferenceReader().outcome(testCase)
        XCTAssertEqual(FieldDifference.between(expected: c, got: swift), [], blob)
        return try XCTUnwrap(c.view?.added["currentTask"])
    }

    func testTheTrackedTaskAndItsReadingRules() throws {
        XCTAssertEqual(try currentTask(#"{"v":1,"currentTask":{"id":"t1","title":"Write","projectId":"p1","deviceLabel":"Desktop","isLocal":"TRUE","sinceTs":"1784300000000.9","focusCycle":4294967297}}"#),
                       .object(at: "currentTask", ["id": .text("t1"), "title": .text("Write"), "projectId": .text("p1"),
                                                   "deviceLabel": .text("Desktop"), "isLocal": .bool(true),
                                                   "sinceTs": .int(1_784_300_000_000), "focusCycle": .int(1)]))
        XCTAssertEqual(try currentTask(#"{"v":1,"currentTask":{"id":5,"title":null,"projectId":null,"sinceTs":0,"focusCycle":null}}"#),
                       .object(at: "currentTask", ["id": .text("5"), "title": .text("null"), "projectId": .null, "deviceLabel": .text(""),
                                                   "isLocal": .bool(false), "sinceTs": .null, "focusCycle": .null]))
        for none in [#"{"v":1,"currentTask":null}"#, #"{"v":1}"#, #"{"v":1,"currentTask":{"title":"no id"}}"#,
                     #"{"v":1,"currentTask":"t1"}"#, #"{"v":2,"currentTask":{"id":"t1","title":"x"}}"#, "not json"] {
            XCTAssertEqual(try currentTask(none), .null, none)
        }
    }

    /// Differing tracked tasks differ member by member, and a task against none at the field itself.
    func testTheComparisonNamesTheMember() throws {
        let view = DecodedView(id: "r3/x@utc@at", parse: .tasks([]), meta: .unknown, stale: false, header: .today,
                               added: ["currentTask": try currentTask(#"{"v":1,"currentTask":{"id":"t1","title":"a","isLocal":true}}"#)])
        var other = view
        other.added["currentTask"] = try currentTask(#"{"v":1,"currentTask":{"id":"t1","title":"a","isLocal":false}}"#)
        XCTAssertEqual(FieldDifference.between(expected: view, got: other).map(\.field), ["currentTask.isLocal"])
        other.added["currentTask"] = .null
        XCTAssertEqual(FieldDifference.between(expected: view, got: other).map(\.field), ["currentTask"])
    }
}

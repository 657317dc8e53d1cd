import ContractModel
import Foundation
import HarnessCorpus
import HarnessGate
import HarnessReaders
import HarnessTestSupport
import XCTest
import TestSupport

/// Revision 2's project widget in the writer intent (CONTRACT.md §7.5): every reader agrees on
/// a blob whose project rows the writer dropped, reordered, retitled, mis-marked or cut at 19,
/// or whose `projects` lists an archived, hidden or Inbox project, so only the intent can fail
/// it. Each blob is the tree's writer's for a small state, edited in its `projects` part, and
/// judged as `fuzz states` and the gate judge a writer blob (`WriterBlobJudge.problems`:
/// the writer family's cases of the state, a project widget per project entity among them).
final class WriterProjectIntentTests: XCTestCase {
    /// The app's day 2026-07-17 in Berlin ends at 1784325600000; a2 is done 5000 ms before it
    /// (kept 1 ms before, dropped at it), a3 long before (dropped at both).
    private static let state = #"""
        {"id":"x/y","inApp":true,"revision":2,"timeZone":"Europe/Berlin","todayStr":"2026-07-17","startOfNextDayDiffMs":0,"todayTaskIds":["t1"],"tasks":[{"id":"t1","title":"Today","isDone":false},{"id":"a1","title":"Open","isDone":false,"projectId":"p1"},{"id":"a2","title":"Done in grace","isDone":true,"doneOn":1784325595000,"projectId":"p1"},{"id":"a3","title":"Done long ago","isDone":true,"doneOn":1784325000000,"projectId":"p1"},{"id":"a4","title":"Second open","isDone":false,"projectId":"p1"}],"projects":[{"id":"INBOX_PROJECT","title":"Inbox","primary":"rgb(144, 187, 165)","isArchived":false,"isHiddenFromMenu":false,"taskIds":["t1"],"backlogTaskIds":[]},{"id":"p1","title":"Errands","primary":"#29a1aa","isArchived":false,"isHiddenFromMenu":false,"taskIds":["a1","a2"],"backlogTaskIds":["a3","a4"]},{"id":"p2","title":"Archived","primary":"#ff0000","isArchived":true,"isHiddenFromMenu":false,"taskIds":["t1"],"backlogTaskIds":[]},{"id":"p3","title":"Hidden","primary":null,"isArchived":false,"isHiddenFromMenu":true,"taskIds":[],"backlogTaskIds":[]}]}
        """#

    /// A project of 20 tasks: the writer lists all of them.
    private static let twenty: String = {
        let ids = (1...20).map { String(format: "q%02d", $0) }
        let tasks = ids.map { #"{"id":"\#($0)","title":"Task \#($0)","isDone":false,"projectId":"p1"}"# }.joined(separator: ",")
        let list = ids.map { "\"\($0)\"" }.joined(separator: ",")
        return #"{"id":"x/z","inApp":true,"revision":2,"timeZone":"Europe/Berlin","todayStr":"2026-07-17","startOfNextDayDiffMs":0,"todayTaskIds":[],"tasks":["#
            + tasks + ##"],"projects":[{"id":"p1","title":"P","primary":"#29a1aa","isArchived":false,"isHiddenFromMenu":false,"taskIds":["##
            + list + #"],"backlogTaskIds":[]}]}"#
    }()

    private static let written: [String] = {
        guard let command = try? WriterCommand.tree.resolve(root: TestRepository.root) else { return [] }
        let session = WriterSession(command: command)
        defer { session.close() }
        return session.write([Array(state.utf8), Array(twenty.utf8)]).map { answer in
            if case .blob(let bytes) = answer { return String(decoding: bytes, as: UTF8.self) }
            return "no blob: \(answer)"
        }
    }()

    private func judged(_ stateLine: String, _ blob: String, id: String = "x/y") throws -> [String] {
        try WriterBlobJudge(root: TestRepository.root).problems(stateLine: Array(stateLine.utf8), stateId: id, blob: Array(blob.utf8))
    }

    /// The writer's blob of `state` with `old` replaced by `new` after `"projects":` (once).
    private func edited(_ old: String, _ new: String, in blob: String? = nil, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let blob = try XCTUnwrap(blob ?? Self.written.first, file: file, line: line)
        let start = try XCTUnwrap(blob.range(of: #""projects":"#), "no projects in \(blob)", file: file, line: line)
        let range = try XCTUnwrap(blob.range(of: old, range: start.upperBound..<blob.endIndex), "no `\(old)` in \(blob)", file: file, line: line)
        return blob.replacingCharacters(in: range, with: new)
    }

    private func assertFound(_ problems: [String], _ texts: [String], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(problems.isEmpty, "the intent accepted the edited blob", file: file, line: line)
        for text in texts {
            XCTAssertTrue(problems.contains { $0.contains(text) }, "no problem holds `\(text)`:\n" + problems.joined(separator: "\n"), file: file, line: line)
        }
    }

    private static let p1 = #"{"id":"p1","title":"Errands","tasks":["#
    private static let a1 = #"{"id":"a1","title":"Open","isDone":false,"projectId":"p1"}"#
    private static let a2 = #"{"id":"a2","title":"Done in grace","isDone":true,"doneOn":1784325595000,"projectId":"p1"}"#
    private static let a3 = #"{"id":"a3","title":"Done long ago","isDone":true,"doneOn":1784325000000,"projectId":"p1"}"#
    private static let a4 = #"{"id":"a4","title":"Second open","isDone":false,"projectId":"p1"}"#

    func testTheWritersOwnBlobsShowWhatTheStatesMean() throws {
        XCTAssertEqual(Self.written.count, 2)
        XCTAssertTrue(Self.written[0].contains(Self.p1 + Self.a1), Self.written[0])
        XCTAssertEqual(try judged(Self.state, Self.written[0]), [])
        XCTAssertEqual(try judged(Self.twenty, Self.written[1], id: "x/z"), [])
    }

    func testAProjectRowDroppedReorderedOrRetitledFails() throws {
        assertFound(try judged(Self.state, try edited("," + Self.a4, "")),
                    ["case states/writer.x#y_project-2@berlin@before: the widget shows tasks [a1, a2], at 1784325599999 project p1's list",
                     "first difference at row 3: the widget shows none, the app means a4"])
        let middle = "," + Self.a2 + "," + Self.a3 + ","
        assertFound(try judged(Self.state, try edited(Self.a1 + middle + Self.a4, Self.a4 + middle + Self.a1)),
                    ["case states/writer.x#y_project-2@berlin@at: the widget shows tasks [a4, a1], at 1784325600000 project p1's list",
                     "is [a1, a4]; first difference at row 1: the widget shows a4, the app means a1"])
        assertFound(try judged(Self.state, try edited(#""title":"Open""#, #""title":"open""#)),
                    ["case states/writer.x#y_project-2@berlin@before: task a1: the widget shows the title \"open\", the app's is \"Open\""])
    }

    func testAProjectRowMarkedOtherwiseOrWithAnotherCompletionTimeFails() throws {
        // Marked done without a completion time: a project widget drops it at once.
        assertFound(try judged(Self.state, try edited(#""id":"a1","title":"Open","isDone":false"#, #""id":"a1","title":"Open","isDone":true"#)),
                    ["case states/writer.x#y_project-2@berlin@before: the widget shows tasks [a2, a4]"])
        // A later completion time keeps a2 past the app's grace: shown at the day's end.
        assertFound(try judged(Self.state, try edited("1784325595000", "1784325596000")),
                    ["case states/writer.x#y_project-2@berlin@at: the widget shows tasks [a1, a2, a4]",
                     "case states/writer.x#y_project-2@berlin@before: task a2: the widget's doneOn is 1784325596000, the app's completion time gives 1784325595000"])
    }

    func testAProjectRetitledOrOneTheWriterMustLeaveOutListedFails() throws {
        let retitled = try judged(Self.state, try edited(#""title":"Errands""#, #""title":"errands""#))
        assertFound(retitled, ["case states/writer.x#y@berlin@before: the widget's projects are [p1: \"errands\"], the app's unarchived visible projects are [p1: \"Errands\"]",
                               "case states/writer.x#y_project-2@berlin@before: the project widget's title is \"errands\", the app's is \"Errands\""])
        for (entity, listed) in [(3, #"{"id":"p2","title":"Archived","tasks":[]}"#), (4, #"{"id":"p3","title":"Hidden","tasks":[]}"#),
                                 (1, #"{"id":"INBOX_PROJECT","title":"Inbox","tasks":[]}"#)] {
            assertFound(try judged(Self.state, try edited(Self.p1, listed + "," + Self.p1)),
                        ["case states/writer.x#y@berlin@before: the widget's projects are [",
                         "case states/writer.x#y_project-\(entity)@berlin@before: the project widget's title is",
                         "the app's is none (the selected project is not one the writer lists)"])
        }
    }

    func testAProjectCutAt19Fails() throws {
        let blob = try XCTUnwrap(Self.written.last)
        let cut = try edited(#",{"id":"q20","title":"Task q20","isDone":false,"projectId":"p1"}"#, "", in: blob)
        assertFound(try judged(Self.twenty, cut, id: "x/z"),
                    ["case states/writer.x#z_project-1@berlin@before: the widget shows tasks [q01, q02, q03, q04, q05, q06, … 19 in all]",
                     "first difference at row 20: the widget shows none, the app means q20"])
    }

    /// The generated mutant `PROJECT_TASK_LIMIT = 20` → 19 of ends/writer/src/projection.ts
    /// (`scripts/adequacy --reader writer`), planted in a copy of the tree's compiled writer end:
    /// its blob of a 20-task project must fail the intent.
    func testTheWriterCuttingAt19IsAWriterFinding() throws {
        let command = try WriterCommand.tree.resolve(root: TestRepository.root)
        let main = try XCTUnwrap(command.split(separator: " ", maxSplits: 1).last.map(String.init))
        let folder = Scratch.folder("writer-cut-19")
        defer { Scratch.remove(folder) }
        let copy = folder.appendingPathComponent("writer")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: main.trimmingCharacters(in: CharacterSet(charactersIn: "'"))).deletingLastPathComponent(), to: copy)
        let projection = copy.appendingPathComponent("projection.js")
        let text = try String(contentsOf: projection, encoding: .utf8)
        XCTAssertTrue(text.contains("exports.PROJECT_TASK_LIMIT = 20;"), "projection.js no longer holds the limit")
        try text.replacingOccurrences(of: "exports.PROJECT_TASK_LIMIT = 20;", with: "exports.PROJECT_TASK_LIMIT = 19;")
            .write(to: projection, atomically: true, encoding: .utf8)
        let session = WriterSession(command: "node '\(copy.appendingPathComponent("main.js").path)'")
        defer { session.close() }
        guard case .blob(let blob)? = session.write([Array(Self.twenty.utf8)]).first else { return XCTFail("the planted writer wrote no blob") }
        assertFound(try judged(Self.twenty, String(decoding: blob, as: UTF8.self), id: "x/z"),
                    ["case states/writer.x#z_project-1@berlin@at: the widget shows tasks [q01, q02, q03, q04, q05, q06, … 19 in all]"])
    }

    /// The cases a revision-2 state becomes: the Today widget, then a project widget per project
    /// entity (listed or not), each at both instants; a revision-1 state only the Today widget.
    func testARevisionTwoStateIsReadAsAProjectWidgetOfEachProject() throws {
        let state = try XCTUnwrap(WriterState(line: Array(Self.state.utf8)))
        XCTAssertEqual(state.projects.map(\.listed), [false, true, false, false])
        XCTAssertEqual(state.listedProjects.first?.rows.map(\.id), ["a1", "a2", "a3", "a4"])
        let line = StateLine(id: "x/y", file: "x", lineNumber: 1, bytes: Array(Self.state.utf8), state: state)
        let plan = WriterFamily.plan(line, boundary: 1_784_325_600_000)
        XCTAssertEqual(plan.map(\.id), ["states/writer.x#y@berlin@before", "states/writer.x#y@berlin@at"]
                       + (1...4).flatMap { ["states/writer.x#y_project-\($0)@berlin@before", "states/writer.x#y_project-\($0)@berlin@at"] })
        XCTAssertEqual(plan.map { $0.selectedProjectId?.string }, [nil, nil, "INBOX_PROJECT", "INBOX_PROJECT", "p1", "p1", "p2", "p2", "p3", "p3"])
        XCTAssertEqual(plan.map(\.nowMs), Array(repeating: [1_784_325_599_999, 1_784_325_600_000], count: 5).flatMap { $0 })
        var revisionOne = state
        revisionOne.revision = 1
        revisionOne.projects = []
        XCTAssertEqual(WriterFamily.plan(StateLine(id: "x/y", file: "x", lineNumber: 1, bytes: [], state: revisionOne), boundary: nil).map(\.id),
                       ["states/writer.x#y@berlin@fixed"])
    }
}

import ContractModel
import Foundation
import WidgetSnapshot
import XCTest
@testable import WidgetContractTestee

/// A testee written with the kit on `WidgetSnapshot`'s revision-2/3 API (`Examples/swift-kit-testee`, run as a process) answers `doneOn`,
/// `projects`, `projectTitle` and `currentTask` in the canonical line: byte for byte what the
/// Swift reader's view writes, and read back by the harness's line reader as that same view.
final class RevisionFieldsTests: XCTestCase {
    /// Runs the kit testee of `Examples/swift-kit-testee` (WidgetSnapshot's revision-3 API) on
    /// the case lines: one view line per case, in order.
    private static func runExample(_ lines: [[UInt8]]) throws -> [[UInt8]] {
        let (status, out) = try ExampleTesteeProcess.run("swift-kit-testee", input: Data(lines.map { $0 + [0x0A] }.joined()))
        XCTAssertEqual(status, 0)
        return out.split(separator: 0x0A, omittingEmptySubsequences: true).map(Array.init)
    }

    private struct Input {
        var id: String
        var blob: String
        var taps: [(String, Bool)] = []
        var stamps: [(String, Int64)] = []
        var selection: String?
        var nowMs: Int64
    }

    private static func fixtureBlob(_ name: String) throws -> String {
        let data = try Data(contentsOf: ExampleTesteeProcess.root.appendingPathComponent("golden/fixtures/\(name).json"))
        let fixture = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let blob = try JSONSerialization.data(withJSONObject: try XCTUnwrap(fixture["blob"]), options: [.sortedKeys])
        return String(decoding: blob, as: UTF8.self)
    }

    private static func jsonString(_ text: String) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: text, options: [.fragmentsAllowed]), as: UTF8.self)
    }

    private static func caseLine(_ input: Input) throws -> [UInt8] {
        var line = #"{"id":"# + (try jsonString(input.id)) + #","blob":"# + (try jsonString(input.blob))
        if !input.taps.isEmpty {
            line += #","pendingDoneTargets":{"# + (try input.taps.map { try jsonString($0.0) + ":\($0.1)" }.joined(separator: ",")) + "}"
        }
        if !input.stamps.isEmpty {
            line += #","pendingDoneTimestamps":{"# + (try input.stamps.map { try jsonString($0.0) + ":\($0.1)" }.joined(separator: ",")) + "}"
        }
        if let selection = input.selection { line += #","selectedProjectId":"# + (try jsonString(selection)) }
        line += #","nowMs":\#(input.nowMs),"timeZone":"Europe/Berlin"}"#
        return Array(line.utf8)
    }

    private func inputs() throws -> [Input] {
        let tracked = try Self.fixtureBlob("current-task")
        let projects = try Self.fixtureBlob("projects")
        let brokenEntry = #"{"v":1,"dayStr":"2026-08-16","validUntil":1786917600000,"tasks":[{"id":"t1","title":"A","isDone":true,"doneOn":1786881600000}],"projects":[{"id":"p1","title":"P","tasks":[]},7],"currentTask":null}"#
        return [
            // a project widget: p1's rows, a tap with its time, the grace, the tracked task
            Input(id: "tracked@p1", blob: tracked, taps: [("t1", true), ("t5", true)], stamps: [("t1", 1786917597500)],
                  selection: "p1", nowMs: 1786917599999),
            // a selection naming no project: Today's rows, no title
            Input(id: "tracked@gone", blob: tracked, selection: "p9", nowMs: 1786917599999),
            // the Today widget on a revision-2 blob: no currentTask, no selection
            Input(id: "projects@today", blob: projects, taps: [("t2", false)], nowMs: 4102444800000),
            // an entry that is not an object: parse, projects and projectTitle fail
            Input(id: "broken@p1", blob: brokenEntry, selection: "p1", nowMs: 1786917599999),
        ]
    }

    func testAKitTesteeOnTheRevisionThreeAPIWritesTheSwiftReadersLine() throws {
        var seen: [String] = []
        let inputs = try inputs()
        let lines = try inputs.map(Self.caseLine)
        let outs = try Self.runExample(lines)
        XCTAssertEqual(outs.count, inputs.count)
        for (input, (line, out)) in zip(inputs, zip(lines, outs)) {
            let item = try CaseStream.readLine(line, file: "test", line: 1)
            let swift = DecodedView.decode(id: item.id, blob: item.blob,
                                           pendingDoneTargets: PendingTargets(item.pendingDoneTargets.map { ($0.taskId.string, $0.isDone) }),
                                           pendingDoneTimestamps: PendingTimestamps(item.pendingDoneTimestamps.map { ($0.taskId.string, $0.ms) }),
                                           selectedProjectId: item.selectedProjectId?.string, capacity: item.capacity,
                                           nowMs: item.nowMs, timeZone: TimeZone(identifier: item.timeZone))
            XCTAssertEqual(String(decoding: out, as: UTF8.self), swift.canonicalJSONString, input.id)
            let (id, outcome) = try ViewLine.parse(out, file: "testee", lineNumber: 1, allowingNotImplemented: true)
            XCTAssertEqual(id, input.id)
            guard case .view(let read) = outcome else { return XCTFail("\(input.id): not a view: \(outcome)") }
            // Nothing the kit's features hold is left out; a field of another feature (none the
            // Swift reader implements) is "not implemented" in the line read back, and nowhere else.
            let declared = FeatureSet.declared(WidgetSnapshotContract.features)
            XCTAssertTrue(read.notImplemented.allSatisfy { !declared.contains($0.feature) }, "\(input.id): \(read.notImplemented)")
            var same = read
            same.notImplemented = []
            XCTAssertEqual(same, swift, input.id)
            seen.append(String(decoding: out, as: UTF8.self))
        }
        // the cases ask what they are meant to ask (so the comparison above is not vacuous)
        XCTAssertTrue(seen[0].contains(##""id":"t1","title":"Buy oat milk","isDone":true,"projectColor":"#4caf50","doneOn":1786917597500}"##), seen[0])
        XCTAssertTrue(seen[0].contains(#","projectTitle":"Groceries","#), seen[0])
        XCTAssertTrue(seen[0].contains(#","currentTask":{"id":"#), seen[0])
        XCTAssertTrue(seen[1].contains(#","projectTitle":null"#), seen[1])
        XCTAssertTrue(seen[2].hasSuffix(#","currentTask":null}"#), seen[2])
        XCTAssertTrue(seen[2].contains(#","projects":[{"id":"p1","title":"Groceries"}"#), seen[2])
        XCTAssertTrue(seen[3].contains(#","projects":{"error":"#) && seen[3].contains(#","projectTitle":{"error":"#), seen[3])
    }

    /// A testee of a lower revision leaves the later fields out (pending in the harness); the
    /// revision-1 fields it leaves out go too, and the line still reads as a partial view.
    func testFieldsTheTesteeLeavesNilAreLeftOutOfTheLine() throws {
        let line = try Self.caseLine(try inputs()[0])
        let task = WidgetCurrentTask(id: "t3", title: "T", projectId: nil, deviceLabel: "Pixel", isLocal: false, sinceTs: nil, focusCycle: 2)
        let full = TesteeView(parse: .tasks([WidgetTaskRow(id: "t1", title: "A", isDone: true, projectColor: nil, doneOn: 9)]),
                              meta: SnapshotMeta(dayStr: "2026-08-16", validUntil: 5), stale: false, header: .today,
                              rowsAnswerDoneOn: true, projects: .list([WidgetProject(id: "p1", title: "Groceries")]),
                              projectTitle: .title("Groceries"), currentTask: .tracking(task))
        XCTAssertEqual(String(decoding: Testee.respond(to: line, lineNumber: 1) { _ in full }, as: UTF8.self),
                       #"{"id":"tracked@p1","parse":{"tasks":[{"id":"t1","title":"A","isDone":true,"projectColor":null,"doneOn":9}]},"#
                       + #""meta":{"dayStr":"2026-08-16","validUntil":5},"stale":false,"header":{"kind":"today"},"#
                       + #""projects":[{"id":"p1","title":"Groceries"}],"projectTitle":"Groceries","#
                       + #""currentTask":{"id":"t3","title":"T","projectId":null,"deviceLabel":"Pixel","isLocal":false,"sinceTs":null,"focusCycle":2}}"#)
        var partial = full
        (partial.currentTask, partial.stale, partial.projectTitle) = (nil, nil, .error("broken"))
        let revisionTwo = Testee.respond(to: line, lineNumber: 1) { _ in partial }
        let text = String(decoding: revisionTwo, as: UTF8.self)
        XCTAssertEqual(text, #"{"id":"tracked@p1","parse":{"tasks":[{"id":"t1","title":"A","isDone":true,"projectColor":null,"doneOn":9}]},"#
                       + #""meta":{"dayStr":"2026-08-16","validUntil":5},"header":{"kind":"today"},"#
                       + #""projects":[{"id":"p1","title":"Groceries"}],"projectTitle":{"error":"broken"}}"#)
        let (_, outcome) = try ViewLine.parse(revisionTwo, file: "testee", lineNumber: 1, allowingNotImplemented: true)
        guard case .view(let read) = outcome else { return XCTFail("not a view: \(outcome)") }
        // (the display part, left nil here, is not implemented too)
        // (fields of a feature the kit's set does not hold, none of which this line could give, are not implemented too)
        let declared = FeatureSet.declared(WidgetSnapshotContract.features)
        XCTAssertEqual(read.notImplemented.filter { declared.contains($0.feature) }.map(\.rawValue).filter { !$0.hasPrefix("display") }.sorted(),
                       ["currentTask", "stale"])
        XCTAssertEqual(read.added["projectTitle"], .error("broken"))

        var revisionOne = full
        (revisionOne.rowsAnswerDoneOn, revisionOne.projects, revisionOne.projectTitle, revisionOne.currentTask) = (false, nil, nil, .notTracking)
        XCTAssertEqual(String(decoding: Testee.respond(to: line, lineNumber: 1) { _ in revisionOne }, as: UTF8.self),
                       #"{"id":"tracked@p1","parse":{"tasks":[{"id":"t1","title":"A","isDone":true,"projectColor":null}]},"#
                       + #""meta":{"dayStr":"2026-08-16","validUntil":5},"stale":false,"header":{"kind":"today"},"currentTask":null}"#)
    }
}

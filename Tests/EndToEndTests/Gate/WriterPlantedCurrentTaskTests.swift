import ContractModel
import Foundation
import XCTest
@testable import HarnessCorpus
@testable import HarnessGate
import HarnessReaders
import HarnessTestSupport
import TestSupport

/// Three writer bugs of revision 3's `currentTask` (CONTRACT.md §7.5), each planted in a scratch
/// copy of the tree's compiled writer end and given to the gate as another team's writer: every
/// reader reads the bad blobs alike, so only the writer checks can fail them, each as what it
/// is — a `null` `projectId` (the writer schema, by name), the task of a state that tracks none
/// (the intent), and `currentTask` left out where a task is tracked (the schema and the intent).
/// Each runs as a writer of revision 3 that declares it (`--writer NAME@3=CMD`: every state line
/// told revision 3, as `RevisionWriters` does), so it is judged on `currentTask`; a revision-2
/// writer declaring 2 leaves the revision-3 states pending. The gate runs on the small tree
/// with the app states (`GateTestSupport.statesTree`).
final class WriterPlantedCurrentTaskTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = Scratch.folder("planted-current-task") }
    override func tearDownWithError() throws { Scratch.remove(folder) }

    /// A copy of the tree's compiled writer end with every `old` replaced by `new` in `file`
    /// (`tracked-task.js`, `projection.js`); the command that runs it.
    private func plantedWriter(_ name: String, in file: String, replacing old: String, with new: String) throws -> String {
        let command = try WriterCommand.tree.resolve(root: TestRepository.root)
        let main = try XCTUnwrap(command.split(separator: " ", maxSplits: 1).last.map(String.init))
        let compiled = URL(fileURLWithPath: main.trimmingCharacters(in: CharacterSet(charactersIn: "'"))).deletingLastPathComponent()
        let copy = folder.appendingPathComponent(name)
        try FileManager.default.copyItem(at: compiled, to: copy)
        let source = copy.appendingPathComponent(file)
        let text = try String(contentsOf: source, encoding: .utf8)
        XCTAssertTrue(text.contains(old), "\(file) no longer holds `\(old)`")
        try text.replacingOccurrences(of: old, with: new).write(to: source, atomically: true, encoding: .utf8)
        return "node '\(copy.appendingPathComponent("main.js").path)'"
    }

    /// `command` writing every state at `revision` (the state line's `"revision"` rewritten first).
    private func atRevision(_ revision: Int, _ command: String) -> String {
        "sed -u 's/\"revision\":[0-9][0-9]*,/\"revision\":\(revision),/' | \(command)"
    }

    /// The gate with `writer` run as a revision-3 writer declaring 3.
    private func check(_ writer: String) throws -> GateResult {
        var options = Gate.Options(includeRecordings: false, jobs: 2)
        options.writer = .command(atRevision(3, writer))
        options.writerRevision = WriterRevision(declared: 3)
        let paths = try GateTestSupport.statesTree()
        defer { GateTestSupport.remove(paths) }
        return try Gate.check(paths, options: options)
    }

    private func assertFails(_ result: GateResult, showing expected: [String], file: StaticString = #filePath, line: UInt = #line) {
        let findings = result.problems.filter { $0.hasPrefix("writer finding:") }
        XCTAssertFalse(result.passed, file: file, line: line)
        for text in expected {
            XCTAssertTrue(findings.contains { $0.contains(text) }, "no writer finding holds `\(text)`:\n" + findings.prefix(8).joined(separator: "\n"),
                          file: file, line: line)
        }
        // Only revision-3 states are touched by these bugs.
        XCTAssertEqual(findings.filter { !$0.hasPrefix("writer finding: state tracking/") }, [], file: file, line: line)
    }

    private static let tracked = "blob.currentTask = (0, tracked_task_1.trackedTask)(state.tracking, taskById);"

    func testANullProjectIdIsRefusedByTheSchemaByName() throws {
        let writer = try plantedWriter("null-project", in: "tracked-task.js", replacing: "    if (task.projectId)\n        current.projectId = task.projectId;",
                                       with: "    current.projectId = task.projectId || null;")
        let result = try check(writer)
        assertFails(result, showing: ["writer finding: state tracking/here-start-unknown (golden/states/tracking.jsonl:3): its blob is not valid for "
                                      + "schemas/widget-snapshot.v1.r3.schema.json: at /currentTask/projectId: null is not of type string"])
        // The readers read a null projectId as none: the intent has nothing to say.
        XCTAssertFalse(result.problems.contains { $0.contains(", case states/writer.tracking#") }, result.problems.joined(separator: "\n"))
    }

    func testATaskThatIsNotTrackedFailsTheIntent() throws {
        let writer = try plantedWriter("untracked", in: "projection.js", replacing: Self.tracked,
                                       with: "blob.currentTask = (0, tracked_task_1.trackedTask)(state.tracking, taskById) ?? "
                                       + "(tasks[0] ? { id: tasks[0].id, title: tasks[0].title, deviceLabel: \"Pixel 8\", isLocal: true } : null);")
        assertFails(try check(writer), showing: [
            "writer finding: state tracking/none (golden/states/tracking.jsonl:1), case states/writer.tracking#none@berlin@before: the widget shows task t1 as tracked, the app tracks none",
            "writer finding: state tracking/elsewhere-stale (golden/states/tracking.jsonl:9), case states/writer.tracking#elsewhere-stale_project-1@berlin@at: the widget shows task t1 as tracked, the app tracks none",
        ])
    }

    func testACurrentTaskLeftOutWhereATaskIsTrackedFailsBoth() throws {
        let writer = try plantedWriter("left-out", in: "projection.js", replacing: Self.tracked,
                                       with: "{ const tracked = (0, tracked_task_1.trackedTask)(state.tracking, taskById); if (tracked === null) blob.currentTask = null; }")
        assertFails(try check(writer), showing: [
            // Its blob of a tracked task is revision 2's: the schema says so.
            "writer finding: state tracking/here (golden/states/tracking.jsonl:2): the writer declares revision 3 but does not implement it "
            + "(its blob is valid for revision 2's writer schema): its blob is not valid for schemas/widget-snapshot.v1.r3.schema.json: at /: currentTask is required but missing",
            "writer finding: state tracking/here (golden/states/tracking.jsonl:2), case states/writer.tracking#here@berlin@before: the widget shows no task as tracked, the app tracks task t1 on this device",
            "writer finding: state tracking/elsewhere (golden/states/tracking.jsonl:8), case states/writer.tracking#elsewhere@berlin@at: the widget shows no task as tracked, the app tracks task t3 on \"Work laptop\"",
        ])
    }

    /// Through the CLI, as an app would run it: a revision-3 writer declared `@3` passes, and
    /// fails with the bug planted (exit 1); a revision-2 writer declared `@2` passes with the
    /// revision-3 states pending, and says so.
    func testTheDeclaredRevisionDecidesThroughTheCLI() throws {
        try GateTestSupport.skipUnlessTheCLIIsBuilt()
        let tree = try WriterCommand.tree.resolve(root: TestRepository.root)
        let planted = try plantedWriter("cli", in: "projection.js", replacing: Self.tracked,
                                        with: "{ const tracked = (0, tracked_task_1.trackedTask)(state.tracking, taskById); if (tracked === null) blob.currentTask = null; }")
        let paths = try GateTestSupport.statesTree()
        defer { GateTestSupport.remove(paths) }
        func check(_ spec: String) throws -> (status: Int32, out: String, err: String) {
            try GateTestSupport.runCLI(["check", "--root", paths.root.path, "--no-recordings", "--writer", spec])
        }
        let good = try check("app@3=\(atRevision(3, tree))")
        XCTAssertEqual(good.status, 0, good.out + good.err)
        XCTAssertTrue(good.out.contains("in-app states judged at revision 3's writer schema and intent"), good.out)
        let bad = try check("app@3=\(atRevision(3, planted))")
        XCTAssertEqual(bad.status, 1, bad.out + bad.err)
        XCTAssertTrue(bad.out.contains("FAIL: writer finding: state tracking/here (golden/states/tracking.jsonl:2): the writer declares revision 3 but does not implement it"), bad.out)
        XCTAssertTrue(bad.out.contains("the widget shows no task as tracked, the app tracks task t1 on this device"), bad.out)
        let two = try check("app@2=\(atRevision(2, tree))")
        XCTAssertEqual(two.status, 0, two.out + two.err)
        XCTAssertTrue(two.out.contains("pending, of a later revision than it declares (not judged: not checked), first tracking/"), two.out)
    }
}

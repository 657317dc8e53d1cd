import ContractModel
import Foundation
import XCTest
@testable import HarnessCorpus
@testable import HarnessGate
import HarnessReaders
import HarnessTestSupport
import TestSupport

/// Four writer regressions, each planted in a scratch copy of the tree's compiled writer end
/// and given to the gate with `--writer` (`Gate.Options.writer`): every reader reads the bad
/// blobs alike, so only the writer checks can fail them — the writer schema (`projectId: null`)
/// and the intent check (`validUntil` in seconds, `dayStr` in UTC, a colour keyed by task id).
/// Each must fail the gate with the message a reviewer sees; the unplanted writer passes them
/// (GateTests.testTheGatePassesOnTheCommittedGoldenFiles: no problem at all on the committed tree).
/// The gate runs on the small tree with the app states (`GateTestSupport.statesTree`: every
/// state file but fixtures.jsonl whole, and refused unless the gate passes on it with every
/// reader), not the whole corpus: the writer checks read only the states' cases.
final class WriterPlantedBugTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = Scratch.folder("planted-writer")
    }

    override func tearDownWithError() throws {
        Scratch.remove(folder)
    }

    /// A copy of the tree's compiled writer end with `old` replaced by `new` in projection.js;
    /// the command that runs it.
    private func plantedWriter(_ name: String, replacing old: String, with new: String) throws -> String {
        let command = try WriterCommand.tree.resolve(root: TestRepository.root)
        let main = try XCTUnwrap(command.split(separator: " ", maxSplits: 1).last.map(String.init))
        let compiled = URL(fileURLWithPath: main).deletingLastPathComponent()
        let copy = folder.appendingPathComponent(name)
        try FileManager.default.copyItem(at: compiled, to: copy)
        let projection = copy.appendingPathComponent("projection.js")
        let text = try String(contentsOf: projection, encoding: .utf8)
        XCTAssertTrue(text.contains(old), "projection.js no longer holds `\(old)`")
        try text.replacingOccurrences(of: old, with: new).write(to: projection, atomically: true, encoding: .utf8)
        return "node '\(copy.appendingPathComponent("main.js").path)'"
    }

    private func writerProblems(_ writer: WriterCommand) throws -> (passed: Bool, problems: [String]) {
        var options = Gate.Options(includeRecordings: false, jobs: 2)
        options.writer = writer
        let paths = try GateTestSupport.statesTree()
        defer { GateTestSupport.remove(paths) }
        let result = try Gate.check(paths, options: options)
        return (result.passed, result.problems.filter { $0.hasPrefix("writer finding:") })
    }

    private func assertFails(_ name: String, replacing old: String, with new: String, showing expected: [String],
                             file: StaticString = #filePath, line: UInt = #line) throws {
        let (passed, problems) = try writerProblems(.command(try plantedWriter(name, replacing: old, with: new)))
        XCTAssertFalse(passed, name, file: file, line: line)
        for text in expected {
            XCTAssertTrue(problems.contains { $0.contains(text) }, "\(name): no writer finding holds `\(text)`:\n" + problems.prefix(8).joined(separator: "\n"),
                          file: file, line: line)
        }
        print("planted \(name): \(problems.count) writer findings; the first:\n  \(problems.first ?? "none")")
    }

    func testProjectIdNullFailsTheWriterSchema() throws {
        try assertFails("projectid-null", replacing: "        if (task.projectId) {\n            row.projectId = task.projectId;",
                        with: "        row.projectId = task.projectId || null;\n        if (task.projectId) {",
                        showing: ["writer finding: state colours/no-project (golden/states/colours.jsonl:",
                                  "its blob is not valid for schemas/widget-snapshot.v1.schema.json: at /tasks/0/projectId: null is not of type string"])
    }

    func testValidUntilInSecondsFailsTheIntent() throws {
        try assertFails("seconds", replacing: "validUntil: validUntilOf(state.todayStr, state.startOfNextDayDiffMs),",
                        with: "validUntil: Math.floor(validUntilOf(state.todayStr, state.startOfNextDayDiffMs) / 1000),",
                        showing: ["writer finding: state days/offset-0 (golden/states/days.jsonl:1), case states/writer.days#offset-0@berlin@before: "
                                  + "1 ms before the app's day ends (1784325600000) the widget says outdated (stale true), the app means today; "
                                  + "the blob's validUntil is 1784325600"])
    }

    func testDayStrInUTCFailsTheIntent() throws {
        try assertFails("utc-day", replacing: "dayStr: state.todayStr,",
                        with: "dayStr: new Date(...state.todayStr.split('-').map((n, i) => Number(n) - (i === 1 ? 1 : 0))).toISOString().slice(0, 10),",
                        showing: ["writer finding: state days/offset-0 (golden/states/days.jsonl:1), case states/writer.days#offset-0@berlin@before: "
                                  + "the widget's day is \"2026-07-16\", the app's day is \"2026-07-17\""])
    }

    func testAColourKeyedByTaskIdFailsTheIntent() throws {
        try assertFails("colour-by-task", replacing: "projectColors[task.projectId] = colour;", with: "projectColors[task.id] = colour;",
                        showing: ["writer finding: state colours/inbox-default (golden/states/colours.jsonl:1), case states/writer.colours#inbox-default@berlin@before: "
                                  + "task t1: the widget's project colour is none, the project's theme colour is \"rgb(144, 187, 165)\""])
    }

    /// Through the CLI: exit 1, and the finding is in what `check` prints.
    func testTheCLISaysItWithExitOne() throws {
        let writer = try plantedWriter("cli", replacing: "projectColors[task.projectId] = colour;", with: "projectColors[task.id] = colour;")
        let paths = try GateTestSupport.statesTree()
        defer { GateTestSupport.remove(paths) }
        let run = try GateTestSupport.runCLI(["check", "--root", paths.root.path, "--no-recordings", "--writer", writer])
        XCTAssertEqual(run.status, 1, run.err)
        XCTAssertTrue(run.out.contains("FAIL: writer finding: state colours/inbox-default"), run.out)
        let broken = try GateTestSupport.runCLI(["check", "--root", paths.root.path, "--no-recordings", "--writer", "exit 3"])
        XCTAssertEqual(broken.status, 2, broken.out + broken.err)
        XCTAssertTrue(broken.err.contains("the writer end `exit 3` answered no state"), broken.err)
    }
}

import ContractModel
import Foundation
import XCTest
@testable import HarnessCorpus
@testable import HarnessGate
import HarnessReaders
import HarnessTestSupport
import TestSupport

/// Each of the drain's behaviours the app's tests pose (`getTaskDoneChangesToApply` at b28e0ade:
/// marks undone tasks done and done tasks undone, skips deleted tasks and tasks already in the
/// target state, a done→undone round trip is a no-op, nothing for invalid JSON, `["a"]` or `null`,
/// non-boolean values skipped; the first drain's array deduped and anything else refused) planted
/// as one edit in a scratch copy of the project's compiled drain, which the queue gate runs as a
/// drain end of the features the behaviour belongs to. The planted drain must fail its case with a
/// `drain` (or `crash`) finding; the same copy unplanted has none there. The tap's round trip on
/// the snapshot corpus is held the same way: a drain that gives a done change no tap time (what the
/// app's does) repaints a project widget's checked row after its grace (the projects fixture's cases).
final class QueuePlantedDrainTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = Scratch.folder("planted-drain")
    }

    override func tearDownWithError() throws {
        Scratch.remove(folder)
    }

    /// A copy of the compiled drain with `old` replaced by `new` in drain.js (nil: unplanted).
    private func drain(_ name: String, replacing old: String? = nil, with new: String = "", features: String) throws -> QueueEndEntry {
        let command = try WriterCommand.buildWriter(root: TestRepository.root, printing: "--print-drain-command")
        let main = try XCTUnwrap(command.split(separator: " ", maxSplits: 1).last.map(String.init))
        let copy = folder.appendingPathComponent(name)
        try FileManager.default.copyItem(at: URL(fileURLWithPath: main).deletingLastPathComponent(), to: copy)
        if let old {
            let file = copy.appendingPathComponent("drain.js")
            let text = try String(contentsOf: file, encoding: .utf8)
            XCTAssertTrue(text.contains(old), "drain.js no longer holds `\(old)`")
            try text.replacingOccurrences(of: old, with: new).write(to: file, atomically: true, encoding: .utf8)
        }
        return QueueEndEntry(name: name, role: .drain, features: try QueueFeatures.parse(features, role: .drain), format: nil,
                             source: .command("node '\(copy.appendingPathComponent("drain-main.js").path)' --features \(features)"))
    }

    private func findings(_ end: QueueEndEntry, snapshotCases: [Case] = []) throws -> [String: [QueueFinding]] {
        let result = try QueueGate.run(HarnessPaths(root: TestRepository.root), snapshotCases: snapshotCases,
                                       options: QueueGate.Options(writers: [], projectDrain: false, extraDrains: [end], jobs: 2))
        return Dictionary(grouping: try XCTUnwrap(result.verdicts.first).findings, by: \.caseId)
    }

    private func assertPlanted(_ behaviour: String, case caseId: String, replacing old: String, with new: String,
                               features: String = "targets+tapTimes+legacyArray", kinds: Set<QueueFinding.Kind> = [.drain],
                               file: StaticString = #filePath, line: UInt = #line) throws {
        let control = try findings(try drain("control", features: features))
        XCTAssertEqual(control[caseId, default: []].filter { kinds.contains($0.kind) }.map(\.message), [],
                       "\(behaviour): unplanted, \(caseId) has no such finding", file: file, line: line)
        let planted = try findings(try drain("planted", replacing: old, with: new, features: features))
        XCTAssertTrue(planted[caseId, default: []].contains { kinds.contains($0.kind) },
                      "\(behaviour): planted, \(caseId) must fail (\(kinds.map(\.rawValue).sorted())); it has \(planted[caseId, default: []].map(\.message))",
                      file: file, line: line)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("control"))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("planted"))
    }

    func testMarksUndoneTasksDone() throws {
        try assertPlanted("marks undone tasks done", case: "queue/drain.marks-done",
                          replacing: "if (state === undefined || state === target)", with: "if (state === undefined || state === target || target)")
    }

    func testMarksDoneTasksUndone() throws {
        try assertPlanted("marks done tasks undone", case: "queue/drain.marks-undone",
                          replacing: "if (state === undefined || state === target)", with: "if (state === undefined || state === target || !target)")
    }

    /// The brief's example: the drain applying a tap for a deleted task.
    func testSkipsTasksDeletedSinceTheTap() throws {
        try assertPlanted("skips deleted tasks", case: "queue/drain.skips-deleted",
                          replacing: "const state = tasks.get(id);", with: "const state = tasks.has(id) ? tasks.get(id) : !target;")
    }

    func testSkipsTasksAlreadyInTheTargetState() throws {
        try assertPlanted("skips tasks already in the target state", case: "queue/drain.skips-in-target",
                          replacing: "if (state === undefined || state === target)", with: "if (state === undefined)")
    }

    /// A drain that toggles each queued task (as the intent's name, ToggleDoneIntent, would have it)
    /// instead of setting its target.
    func testADoneThenUndoneRoundTripIsANoOp() throws {
        try assertPlanted("a done→undone round trip is a no-op", case: "queue/drain.round-trip-noop",
                          replacing: "if (state === undefined || state === target)\n            continue;\n        const at = target ? doneAt.get(id) : undefined;\n        changes.push(at === undefined ? { id, isDone: target }",
                          with: "if (state === undefined)\n            continue;\n        const at = target ? doneAt.get(id) : undefined;\n        changes.push(at === undefined ? { id, isDone: !state }")
    }

    func testNothingForInvalidJSON() throws {
        try assertPlanted("nothing for invalid JSON", case: "queue/drain.invalid-json",
                          replacing: "catch {\n        return undefined;\n    }", with: "catch (error) {\n        throw error;\n    }", kinds: [.crash])
    }

    /// A drain of the object form alone (the app's) must not read `["a"]` (that it loses the taps
    /// of such a queue is a data-loss finding of its own, planted or not).
    func testNothingForAnArrayWithoutLegacyArray() throws {
        try assertPlanted("nothing for [\"a\"]", case: "queue/drain.array",
                          replacing: "if (!features.legacyArray)\n            return [];", with: "", features: "targets+tapTimes")
    }

    func testNothingForNull() throws {
        try assertPlanted("nothing for null", case: "queue/drain.null",
                          replacing: "typeof value !== \"object\" || value === null || !features.targets", with: "typeof value !== \"object\" || !features.targets",
                          kinds: [.crash])
    }

    func testSkipsNonBooleanValues() throws {
        try assertPlanted("skips non-boolean values", case: "queue/drain.non-boolean",
                          replacing: "for (const [id, target] of Object.entries(value)) {", with: "for (const [id, raw] of Object.entries(value)) {\n        const target = raw === \"true\" ? true : raw;")
    }

    func testTheFirstDrainDedupesAnArrayOfIds() throws {
        try assertPlanted("the first drain dedupes [\"a\",\"a\",\"a\"]", case: "queue/drain.first.dedupe",
                          replacing: "[...new Set(value.filter((id) => typeof id === \"string\"))]", with: "value.filter((id) => typeof id === \"string\")",
                          features: "legacyArray")
    }

    func testTheFirstDrainRefusesAnythingButAnArray() throws {
        try assertPlanted("the first drain refuses a non-array", case: "queue/drain.first.non-array#targets",
                          replacing: "value === null || !features.targets)", with: "value === null)", features: "legacyArray")
    }

    /// The round trip on the snapshot corpus: a drain that gives a done change no tap time (the app
    /// applies its own clock, as the app's drain does) shows a project widget's checked row again
    /// after the widget had hidden it (its grace over); the projects fixture's tap-time cases see it.
    func testTheRoundTripSeesADrainThatDropsTheTapTime() throws {
        let cases = CaseGenerator(fixtures: [try CorpusTestSupport.fixture("projects")]).cases(jobs: 2)
        let control = try findings(try drain("control", features: "targets+tapTimes+legacyArray"), snapshotCases: cases)
        XCTAssertEqual(control.values.flatMap { $0 }.filter { $0.kind == .roundTrip }.map(\.message), [])
        let planted = try findings(try drain("planted", replacing: "const at = target ? doneAt.get(id) : undefined;", with: "const at = undefined;",
                                             features: "targets+tapTimes+legacyArray"), snapshotCases: cases)
        let trips = planted.values.flatMap { $0 }.filter { $0.kind == .roundTrip }
        XCTAssertTrue(trips.contains { $0.caseId.hasPrefix("projects/taptime.done#with-time@") }, "\(trips.prefix(3).map(\.caseId))")
    }
}

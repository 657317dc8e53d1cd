import ContractModel
import Foundation
import HarnessCorpus
import HarnessFuzz
import HarnessGate
import HarnessReaders
import HarnessTestSupport
import XCTest
import TestSupport

/// `fuzz states` end to end: generated states through the writer end (the real one, and
/// planted ones) into the readers; findings shrunk over the state and saved with it; each
/// departure's reach counted with a shrunk witness.
final class WriterFuzzRunTests: XCTestCase {
    static func run(seed: UInt64 = 21, states: Int, writer: any WriterEnd, readers: [any InProcessReader] = [SwiftReader()],
                    jobs: Int = 1, store: FindingStore? = nil, checks: Bool = true) throws -> WriterFuzzReport {
        let plan = FuzzPlan(seed: seed, extent: .cases(states), jobs: jobs, batchSize: 256, shrinksPerSignature: 1)
        return try WriterFuzzRun(plan: plan, generator: try AppStateGeneratorTests.generator(seed: seed), writer: writer,
                                 reference: CReferenceReader(), readers: readers,
                                 blobJudge: checks ? try WriterBlobJudge(root: TestRepository.root) : nil, store: store).run()
    }

    static func realWriter() throws -> WriterSession {
        WriterSession(command: try WriterCommand.tree.resolve(root: TestRepository.root))
    }

    /// A reader fault only a U+2028 title shows (the generator's `del-separators` class): the
    /// finding is shrunk over the STATE to one task with that one-character title and saved
    /// with its state line, which reads back.
    func testAReaderFaultIsShrunkOverTheStateAndSavedWithIt() throws {
        let folder = Scratch.url("writer-findings")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try FindingStore(folder: folder)
        let report = try Self.run(states: 600, writer: try Self.realWriter(), readers: [PlantedTitleFault()], store: store)
        let entry = try XCTUnwrap(report.entries.first, "\(report.disagreementsBySignature)")
        XCTAssertEqual(entry.disagreement.signature, "c/planted parse.tasks[].title")
        let shrunk = entry.shrunkState
        XCTAssertEqual(shrunk.tasks.count, 1)
        XCTAssertEqual(shrunk.todayTaskIds, [shrunk.tasks[0].id])
        XCTAssertEqual(shrunk.tasks[0].title, "\u{2028}")
        XCTAssertEqual(shrunk.projects.count, 0)
        guard case .saved(let name)? = entry.outcome else { return XCTFail("not saved: \(String(describing: entry.outcome))") }
        let saved = try FindingFile.parse(Array(try Data(contentsOf: folder.appendingPathComponent(name))), file: name)
        XCTAssertEqual(saved.state, AppStateLine.line(shrunk))
        XCTAssertTrue(saved.reproduce.hasPrefix("contract-harness fuzz states --seed 21 "), saved.reproduce)
        XCTAssertTrue(String(decoding: saved.shrunk.blob, as: UTF8.self).contains("\u{2028}"))
    }

    /// A writer that answers some state with a crash line: a writer finding, shrunk to the
    /// state that makes it crash (a title with a sliced emoji's lone high half).
    func testAWriterCrashIsAWriterFindingShrunkOverTheState() throws {
        let script = #"""
        import sys
        for line in sys.stdin:
            if "\\ud83c" in line:
                print('{"id":"","crash":"planted: a sliced emoji in projection"}', flush=True)
            else:
                print('{"v":1,"dayStr":"2026-07-17","validUntil":1784325600000,"tasks":[],"projectColors":{}}', flush=True)
        """#
        let file = Scratch.url("crashing-writer", extension: "py")
        try script.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        // (Its one blob means nothing: the schema and intent checks stay out of this test.)
        let report = try Self.run(states: 300, writer: WriterSession(command: "exec python3 -u '\(file.path)'"), checks: false)
        let entry = try XCTUnwrap(report.entries.first, "\(report.disagreementsBySignature)")
        XCTAssertEqual(entry.disagreement.signature, "state/writer crash")
        XCTAssertTrue(entry.disagreement.difference.got.contains("planted"))
        XCTAssertEqual(entry.shrunkState.tasks.count + entry.shrunkState.projects.count, 1, "\(entry.shrunkState)")
        let texts = entry.shrunkState.tasks.flatMap { [$0.id, $0.title] } + entry.shrunkState.projects.flatMap { [$0.id, $0.title] }
        XCTAssertTrue(texts.contains(AppText(units: [0xD83C])), "\(texts.map(\.units))")
    }

    /// The budget ends while the writer is on a batch: it had answered the first states it was
    /// given — in zone order, not in index order — and those are judged, a crash among them a
    /// writer finding, however early in the batch the first unanswered index lies.
    func testABudgetEndingMidBatchJudgesEveryStateTheWriterAnswered() throws {
        /// Answers its first line with a crash, then the budget is out for the rest.
        final class AnswersOneThenOutOfTime: WriterEnd {
            let command = "in-process: one crash, then the budget is out"
            func write(_ lines: [[UInt8]]) -> [WriterAnswer] {
                lines.indices.map { $0 == 0 ? .crash("planted in the first answer") : .failure(WriterSession.abandoned) }
            }
            func close() {}
        }
        let report = try Self.run(states: 40, writer: AnswersOneThenOutOfTime(), checks: false)
        // (Zone order puts a state other than index 0 first, else this shows nothing.)
        let generator = try AppStateGeneratorTests.generator(seed: 21)
        let zones = (0..<40).map { generator.make($0).state.timeZone }
        XCTAssertNotEqual(zones.indices.min { (zones[$0], $0) < (zones[$1], $1) }, 0, "\(zones)")
        XCTAssertEqual(report.states, 1)
        XCTAssertEqual(report.unansweredStates, 39)
        XCTAssertEqual(report.disagreementsBySignature["state/writer crash"], 1, "\(report.disagreementsBySignature)")
        XCTAssertFalse(report.judgedNothing)
    }

    /// The real writer reaches D1 from a state the app holds (a lone surrogate in a title or
    /// id), D4 and D8 only from states it cannot hold, and never D2, D3, D5, D6 or D7; the
    /// Swift reader agrees with C on every blob. The same at --jobs 1 and 2.
    func testTheRealWriterReachesD1InTheAppAndAgreesEverywhere() throws {
        let one = try Self.run(states: 1500, writer: try Self.realWriter())
        XCTAssertEqual(one.states, 1500)
        XCTAssertEqual(one.disagreements, 0, "\(one.disagreementsBySignature)")
        let d1 = try XCTUnwrap(one.reach[.d1])
        XCTAssertGreaterThan(d1.inApp, 0)
        let witness = try XCTUnwrap(d1.witness)
        XCTAssertTrue(witness.inApp)
        XCTAssertEqual(witness.tasks.count + witness.projects.count, 1, "\(witness)")
        for departure in [ContractDeparture.d4, .d8] {
            XCTAssertEqual(one.reach[departure]?.inApp ?? 0, 0, departure.name)
            XCTAssertGreaterThan(one.reach[departure]?.outsideApp ?? 0, 0, departure.name)
        }
        for departure in [ContractDeparture.d2, .d3, .d5, .d6, .d7] { XCTAssertNil(one.reach[departure], departure.name) }
        // The gate's reach table (what ranks mutated cases as "users see this") is this run's.
        XCTAssertEqual(Set(one.reach.filter { $0.value.inApp > 0 }.keys), Set(WriterReachability.departuresReachedInApp.keys))
        let two = try Self.run(states: 1500, writer: try Self.realWriter(), jobs: 2)
        XCTAssertEqual(two.reach.mapValues(\.inApp), one.reach.mapValues(\.inApp))
        XCTAssertEqual(two.reach.mapValues(\.outsideApp), one.reach.mapValues(\.outsideApp))
        XCTAssertEqual(two.cases, one.cases)
    }

    /// A copy of the compiled writer end with `old` replaced by `new` in projection.js (as the
    /// gate's WriterPlantedBugTests plant them); the command that runs it.
    private func plantedWriter(_ old: String, _ new: String, in folder: URL) throws -> String {
        let command = try WriterCommand.tree.resolve(root: TestRepository.root)
        let main = try XCTUnwrap(command.split(separator: " ", maxSplits: 1).last.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "'")) })
        try FileManager.default.copyItem(at: URL(fileURLWithPath: main).deletingLastPathComponent(), to: folder)
        let projection = folder.appendingPathComponent("projection.js")
        let text = try String(contentsOf: projection, encoding: .utf8)
        XCTAssertTrue(text.contains(old), "projection.js no longer holds `\(old)`")
        try text.replacingOccurrences(of: old, with: new).write(to: projection, atomically: true, encoding: .utf8)
        return "exec node '\(folder.appendingPathComponent("main.js").path)'"
    }

    /// The four planted writer bugs of issue 25, each found by fuzz states through the gate's
    /// schema and intent checks even though every reader agrees, shrunk over the state.
    func testThePlantedWriterBugsAreWriterFindingsShrunkOverTheState() throws {
        let judge = try WriterBlobJudge(root: TestRepository.root)
        let bugs: [(String, String, String, String)] = [
            ("projectid-null", "        if (task.projectId) {\n            row.projectId = task.projectId;",
             "        row.projectId = task.projectId || null;\n        if (task.projectId) {", "state/writer-schema parse"),
            ("seconds", "validUntil: validUntilOf(state.todayStr, state.startOfNextDayDiffMs),",
             "validUntil: Math.floor(validUntilOf(state.todayStr, state.startOfNextDayDiffMs) / 1000),", "state/writer-intent parse"),
            ("utc-day", "dayStr: state.todayStr,",
             "dayStr: new Date(...state.todayStr.split('-').map((n, i) => Number(n) - (i === 1 ? 1 : 0))).toISOString().slice(0, 10),",
             "state/writer-intent parse"),
            ("colour-by-task", "projectColors[task.projectId] = colour;", "projectColors[task.id] = colour;", "state/writer-intent parse"),
        ]
        for (name, old, new, signature) in bugs {
            let folder = Scratch.url("planted-\(name)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let writer = WriterSession(command: try plantedWriter(old, new, in: folder))
            let plan = FuzzPlan(seed: 21, extent: .cases(400), batchSize: 200, shrinksPerSignature: 1, findingLimit: 1)
            let report = try WriterFuzzRun(plan: plan, generator: try AppStateGeneratorTests.generator(seed: 21), writer: writer,
                                           reference: CReferenceReader(), readers: [SwiftReader()], blobJudge: judge, store: nil).run()
            let entry = try XCTUnwrap(report.entries.first, "\(name): \(report.disagreementsBySignature)")
            XCTAssertEqual(entry.disagreement.signature, signature, name)
            XCTAssertTrue(entry.shrunkState.inApp, name)
            XCTAssertLessThanOrEqual(entry.shrunkState.tasks.count, 1, "\(name): \(entry.shrunkState)")
            XCTAssertLessThanOrEqual(entry.shrunkState.projects.count, 1, "\(name): \(entry.shrunkState)")
            print("planted \(name): \(entry.disagreement.difference.got)\n  state: \(String(decoding: AppStateLine.line(entry.shrunkState), as: UTF8.self))")
        }
        // (That the tree's writer has none is testTheRealWriterReachesD1InTheAppAndAgreesEverywhere's first
        // assertion, over 1,500 states of the same seed.)
    }
}

import ContractModel
import Foundation
import HarnessCorpus
import HarnessFuzz
import HarnessGate
import HarnessReaders
import HarnessTestSupport
import XCTest

/// `fuzz --writer` end to end: generated states through the writer end (the real one, and
/// planted ones) into the readers; findings shrunk over the state and saved with it; each
/// departure's reach counted with a shrunk witness.
final class WriterFuzzRunTests: XCTestCase {
    static func run(seed: UInt64 = 21, states: Int, writer: any WriterEnd, readers: [any InProcessReader] = [SwiftReader()],
                    jobs: Int = 1, store: FindingStore? = nil) throws -> WriterFuzzReport {
        let plan = FuzzPlan(seed: seed, extent: .cases(states), jobs: jobs, batchSize: 256, shrinksPerSignature: 1)
        return try WriterFuzzRun(plan: plan, generator: try AppStateGeneratorTests.generator(seed: seed), writer: writer,
                                 reference: CReferenceReader(), readers: readers, store: store).run()
    }

    static func realWriter() throws -> WriterSession {
        WriterSession(command: try WriterCommand.tree.resolve(root: GateTestSupport.repositoryRoot))
    }

    /// A reader fault only a U+2028 title shows (the generator's `del-separators` class): the
    /// finding is shrunk over the STATE to one task with that one-character title and saved
    /// with its state line, which reads back.
    func testAReaderFaultIsShrunkOverTheStateAndSavedWithIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("writer-findings-\(UUID().uuidString)")
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
        XCTAssertTrue(saved.reproduce.contains("--writer"), saved.reproduce)
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
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("crashing-writer-\(UUID().uuidString).py")
        try script.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let report = try Self.run(states: 300, writer: WriterSession(command: "exec python3 -u '\(file.path)'"))
        let entry = try XCTUnwrap(report.entries.first, "\(report.disagreementsBySignature)")
        XCTAssertEqual(entry.disagreement.signature, "state/writer crash")
        XCTAssertTrue(entry.disagreement.difference.got.contains("planted"))
        XCTAssertEqual(entry.shrunkState.tasks.count + entry.shrunkState.projects.count, 1, "\(entry.shrunkState)")
        let texts = entry.shrunkState.tasks.flatMap { [$0.id, $0.title] } + entry.shrunkState.projects.flatMap { [$0.id, $0.title] }
        XCTAssertTrue(texts.contains(AppText(units: [0xD83C])), "\(texts.map(\.units))")
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
}

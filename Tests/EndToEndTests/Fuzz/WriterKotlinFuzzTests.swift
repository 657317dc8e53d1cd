import ContractModel
import Foundation
import HarnessCorpus
@testable import HarnessFuzz
import HarnessGate
import HarnessReaders
import HarnessTestSupport
import XCTest
import TestSupport

/// `fuzz states --kotlin`: the Kotlin end reads every writer blob's cases beside the
/// in-process readers, judged as the gate judges the Kotlin recording (skipped without
/// Debian's kotlinc and Android's org.json). A planted Kotlin reader that reads a task's
/// colour with `optString(projectId)` — "" where the writer wrote no colour for the project —
/// is found, shrunk over the STATE (every candidate read by Kotlin again), saved as a c/kotlin
/// finding with its state, and `fuzz --replay` reproduces it (with the planted reader) and
/// clears it (with the tree's, started for the replay), reads another pair's writer finding
/// with the Kotlin end only when asked (`--kotlin…`) and points a writer's own finding at its
/// reproduce command; the tree's Kotlin end agrees with C on every blob, its D1 differences
/// excused.
final class WriterKotlinFuzzTests: XCTestCase {
    override func setUpWithError() throws {
        try GateTestSupport.skipUnlessKotlin()
    }

    private static let root = TestRepository.root

    /// The task row's colour read in ends/kotlin/WidgetData.kt (one line).
    private static let rowColourRead =
        "if (projectId != null && colors != null && !colors.isNull(projectId)) colors.optString(projectId, null) else null"

    /// ends/kotlin/WidgetData.kt with the row's colour read by `optString(projectId)`.
    private func plantedParser(in folder: URL) throws -> String {
        let text = try String(contentsOf: Self.root.appendingPathComponent("ends/kotlin/WidgetData.kt"), encoding: .utf8)
        XCTAssertEqual(text.components(separatedBy: Self.rowColourRead).count, 2,
                       "ends/kotlin/WidgetData.kt no longer reads a task row's colour on one line")
        let planted = text.replacingOccurrences(of: Self.rowColourRead,
                                                with: #"if (projectId != null && colors != null) colors.optString(projectId) else null  // planted: "" when absent"#)
        let file = folder.appendingPathComponent("WidgetData.kt")
        try Data(planted.utf8).write(to: file)
        return file.path
    }

    /// `shrinkBudget`: candidates per shrink (a departure's witness included: a run that shrinks
    /// no finding needs none).
    private func run(states: Int, kotlin: ExternalProcessReader, reproduce: String = "--kotlin",
                     store: FindingStore? = nil, batch: Int = 40, shrinkBudget: Int = 5_000) throws -> WriterFuzzReport {
        let plan = FuzzPlan(seed: 21, extent: .cases(states), jobs: 2, batchSize: batch, shrinksPerSignature: 1, findingLimit: 1)
        let run = WriterFuzzRun(plan: plan, generator: try AppStateGeneratorTests.generator(seed: 21), writer: try WriterFuzzRunTests.realWriter(),
                                reference: CReferenceReader(), readers: [SwiftReader()],
                                blobJudge: try WriterBlobJudge(root: Self.root), store: store,
                                stateShrinker: StateShrinker(maximumEvaluations: shrinkBudget))
        run.kotlin = WriterKotlinEnd(kotlin, comparison: try WriterKotlinComparison(paths: HarnessPaths(root: Self.root)),
                                     reproduceArguments: reproduce)
        return try run.run()
    }

    func testAPlantedKotlinFaultIsFoundShrunkOverTheStateAndReplayed() throws {
        let folder = Scratch.folder("writer-kotlin")
        defer { try? FileManager.default.removeItem(at: folder) }
        let parser = try plantedParser(in: folder)
        let kotlin = try KotlinTestee.reader(repository: Self.root, parsers: [parser], startTimeout: 60)
        let findings = folder.appendingPathComponent("findings")
        // (Small batches: the run stops after the batch of its first finding.)
        let report = try run(states: 200, kotlin: kotlin, reproduce: "--kotlin-parser '\(parser)'", store: try FindingStore(folder: findings),
                             batch: 4)

        let entry = try XCTUnwrap(report.entries.first, "nothing found in \(report.states) states: \(report.disagreementsBySignature)")
        XCTAssertEqual(entry.disagreement.signature, "c/kotlin parse.tasks[].projectColor")
        XCTAssertEqual(entry.disagreement.difference.expected, "null")
        XCTAssertEqual(entry.disagreement.difference.got, #""""#)
        // Shrunk over the state: one task of today's, in a project that has no colour, nothing else.
        let shrunk = entry.shrunkState
        XCTAssertTrue(shrunk.inApp)
        XCTAssertEqual(shrunk.tasks.count, 1, "\(shrunk)")
        XCTAssertEqual(shrunk.todayTaskIds, shrunk.tasks.map(\.id))
        XCTAssertNotNil(shrunk.tasks.first?.projectId, "\(shrunk)")
        XCTAssertEqual(shrunk.projects.count, 0, "\(shrunk)")
        XCTAssertLessThan(entry.index, 40, "README: found within 40 states of seed 21")
        XCTAssertLessThan(report.states, 200, "the run did not stop at its first finding")
        // Every shrink candidate went through the Kotlin end too, one process for the run.
        let pace = try XCTUnwrap(report.kotlin)
        XCTAssertEqual(pace.judgedCases, report.cases)
        XCTAssertGreaterThan(pace.cases, pace.judgedCases + entry.shrinkEvaluations / 2, "\(pace)")
        XCTAssertEqual(pace.starts, 1)
        XCTAssertTrue(WriterFuzzSummary.render(report, jobs: 2).contains("the Kotlin end at its own pace: \(pace.cases) cases read"))

        // Saved with the reader that disagreed and the state; its replay takes the Kotlin options.
        guard case .saved(let name)? = entry.outcome else { return XCTFail("not saved: \(String(describing: entry.outcome))") }
        let file = findings.appendingPathComponent(name)
        let saved = try FindingFile.parse(Array(try Data(contentsOf: file)), file: name)
        XCTAssertEqual([saved.disagreement.reference, saved.disagreement.reader], ["c", "kotlin"])
        XCTAssertEqual(saved.state, AppStateLine.line(shrunk))
        XCTAssertTrue(saved.reproduce.hasPrefix("contract-harness fuzz states --seed 21 --case \(entry.index) --kotlin-parser"), saved.reproduce)
        XCTAssertEqual(saved.replayCommand, "contract-harness fuzz --replay golden/findings/\(name) --kotlin-parser '\(parser)'")

        // Beside it, a c/swift writer finding on a lone-surrogate title (C and Swift agree on it
        // now) and a writer's own finding (no case a reader replays).
        let other = try otherWriterFindings(in: findings)
        let replay = ["fuzz", "--root", Self.root.path, "--replay", file.path, "--replay", other.swift.path, "--replay", other.writers.path]

        // Replayed with the planted reader it still differs; asked for the Kotlin end, the c/swift
        // finding's case is read by it too (D1 only).
        let still = try GateTestSupport.runCLI(replay + ["--kotlin-parser", parser])
        XCTAssertEqual(still.status, 1, still.out + still.err)
        XCTAssertTrue(still.out.contains("still differs \(file.path)  c/kotlin parse.tasks[].projectColor: expected null, got \"\"; read again by the Kotlin end\n"), still.out)
        XCTAssertTrue(still.out.contains("agrees now    \(other.swift.path)  (was c/swift parse.tasks[].title)\n"
                                         + "              the Kotlin end differs only as declared (D1)\n"), still.out)
        XCTAssertTrue(still.out.contains("skipped       \(other.writers.path)  (a writer finding, state/writer-schema parse: write its state again with "
                                         + "`contract-harness fuzz states --seed 21 --case 901`)"), still.out)
        // With the tree's reader (started for the replay: the finding names the Kotlin end) it
        // agrees; the Kotlin end was not asked for, so the c/swift finding is C and Swift's alone.
        let fixed = try GateTestSupport.runCLI(replay)
        XCTAssertEqual(fixed.status, 0, fixed.out + fixed.err)
        XCTAssertTrue(fixed.out.contains("the Kotlin end reads the writer findings that name it"), fixed.out)
        XCTAssertTrue(fixed.out.contains("agrees now    \(file.path)  (was c/kotlin parse.tasks[].projectColor); read again by the Kotlin end, started for it"), fixed.out)
        XCTAssertFalse(fixed.out.contains("the Kotlin end differs only"), fixed.out)
        XCTAssertTrue(fixed.out.contains("3 findings replayed, 0 still differ"), fixed.out)
    }

    /// A c/swift writer finding whose case has a title ending in a sliced emoji's high half, and
    /// a writer-schema finding, saved beside the run's.
    private func otherWriterFindings(in folder: URL) throws -> (swift: URL, writers: URL) {
        let store = try FindingStore(folder: folder)
        let blob = #"{"v":1,"dayStr":"2026-07-17","validUntil":1784332800000,"tasks":[{"id":"t0","title":"a\ud83c","isDone":false}],"projectColors":{}}"#
        let shrunk = Case(id: "writer-fuzz/state#21-900@utc@before", blob: Array(blob.utf8), nowMs: 1_784_332_799_999, timeZone: "UTC")
        let state = Array(#"{"id":"fuzz/s21-900","inApp":true}"#.utf8)
        func finding(_ index: Int, _ reference: String, _ reader: String, _ field: FieldPath.Name) -> Finding {
            Finding(seed: 21, index: index, disagreement: Disagreement(reference: reference, reader: reader,
                                                                     difference: FieldDifference(path: FieldPath(field), expected: "x", got: "y")),
                    shrunk: shrunk, originalSize: state.count, recipe: [], reproduce: "contract-harness fuzz states --seed 21 --case \(index)",
                    shrinkEvaluations: 0, state: state)
        }
        var names: [String] = []
        for saved in [finding(900, "c", "swift", .taskTitle), finding(901, "state", "writer-schema", .parse)] {
            _ = try store.save(saved)
            XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent(saved.fileName).path), saved.fileName)
            names.append(saved.fileName)
        }
        return (folder.appendingPathComponent(names[0]), folder.appendingPathComponent(names[1]))
    }

    func testTheTreesKotlinEndAgreesWithCOnEveryWriterBlob() throws {
        let kotlin = try KotlinTestee.reader(repository: Self.root, startTimeout: 60)
        let report = try run(states: 80, kotlin: kotlin, shrinkBudget: 1)
        XCTAssertEqual(report.states, 80)
        XCTAssertEqual(report.disagreements, 0, "\(report.disagreementsBySignature)")
        let pace = try XCTUnwrap(report.kotlin)
        XCTAssertEqual(pace.judgedCases, report.cases, "the Kotlin end did not read every case")
        XCTAssertEqual(pace.cases, report.cases, "no shrink, so no other case")
        XCTAssertGreaterThan(pace.excused["D1", default: 0], 0, "the writer's lone surrogates are D1: \(pace.excused)")
        XCTAssertEqual(pace.starts, 1)
        XCTAssertNotNil(pace.cpuSeconds)
    }
}

/// The Kotlin end declared broken (here a command that ends before answering any case, so no
/// JVM is needed): the run stops after the batch it broke in, the cases it never ran are no
/// findings, and the summary says so (`fuzz states --kotlin` then exits 1).
final class WriterKotlinBrokenEndTests: XCTestCase {
    func testABrokenKotlinEndStopsTheRunAndIsReported() throws {
        let broken = ExternalProcessReader(name: KotlinTestee.name, command: "exit 3", caseTimeout: 5)
        let plan = FuzzPlan(seed: 21, extent: .cases(200), jobs: 1, batchSize: 12, shrinksPerSignature: 1)
        let run = WriterFuzzRun(plan: plan, generator: try AppStateGeneratorTests.generator(seed: 21), writer: try WriterFuzzRunTests.realWriter(),
                                reference: CReferenceReader(), readers: [SwiftReader()], store: nil,
                                stateShrinker: StateShrinker(maximumEvaluations: 1))
        run.kotlin = WriterKotlinEnd(broken, comparison: WriterKotlinComparison(list: DivergenceList(file: "none", entries: [])))
        let report = try run.run()
        let pace = try XCTUnwrap(report.kotlin)
        XCTAssertTrue(pace.broken?.contains("broken") == true, "\(pace)")
        XCTAssertEqual(report.states, 12, "the run stops after the batch it broke in (24 cases)")
        XCTAssertEqual(pace.judgedCases, TesteeSession.defaultBrokenAfter, "the cases before it broke are judged, no other")
        XCTAssertEqual(Set(report.disagreementsBySignature.keys), ["c/kotlin crash"])
        XCTAssertTrue(WriterFuzzSummary.render(report, jobs: 1).contains("\nthe Kotlin end broke: "))
    }
}

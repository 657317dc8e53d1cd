@testable import HarnessFuzz
@testable import HarnessGate
@testable import HarnessReaders
import ContractModel
import Foundation
import XCTest
import HarnessTestSupport
import TestSupport

/// The Kotlin end in the fuzz loop (slow: it compiles a Kotlin reader and runs a JVM; skipped
/// without Debian's kotlinc and Android's org.json). A planted Kotlin reader that reads
/// `projectId` with `optString(key)` — fallback "" when absent, the text "null" for JSON null,
/// so a colour keyed "" or "null" shows where none should — is found within the first 20 000
/// fuzz cases against the C reference (at #372 today; a count, not seconds, so a loaded machine
/// finds it too) and shrunk to at most 120 bytes; the declared departures
/// (CONTRACT.md §5) are excused on the way, so this is the first finding.
final class KotlinFuzzTests: XCTestCase {
    override func setUpWithError() throws {
        try GateTestSupport.skipUnlessKotlin()
    }

    /// The task row's projectId read in ends/kotlin/WidgetData.kt: the one row read both parse
    /// revisions share, so the revision-1 parse the testee (and every fuzz case) calls runs it.
    /// Revision 3's currentTask reads projectId too, but no fuzz case reaches it.
    private static let rowProjectIdRead = #"val projectId: String? = if (task.isNull("projectId")) null else task.optString("projectId", null)"#

    /// ends/kotlin/WidgetData.kt with its row's projectId read replaced by `optString("projectId")`.
    private func plantedParser(in folder: URL) throws -> String {
        let source = TestRepository.root.appendingPathComponent("ends/kotlin/WidgetData.kt")
        let text = try String(contentsOf: source, encoding: .utf8)
        var lines = text.components(separatedBy: "\n")
        let matches = lines.indices.filter { lines[$0].trimmingCharacters(in: .whitespaces) == Self.rowProjectIdRead }
        XCTAssertEqual(matches.count, 1, "ends/kotlin/WidgetData.kt no longer reads a task row's projectId on one line")
        let line = try XCTUnwrap(matches.first)
        let indent = lines[line].prefix { $0 == " " }
        lines[line] = indent + #"val projectId: String? = task.optString("projectId")  // planted: "" when absent, "null" for null"#
        let planted = folder.appendingPathComponent("WidgetData.kt")
        try Data(lines.joined(separator: "\n").utf8).write(to: planted)
        return planted.path
    }

    func testAPlantedOptStringFallbackIsFoundAndShrunk() throws {
        let folder = Scratch.folder()
        defer { Scratch.remove(folder) }
        let kotlin = try KotlinTestee.reader(repository: TestRepository.root, parsers: [try plantedParser(in: folder)],
                                             startTimeout: 60)
        let fixtures = try CorpusTestSupport.fixtures()
        let plan = FuzzPlan(seed: 15, extent: .cases(20_000), jobs: 2, batchSize: 512, shrinksPerSignature: 1, findingLimit: 1)
        let run = FuzzRun(plan: plan, generator: FuzzCaseGenerator(seed: 15, fixtures: fixtures), reference: CReferenceReader(),
                          readers: [kotlin], store: nil, departures: [KotlinTestee.name: DeclaredDepartures()])
        let report = try run.run()
        let entry = try XCTUnwrap(report.entries.first, "nothing found in \(report.cases) cases: \(report.excused)")
        XCTAssertEqual(entry.disagreement.signature, "c/kotlin parse.tasks[].projectColor", "\(entry)")
        XCTAssertEqual(entry.shrinking, .complete, "\(entry)")
        XCTAssertLessThanOrEqual(entry.shrunkSize, 120, "\(entry)")
        XCTAssertLessThan(report.cases, 20_000, "the run did not stop at its first finding")
    }

    /// `fuzz --replay --kotlin` judges a saved c/kotlin finding with the declared departures, as
    /// the live loop does: a blob with a `//` comment, which org.json reads and C refuses (D2), is
    /// declared (exit 0); a finding on plain JSON on which Kotlin now agrees says "agrees now".
    func testReplayWithKotlinReportsADeclaredDepartureAsDeclared() throws {
        let folder = Scratch.folder()
        defer { Scratch.remove(folder) }
        let difference = FieldDifference(path: FieldPath(.parse), expected: "error (x)", got: "0 rows")
        let commented = Case(id: "fuzz/7-1@berlin@at", blob: Array(#"{"v":1,"tasks":[]} // a comment"#.utf8), nowMs: 0,
                             timeZone: "Europe/Berlin")
        let finding = Finding(seed: 7, index: 1, disagreement: Disagreement(reference: "c", reader: "kotlin", difference: difference),
                              shrunk: commented, originalSize: 40, recipe: [], reproduce: "x", shrinkEvaluations: 1)
        _ = try FindingStore(folder: folder).save(finding)
        let root = TestRepository.root.path
        let run = try GateTestSupport.runCLI(["fuzz", "--root", root, "--replay", folder.path, "--kotlin"])
        XCTAssertEqual(run.status, 0, run.out + run.err)
        XCTAssertTrue(run.out.contains("declared ") && run.out.contains("(D2/D3/D5/D6)"), run.out)
        XCTAssertTrue(run.out.contains("1 findings replayed, 0 still differ, 1 declared departures"), run.out)

        // Without --kotlin the reader is missing, and the message names the option to pass.
        let skipped = try GateTestSupport.runCLI(["fuzz", "--root", root, "--replay", folder.path])
        XCTAssertTrue(skipped.out.contains("reader `kotlin` not given: pass --kotlin"), skipped.out)
    }
}

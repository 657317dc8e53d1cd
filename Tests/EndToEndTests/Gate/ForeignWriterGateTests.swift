import ContractModel
import Foundation
import XCTest
@testable import HarnessCorpus
@testable import HarnessGate
import HarnessReaders
import HarnessTestSupport
import TestSupport

/// Another team's writer in the gate (`check --writer CMD`, CONTRACT.md §7.5), on the small
/// tree with the app states: a writer that writes the same meaning with other bytes passes,
/// its cases judged live (expected: the C reference's view now; the Kotlin recording, which
/// has none of them, not compared and said so, or read live); a writer bug still fails; a
/// blob that is the tree writer's is compared with golden as always; `update` refuses any
/// other writer.
final class ForeignWriterGateTests: XCTestCase {
    private var folder: URL!
    private var paths: HarnessPaths!

    override func setUpWithError() throws {
        folder = Scratch.folder("foreign-writer")
        paths = try GateTestSupport.statesTree()
    }

    override func tearDownWithError() throws {
        Scratch.remove(folder)
        if let paths { GateTestSupport.remove(paths) }
    }

    /// The tree's writer piped through a node script that rewrites each blob with keys sorted,
    /// a space after every separator and every non-ASCII code unit escaped: the same JSON.
    /// `plant` is JavaScript run on each parsed blob first (a writer bug).
    private func reformattingWriter(plant: String = "") throws -> String {
        let tree = try WriterCommand.tree.resolve(root: paths.root)
        let script = folder.appendingPathComponent("reformat.js")
        let text = """
        const sorted = (v) => Array.isArray(v) ? v.map(sorted) : v !== null && typeof v === "object"
          ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sorted(v[k])])) : v;
        require("readline").createInterface({ input: process.stdin }).on("line", (line) => {
          const blob = JSON.parse(line);
          if (blob.crash !== undefined) { process.stdout.write(line + "\\n"); return; }
          \(plant)
          process.stdout.write(JSON.stringify(sorted(blob), null, 1).replace(/\\n */g, " ")
            .replace(/[\\u007f-\\uffff]/g, (c) => "\\\\u" + c.charCodeAt(0).toString(16).padStart(4, "0")) + "\\n");
        });
        """
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try text.write(to: script, atomically: true, encoding: .utf8)
        return "\(tree) | node '\(script.path)'"
    }

    private func check(_ writer: WriterCommand, revision: WriterRevision = WriterRevision(), readers: [any InProcessReader]? = nil,
                       liveKotlin: (@Sendable () throws -> any Reader)? = nil) throws -> GateResult {
        var options = Gate.Options(readers: readers, jobs: 2)
        options.writer = writer
        options.writerRevision = revision
        options.liveKotlin = liveKotlin
        return try Gate.check(paths, options: options)
    }

    private func writerCaseCount(_ result: GateResult) -> Int {
        result.corpus.cases.filter { CaseID.fixture(of: $0.id) == WriterFamily.fixtureName }.count
    }

    func testAWriterOfOtherBytesPassesItsCasesJudgedLiveAndKotlinNotComparedSaysSo() throws {
        let result = try check(.command(try reformattingWriter()))
        let count = writerCaseCount(result)
        XCTAssertGreaterThan(count, 50)
        XCTAssertTrue(result.passed, result.problems.joined(separator: "\n"))
        XCTAssertFalse(result.problems.contains { $0.contains("is stale") }, result.problems.joined(separator: "\n"))
        XCTAssertTrue(result.notices.contains { $0.hasPrefix("writer `") && $0.contains("(not the tree's writer end) made the writer family's blobs: \(count) writer cases judged live")
            && $0.hasSuffix(", 0 against golden/expected") }, result.notices.joined(separator: "\n"))
        let kotlin = try XCTUnwrap(result.notices.first { $0.hasPrefix("kotlin's recording (golden/kotlin) was not compared on \(count) writer cases: not recorded for this writer") },
                                   result.notices.joined(separator: "\n"))
        // In every report format, as --no-recordings' notice is.
        let facts = ReportFacts(result)
        let json = String(decoding: JSONReport.render(facts), as: UTF8.self)
        XCTAssertTrue(json.contains("not recorded for this writer"))
        XCTAssertTrue(json.contains(#""treeWriter":false,"casesJudgedLive":\#(count),"casesAgainstGolden":0}"#), json.prefix(600).description)
        XCTAssertTrue(MarkdownReport.render(facts).contains("not recorded for this writer"))
        XCTAssertTrue(JUnitReport.render(facts).contains("not recorded for this writer"))
        XCTAssertTrue(TextSummary.render(facts).contains("note: " + kotlin))
        // The live cases' expected view is the C reference's view of the foreign blob now.
        let index = try XCTUnwrap(result.corpus.cases.firstIndex { $0.id.hasPrefix("states/writer.colours#inbox-default@") })
        XCTAssertEqual(result.expected[index], CReferenceReader().outcome(result.corpus.cases[index]).compacted())
        XCTAssertTrue(result.corpus.cases[index].blob.starts(with: Array(#"{ "dayStr": "#.utf8)))
        // `explain --writer` says the same of the case, not "stale: run update".
        let explained = try CaseGathering.text(of: result.corpus.cases[index], paths: paths, writer: .command(try reformattingWriter()))
        XCTAssertTrue(explained.contains("note: judged live: this writer's blob"), explained)
        XCTAssertTrue(explained.contains("note: kotlin: not recorded for this writer"), explained)
        XCTAssertFalse(explained.contains("is stale"), explained)
    }

    func testAPlantedWriterBugStillFailsWhenItsCasesAreJudgedLive() throws {
        // `projectId: null` on a row without a project, and a crash line for one state.
        let plant = """
        blob.tasks.forEach((t) => { if (t.projectId === undefined) t.projectId = null; });
        if (blob.tasks.some((t) => t.title === "Buy milk" && t.projectId === "INBOX_PROJECT")) {
          process.stdout.write(JSON.stringify({ id: "", crash: "planted in reformat.js" }) + "\\n"); return;
        }
        """
        let result = try check(.command(try reformattingWriter(plant: plant)))
        XCTAssertFalse(result.passed)
        XCTAssertTrue(result.problems.contains { $0.hasPrefix("writer finding: state colours/no-project (golden/states/colours.jsonl:")
            && $0.contains("its blob is not valid for schemas/widget-snapshot.v1.schema.json: at /tasks/0/projectId: null is not of type string") },
                      result.problems.joined(separator: "\n"))
        XCTAssertTrue(result.problems.contains { $0.hasPrefix("writer finding: state colours/inbox-default (golden/states/colours.jsonl:1): the writer wrote a crash line") },
                      result.problems.joined(separator: "\n"))
        // The crashed state's golden lines are not stale lines (the crash is the problem), nor are the live ones.
        XCTAssertFalse(result.problems.contains { $0.contains("is stale") }, result.problems.joined(separator: "\n"))
    }

    /// Swift and a live Kotlin end (a stand-in for the JVM: Swift's views, named kotlin) each with
    /// a fault planted on the writer family: both are compared with the live expected view.
    func testSwiftAndALiveKotlinEndAreComparedOnTheLiveCases() throws {
        let started = LockedFlag()
        let result = try check(.command(try reformattingWriter()),
                               readers: [FlippingReader(name: "swift", wrapped: SwiftReader(), family: "writer"), CReferenceReader()],
                               liveKotlin: {
                                   started.set()
                                   return FlippingReader(name: "kotlin", wrapped: SwiftReader(), family: "writer")
                               })
        XCTAssertTrue(started.value)
        XCTAssertFalse(result.passed)
        XCTAssertFalse(result.notices.contains { $0.contains("not recorded for this writer") }, result.notices.joined(separator: "\n"))
        XCTAssertTrue(result.notices.contains { $0.hasPrefix("kotlin read the \(writerCaseCount(result)) writer cases judged live through its live end (`check --kotlin`), golden/kotlin the others") },
                      result.notices.joined(separator: "\n"))
        for reader in ["swift", "kotlin"] {
            let verdict = try XCTUnwrap(result.verdicts.first { $0.reader == reader })
            XCTAssertTrue(verdict.unexpected.contains { $0.caseId.hasPrefix("states/writer.colours#inbox-default@") },
                          "\(reader): \(verdict.unexpected.prefix(3).map(\.caseId))")
            XCTAssertFalse(verdict.unexpected.contains { !$0.caseId.hasPrefix("states/") }, reader)
        }
        // kotlin.txt's D1 entry on the tree writer's blob of titles/lone-surrogate-id does not
        // happen here; it was reviewed on a blob this run did not read, so it is not stale.
        let kotlin = try XCTUnwrap(result.verdicts.first { $0.reader == "kotlin" })
        XCTAssertTrue(kotlin.deviations.contains { $0.caseId.hasPrefix("states/writer.titles#lone-surrogate-id@") })
        XCTAssertEqual(kotlin.staleEntries.map(\.pattern), [])
    }

    /// The app's revision-2 writer declared `@2` (here the tree's writer told every state is of
    /// revision 2): the revision-1 states' blobs differ and are judged live, the revision-2
    /// states' are the tree writer's and are compared with golden (as the tree's own writer's
    /// are: given as a command, it makes no live case).
    func testARevisionTwoWriterAtTwoPassesPartlyLivePartlyAgainstGolden() throws {
        let result = try check(.command(try RevisionWriters.command(revision: 2, in: folder)), revision: WriterRevision(declared: 2))
        XCTAssertTrue(result.passed, result.problems.joined(separator: "\n"))
        let notice = try XCTUnwrap(result.notices.first { $0.contains("(not the tree's writer end) made the writer family's blobs") })
        let numbers = notice.split(separator: " ").compactMap { Int($0) }
        XCTAssertEqual(numbers.count, 2, notice)
        XCTAssertGreaterThan(numbers.first ?? 0, 0, notice)
        XCTAssertGreaterThan(numbers.last ?? 0, 0, notice)
        XCTAssertEqual(numbers.reduce(0, +), writerCaseCount(result), notice)
    }

    func testUpdateRefusesAnotherWriter() throws {
        try GateTestSupport.skipUnlessTheCLIIsBuilt()
        let before = try Data(contentsOf: paths.root.appendingPathComponent("golden/expected/states.jsonl"))
        let run = try GateTestSupport.runCLI(["golden", "update", "--root", paths.root.path, "--writer", "cat"], environment: GateTestSupport.contributorEnvironment)
        XCTAssertEqual(run.status, 2, run.out + run.err)
        XCTAssertTrue(run.err.contains("update writes golden/expected only from the tree's own writer end"), run.err)
        XCTAssertTrue(run.err.contains("run `check --writer COMMAND`"), run.err)
        XCTAssertEqual(try Data(contentsOf: paths.root.appendingPathComponent("golden/expected/states.jsonl")), before)
    }
}

/// A flag set from a `@Sendable` closure.
private final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var set_ = false
    func set() { lock.withLock { set_ = true } }
    var value: Bool { lock.withLock { set_ } }
}

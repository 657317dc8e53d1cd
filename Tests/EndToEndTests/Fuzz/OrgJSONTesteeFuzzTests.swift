import ContractModel
import Foundation
import XCTest
@testable import HarnessFuzz
import HarnessCorpus
import HarnessGate
import HarnessReaders
import HarnessTestSupport
import TestSupport

/// `fuzz --testee` judges a testee whose list (golden/divergences/NAME.txt under --root) declares
/// `# platform: org.json` as it judges the Kotlin end under `--kotlin`: a difference CONTRACT.md
/// §5's departures excuse for an org.json reader is counted, not a finding; anything else still
/// is. The app's own Android reader is played by the project's Kotlin end, three times in one run
/// on the small legacy tree (one JVM each, a few hundred cases): `app` (declared), `bug` (declared,
/// with a planted bug: it reads `done`, not `isDone`) and `bare` (no list: today's judgement, its
/// departures are findings). Then `--replay` judges bare's saved finding as declared once its list
/// says org.json. Skipped without kotlinc and Android's org.json.
final class OrgJSONTesteeFuzzTests: XCTestCase {
    override func setUpWithError() throws {
        try GateTestSupport.skipUnlessTheCLIIsBuilt()
        try GateTestSupport.skipUnlessKotlin()
    }

    /// The Kotlin end's command, with `parsers` instead of WidgetData.kt.
    private func kotlin(_ parsers: [String] = []) throws -> String {
        try KotlinTestee.reader(repository: TestRepository.root, parsers: parsers, startTimeout: 60).command
    }

    /// ends/kotlin/WidgetData.kt reading `done` for `isDone` (a done task shows undone), as
    /// OrgJSONTesteeTests plants it (the same source: one compiled copy in the cache).
    private func plantedParser(in folder: URL) throws -> String {
        let source = try String(contentsOf: TestRepository.root.appendingPathComponent("ends/kotlin/WidgetData.kt"), encoding: .utf8)
        let read = #"task.optBoolean("isDone", false)"#
        XCTAssertEqual(source.components(separatedBy: read).count, 2, "ends/kotlin/WidgetData.kt no longer reads isDone once")
        let planted = folder.appendingPathComponent("WidgetData.kt")
        try Data(source.replacingOccurrences(of: read, with: #"task.optBoolean("done", false)"#).utf8).write(to: planted)
        return planted.path
    }

    private func declare(_ name: String, in paths: HarnessPaths) throws { try OrgJSONTesteeSupport.declare(name, in: paths) }

    private func signatures(_ reader: String, in out: String) -> Set<String> { OrgJSONTesteeSupport.signatures(reader, in: out) }

    func testAnOrgJSONTesteesDeparturesAreNoFindingsButItsBugIs() throws {
        let paths = try GateTestSupport.smallTree()
        defer { GateTestSupport.remove(paths) }
        let folder = Scratch.folder()
        defer { Scratch.remove(folder) }
        let clean = try kotlin(), planted = try kotlin([try plantedParser(in: folder)])
        try declare("app", in: paths)
        try declare("bug", in: paths)
        let findings = paths.root.appendingPathComponent("golden/findings")
        let (run, before) = try OrgJSONTesteeSupport.fuzz(paths, cases: 300, shrinkBudget: 200,
                                                          testees: ["app@3=\(clean)", "bug@3=\(planted)", "bare@3=\(clean)"])
        XCTAssertEqual(run.status, 1, run.out + run.err)
        // app: only departures, all counted, none a finding.
        XCTAssertEqual(signatures("app", in: run.out), [], run.out)
        XCTAssertTrue(run.out.contains("app D2/D3/D5/D6 "), "no case showed a departure: the test proves nothing\n" + run.out)
        XCTAssertTrue(run.out.contains("app runs on org.json (golden/divergences/app.txt)"), run.out)
        // bug: its departures counted too, its planted bug a finding, and nothing else.
        XCTAssertEqual(signatures("bug", in: run.out), ["c/bug parse.tasks[].isDone"], run.out)
        XCTAssertTrue(run.out.contains("bug D2/D3/D5/D6 "), run.out)
        // bare: no declaration, so org.json's departures are findings, as before.
        XCTAssertFalse(signatures("bare", in: run.out).isEmpty, run.out)
        XCTAssertFalse(run.out.contains("bare D"), run.out)
        XCTAssertFalse(run.out.contains("bare runs on"), run.out)

        // A saved c/bare finding is declared once bare's list says org.json (`--replay` as the live loop).
        let saved = try FindingStore.load(findings, within: TreeBoundary(root: paths.root))
            .filter { !before.contains($0.file) && $0.finding.disagreement.reader == "bare" }
        let file = try XCTUnwrap(saved.first?.file, run.out)
        try declare("bare", in: paths)
        let replay = try GateTestSupport.runCLI(["fuzz", "--root", paths.root.path, "--replay", "golden/findings/\(file)",
                                                 "--testee", "bare@3=\(clean)", "--start-timeout", "60"])
        XCTAssertEqual(replay.status, 0, replay.out + replay.err)
        XCTAssertTrue(replay.out.contains("declared ") && replay.out.contains("1 findings replayed, 0 still differ, 1 declared departures"), replay.out)
    }
}

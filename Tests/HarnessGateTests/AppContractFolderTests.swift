import ContractModel
import Foundation
import HarnessCorpus
import HarnessGate
import HarnessReaders
import HarnessTestSupport
import WidgetSnapshot
import XCTest
import TestSupport

/// The gate run for an app's contract folder beside the harness's tree: the app's lists and
/// recordings live in the folder (the harness's tree never sees them), a recording made where
/// a reader runs is compared like golden/kotlin and named with its own command when stale, the
/// app's own fixtures are judged live, and the harness's readers only on the harness's cases.
final class AppContractFolderTests: XCTestCase {
    private static let recordCommand = "xcodebuild test -scheme WidgetContractRecording"

    /// A small harness tree and, beside it, an app whose iOS reader is recorded: every line the
    /// C reference's view (a reader that agrees everywhere), sealed as the kit seals it.
    private func appTree(config: String? = nil, fixtures: [String: String] = [:]) throws -> (paths: HarnessPaths, app: URL) {
        let tree = try GateTestSupport.smallTree(fixtures: ["legacy"])
        let app = tree.root.appendingPathComponent("app/widget-contract")
        try FileManager.default.createDirectory(at: app.appendingPathComponent("lists"), withIntermediateDirectories: true)
        try Data((config ?? #"{"harness": "0.9.0", "contract": 3, "readers": {"ios": {"recorded": "\#(Self.recordCommand)"}}}"#).utf8)
            .write(to: app.appendingPathComponent(ContractFolder.configFile))
        if !fixtures.isEmpty {
            try FileManager.default.createDirectory(at: app.appendingPathComponent("fixtures"), withIntermediateDirectories: true)
            for (name, text) in fixtures { try Data(text.utf8).write(to: app.appendingPathComponent("fixtures/\(name).json")) }
        }
        let paths = HarnessPaths(root: tree.root, contract: try ContractFolder.load(app.path))
        return (paths, app)
    }

    private var iosEntry: ReaderEntry { .appRecording("ios", command: Self.recordCommand, features: .declared("3")) }

    private func record(_ paths: HarnessPaths, about: JSONObject = JSONObject(), plant: ((Case, inout [UInt8]) -> Void)? = nil) throws {
        let corpus = try Corpus.load(paths, writer: .tree)
        let lines = corpus.cases.map { testCase -> (testCase: Case, line: [UInt8]) in
            var line = CReferenceReader().outcome(testCase).canonicalLine(id: testCase.id)
            plant?(testCase, &line)
            return (testCase, line)
        }
        try Recording.write(lines, caseStream: corpus.streamBytes, about: about, to: paths.store(iosEntry.golden!))
    }

    private func gate(_ paths: HarnessPaths) throws -> GateResult {
        try Gate.check(paths, options: Gate.Options(roster: ReaderRoster(ReaderRoster.standard.entries + [iosEntry]), jobs: 2))
    }

    func testTheAppsRecordingIsComparedAndItsListLivesInTheAppsFolder() throws {
        let (paths, app) = try appTree()
        defer { GateTestSupport.remove(paths) }
        try record(paths) { testCase, line in
            guard testCase.id == "legacy/base@berlin@far" else { return }
            line = Array(String(decoding: line, as: UTF8.self).replacingOccurrences(of: "\"Buy milk\"", with: "\"Buy oat milk\"").utf8)
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: app.appendingPathComponent("recordings/ios/legacy.jsonl").path))
        var result = try gate(paths)
        let ios = try XCTUnwrap(result.verdicts.first { $0.reader == "ios" })
        XCTAssertFalse(result.passed)
        XCTAssertEqual(ios.unexpected.map(\.caseId), ["legacy/base@berlin@far"])
        XCTAssertEqual(ios.listFile, "\(app.path)/lists/ios.txt")
        XCTAssertEqual(ios.caseCount, result.corpus.cases.count, "every case compared from the recording")

        // Listed in the app's folder (never the harness's tree), the deviation passes.
        try Data("legacy/base@berlin@far  [parse.tasks[].title,display.rows[].title]  the app renames this task on purpose here\n".utf8)
            .write(to: app.appendingPathComponent("lists/ios.txt"))
        result = try gate(paths)
        XCTAssertTrue(result.passed, "\(result.problems) \(result.verdicts.filter { !$0.passed }.map { ($0.reader, $0.unexpected.map(\.caseId), $0.staleEntries.map(\.pattern)) })")
        XCTAssertFalse(FileManager.default.fileExists(atPath: paths.root.appendingPathComponent("golden/divergences/ios.txt").path))
    }

    func testAListInTheAppsFolderNamingNoReaderOfItsConfigIsRefused() throws {
        let (paths, app) = try appTree()
        defer { GateTestSupport.remove(paths) }
        try record(paths)
        try Data("# the iOS reader's list, misspelt\n".utf8).write(to: app.appendingPathComponent("lists/iso.txt"))
        XCTAssertThrowsError(try gate(paths)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("lists/iso.txt") && text.contains("did you mean ios.txt"), text)
        }
        try FileManager.default.removeItem(at: app.appendingPathComponent("lists/iso.txt"))
        try Data("# the harness's own reader\n".utf8).write(to: app.appendingPathComponent("lists/kotlin.txt"))
        XCTAssertThrowsError(try gate(paths)) { error in
            XCTAssertTrue("\(error)".contains("one of the harness's own readers"), "\(error)")
        }
    }

    /// A stale recording is named with the command the config gives for it, never `record-kotlin`.
    func testAStaleRecordingNamesTheCommandThatRecordsIt() throws {
        let (paths, _) = try appTree()
        defer { GateTestSupport.remove(paths) }
        try record(paths)
        XCTAssertTrue(try gate(paths).passed)
        // The app's own fixture arrives after the recording was made.
        let legacy = try String(contentsOf: paths.root.appendingPathComponent("golden/fixtures/legacy.json"), encoding: .utf8)
        try FileManager.default.createDirectory(at: try XCTUnwrap(paths.contract).root.appendingPathComponent("fixtures"), withIntermediateDirectories: true)
        try Data(legacy.utf8).write(to: try XCTUnwrap(paths.contract).root.appendingPathComponent("fixtures/mine.json"))
        let withFixture = HarnessPaths(root: paths.root, contract: try ContractFolder.load(try XCTUnwrap(paths.contract).root.path))
        let result = try gate(withFixture)
        XCTAssertFalse(result.passed)
        let stale = try XCTUnwrap(result.problems.first { $0.hasPrefix("recording is stale") }, "\(result.problems)")
        XCTAssertTrue(stale.contains("run `\(Self.recordCommand)`") && stale.contains("recordings/ios/mine.jsonl is missing"), stale)
    }

    /// The app's own fixture is judged live against the C reference (no golden line of the
    /// harness holds it); the harness's readers are judged on the harness's cases only.
    func testTheAppsOwnFixtureIsJudgedLiveAndTheHarnesssReadersOnTheirCasesOnly() throws {
        let legacy = try String(contentsOf: TestRepository.root.appendingPathComponent("golden/fixtures/legacy.json"), encoding: .utf8)
        let (paths, _) = try appTree(fixtures: ["mine": legacy])
        defer { GateTestSupport.remove(paths) }
        try record(paths)
        let result = try gate(paths)
        XCTAssertTrue(result.passed, "\(result.problems)")
        let mine = result.corpus.cases.filter { $0.id.hasPrefix("mine/") }.count
        XCTAssertGreaterThan(mine, 0)
        XCTAssertEqual(result.corpus.appCaseIndices.count, mine)
        let ios = try XCTUnwrap(result.verdicts.first { $0.reader == "ios" })
        XCTAssertEqual(ios.agreeing, result.corpus.cases.count)
        for harnessReader in ["swift", "c", "kotlin"] {
            let verdict = try XCTUnwrap(result.verdicts.first { $0.reader == harnessReader })
            XCTAssertEqual(verdict.caseCount, result.corpus.cases.count - mine, harnessReader)
        }
        XCTAssertTrue(result.notices.contains { $0.contains("\(mine) cases of the app's own fixtures and states judged live") }, "\(result.notices)")
        // A fixture of the app named like one of the harness's is refused, naming both files.
        let (clash, _) = try appTree(fixtures: ["legacy": legacy])
        defer { GateTestSupport.remove(clash) }
        XCTAssertThrowsError(try gate(clash)) { error in
            XCTAssertTrue("\(error)".contains("fixtures/legacy.json") && "\(error)".contains("golden/fixtures/legacy.json"), "\(error)")
        }
    }

    /// A recording names the files it was made from: once they change, it is stale, named with
    /// its command — never judged on the reader it no longer is.
    func testARecordingOfAReaderWhoseFilesChangedIsStale() throws {
        let config = #"{"harness": "0.9.0", "contract": 3, "readers": {"ios": {"recorded": "\#(Self.recordCommand)", "sources": "../ios/WidgetData.swift"}}}"#
        let (paths, app) = try appTree(config: config)
        defer { GateTestSupport.remove(paths) }
        let source = app.deletingLastPathComponent().appendingPathComponent("ios/WidgetData.swift")
        try FileManager.default.createDirectory(at: source.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("enum WidgetData {}\n".utf8).write(to: source)
        let contract = try XCTUnwrap(paths.contract)
        var about = JSONObject()
        about["sources"] = try XCTUnwrap(RecordingSources.member(try XCTUnwrap(contract.config.readers.first), in: contract))
        try record(paths, about: about)
        XCTAssertTrue(try gate(paths).passed, "made from the reader as it is")
        try Data("enum WidgetData { static let changed = true }\n".utf8).write(to: source)
        let result = try gate(paths)
        XCTAssertFalse(result.passed)
        let stale = try XCTUnwrap(result.problems.first { $0.contains("reader changed") }, "\(result.problems)")
        XCTAssertTrue(stale.contains("WidgetData.swift") && stale.contains("run `\(Self.recordCommand)`"), stale)
    }

    /// The app's ends go into the gate's options in one place: recordings into the roster, live ends
    /// among the testees with those on Linux Foundation marked, the writer unless one was given.
    func testTheAppsEndsGoIntoTheGatesOptionsWhole() {
        var ends = AppEnds()
        ends.recordings = [iosEntry]
        ends.testees = [ExternalProcessReader(name: "web", command: "node web.js")]
        ends.linuxFoundation = ["web"]
        ends.writer = .command("node writer.js")
        ends.writerRevision = WriterRevision(declared: 1)
        var options = Gate.Options(jobs: 1)
        ends.apply(to: &options, writerGiven: false)
        XCTAssertEqual(options.roster.entries.map(\.name), ReaderRoster.standard.entries.map(\.name) + ["ios"])
        XCTAssertEqual(options.testees.map(\.name), ["web"])
        XCTAssertEqual(options.linuxFoundation, ["web"])
        XCTAssertEqual(options.writer, .command("node writer.js"))
        XCTAssertEqual(options.writerRevision, WriterRevision(declared: 1))
        var given = Gate.Options(jobs: 1)
        given.writer = .command("node mine.js")
        ends.apply(to: &given, writerGiven: true)
        XCTAssertEqual(given.writer, .command("node mine.js"), "--writer wins over the config's")
    }
}

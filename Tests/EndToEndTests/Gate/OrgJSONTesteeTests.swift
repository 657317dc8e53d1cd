@testable import HarnessGate
@testable import HarnessReaders
import ContractModel
import HarnessCorpus
import Foundation
import XCTest
import HarnessTestSupport
import TestSupport

/// An app's own Android reader run live as a testee (`--testee app@3="$(scripts/record-kotlin
/// --parser … --print-command)"`), played here by the project's own Kotlin end, which is on
/// org.json: its D1–D8 deviations pass only when its list declares `# platform: org.json` and
/// carries kotlin.txt's entries; a Swift reader that declares the same is refused; a bug planted
/// in the Kotlin reader still fails. On the states tree (its writer cases hold kotlin.txt's D1
/// lines; ~950 cases, a few JVM seconds), skipped without kotlinc and Android's org.json.
final class OrgJSONTesteeTests: XCTestCase {
    override func setUpWithError() throws {
        try GateTestSupport.skipUnlessKotlin()
    }

    /// The Kotlin end (or `parsers` instead of WidgetData.kt) as the testee `app` at revision 3.
    private func app(parsers: [String] = []) throws -> ExternalProcessReader {
        let kotlin = try KotlinTestee.reader(repository: TestRepository.root, parsers: parsers, startTimeout: 60)
        return ExternalProcessReader(name: "app", command: kotlin.command, startTimeout: 60,
                                     features: ReaderEntry.kotlin.features)
    }

    /// Writes `golden/divergences/NAME.txt`: the tree's kotlin.txt, after `header`.
    private func list(_ name: String, in paths: HarnessPaths, header: String) throws {
        let lists = paths.root.appendingPathComponent("golden/divergences")
        let kotlin = try String(contentsOf: lists.appendingPathComponent("kotlin.txt"), encoding: .utf8)
        try Data((header + kotlin).utf8).write(to: lists.appendingPathComponent("\(name).txt"))
    }

    private func check(_ paths: HarnessPaths, _ testee: ExternalProcessReader, corpus: Corpus? = nil) throws -> (GateResult, ReaderVerdict) {
        let options = Gate.Options(readers: [], testees: [testee], jobs: 2)  // the testee against golden/expected and golden/kotlin: Swift and C add nothing here
        let result = try corpus.map { try Gate.check(paths, corpus: $0, options: options) } ?? Gate.check(paths, options: options)
        return (result, try XCTUnwrap(result.verdicts.first { $0.reader == testee.name }))
    }

    func testTheKotlinEndAsATesteePassesOnlyWithTheOrgJSONDeclaration() throws {
        let paths = try GateTestSupport.statesTree()
        defer { GateTestSupport.remove(paths) }
        let app = try app()

        // No list: its departures are unexpected, and the summary says how to claim them.
        let (bare, bareVerdict) = try check(paths, app)
        XCTAssertFalse(bare.passed)
        XCTAssertFalse(bareVerdict.unexpected.isEmpty)
        let advice = try XCTUnwrap(bareVerdict.advice.first)
        XCTAssertTrue(advice.contains("read exactly as kotlin's (org.json) and golden/divergences/kotlin.txt excuses them"), advice)
        XCTAssertTrue(advice.contains("put the line `# platform: org.json` at the top of golden/divergences/app.txt"), advice)
        XCTAssertTrue(TextSummary.render(ReportFacts(bare)).contains(advice))
        XCTAssertTrue(String(decoding: JSONReport.render(ReportFacts(bare)), as: UTF8.self).contains("\"advice\":[\"\(advice.prefix(40))"))
        XCTAssertTrue(MarkdownReport.render(ReportFacts(bare)).contains(MarkdownText.plain(advice)))

        // kotlin.txt's entries without the declaration: each D entry is refused, saying what to do.
        try list("app", in: paths, header: "")
        let (undeclared, _) = try check(paths, app)
        XCTAssertFalse(undeclared.passed)
        XCTAssertTrue(undeclared.problems.contains { $0.contains("names departure D1, but the app testee declares no platform") }, "\(undeclared.problems)")

        // With it: PASS, listed exactly where the recorded Kotlin end is.
        try list("app", in: paths, header: "# platform: org.json\n")
        let (declared, verdict) = try check(paths, app)
        XCTAssertTrue(declared.passed, "\(declared.problems) \(verdict.unexpected.map(\.caseId)) stale \(verdict.staleEntries.map(\.pattern))")
        let kotlin = try XCTUnwrap(declared.verdicts.first { $0.reader == "kotlin" })
        XCTAssertGreaterThan(verdict.listed.count, 0, "the tree has no org.json departure: the pass proves nothing")
        XCTAssertEqual(verdict.listed.map(\.caseId), kotlin.listed.map(\.caseId))
    }

    /// A departure is org.json's behaviour: the testee's D entry excuses a field only where it
    /// reads it as golden/kotlin does. Here the recorded line (resealed, so current) keeps a
    /// different lone surrogate than the live reader: D1's cause holds for both, yet the app's
    /// entry is refused.
    func testADeclaredDepartureIsHeldToWhatTheRecordedOrgJSONEndReads() throws {
        let paths = try GateTestSupport.statesTree()
        defer { GateTestSupport.remove(paths) }
        try list("app", in: paths, header: "# platform: org.json\n")
        try GateTestSupport.editSealed(paths.root.appendingPathComponent("golden/kotlin/states.jsonl"),
                                       caseId: "states/writer.titles#lone-surrogate-id@berlin@before",
                                       replacing: #""id":"id-\ud83d""#, with: #""id":"id-\udc00""#)
        let (result, _) = try check(paths, try app())
        XCTAssertFalse(result.passed)
        XCTAssertTrue(result.problems.contains {
            $0.contains("entry `states/writer.titles#lone-surrogate-id@*` relies on D1, but case states/writer.titles#lone-surrogate-id@berlin@before reads parse.tasks[0].id unlike kotlin, the project's reader on org.json")
        }, "\(result.problems)")
    }

    /// A Swift reader (the worked iOS example, on JSONSerialization) that declares org.json and
    /// takes over kotlin.txt's entries is refused: it does not read those cases as org.json does
    /// (on canonical's tree, only its syntax and day cases, where D2 and D4 are: the other
    /// families' golden lines are orphaned and their entries stale, and only the refusals count).
    func testASwiftTesteeCannotClaimOrgJSONDepartures() throws {
        let binary = TestRepository.root.appendingPathComponent(".build/debug/ios-example-testee")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else { throw XCTSkip("build first: swift build --build-tests") }
        let paths = try GateTestSupport.canonicalTree()
        defer { GateTestSupport.remove(paths) }
        try list("ios", in: paths, header: "# platform: org.json\n")
        let full = try Corpus.load(paths)
        let corpus = Corpus(fixtures: full.fixtures, cases: full.cases.filter { ["syntax", "dates"].contains(CaseID.family(of: $0.id)) },
                            zoneDays: full.zoneDays)
        XCTAssertGreaterThan(corpus.cases.count, 100)
        let (result, verdict) = try check(paths, ExternalProcessReader(name: "ios", command: binary.path), corpus: corpus)
        XCTAssertFalse(result.passed)
        // Its D2 and D4 entries excuse differences whose cause the case shows, yet it reads them unlike org.json.
        let refused = result.problems.filter { $0.hasPrefix("golden/divergences/ios.txt:") && $0.contains("unlike kotlin, the project's reader on org.json") }
        XCTAssertTrue(refused.contains { $0.contains("relies on D2") } && refused.contains { $0.contains("relies on D4") },
                      "\(result.problems) \(verdict.unexpected.count)")
    }

    /// A bug planted in the reader under the declaration still fails: the declaration excuses
    /// org.json's departures, nothing else. (It reads a renamed key, `done`: a done task shows undone.)
    func testAPlantedBugInAnOrgJSONTesteeStillFails() throws {
        let folder = Scratch.url("orgjson-planted")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try String(contentsOf: TestRepository.root.appendingPathComponent("ends/kotlin/WidgetData.kt"), encoding: .utf8)
        let read = #"task.optBoolean("isDone", false)"#
        XCTAssertEqual(source.components(separatedBy: read).count, 2, "ends/kotlin/WidgetData.kt no longer reads isDone once")
        let planted = folder.appendingPathComponent("WidgetData.kt")
        try Data(source.replacingOccurrences(of: read, with: #"task.optBoolean("done", false)"#).utf8).write(to: planted)

        let paths = try GateTestSupport.statesTree()
        defer { GateTestSupport.remove(paths) }
        try list("app", in: paths, header: "# platform: org.json\n")
        let (result, verdict) = try check(paths, try app(parsers: [planted.path]))
        XCTAssertFalse(result.passed)
        let fields = Set(verdict.unexpected.flatMap { $0.unexpectedDifferences.map(\.field) })
        XCTAssertTrue(fields.contains { $0.hasSuffix("isDone") }, "\(fields.sorted())")
        XCTAssertTrue(result.problems.isEmpty, "only the planted bug fails: \(result.problems)")
    }
}

import Foundation
import XCTest
@testable import HarnessCorpus
@testable import HarnessGate
@testable import HarnessReaders
import HarnessTestSupport
import TestSupport

/// Planted faults in the golden inputs and the lists: each must fail the gate (exit ≠ 0)
/// naming the case, and no divergence entry may excuse a missing input.
final class VerdictGateTests: XCTestCase {
    private let kotlinOnly = Gate.Options(readers: [], includeRecordings: true)

    private func lines(_ url: URL) throws -> [String] {
        try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    func testRemovedKotlinLinesOfListedCasesFailAndNoEntryExcusesThem() throws {
        // The states tree: kotlin.txt lists its lone-surrogate writer cases (D1).
        let paths = try GateTestSupport.statesTree()
        defer { GateTestSupport.remove(paths) }
        let file = paths.golden.appendingPathComponent("kotlin/states.jsonl")
        let all = try lines(file)
        let planted = "/writer.titles#lone-surrogate-id@"
        let removed = all.filter { $0.contains(planted) }.map { String($0.dropFirst(7).prefix { $0 != "\"" }) }
        XCTAssertFalse(removed.isEmpty)
        try (all.filter { !$0.contains(planted) }.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)

        let result = try Gate.check(paths, options: kotlinOnly)
        XCTAssertFalse(result.passed)
        // Each removed case is accounted for as missing from the recording, named, with what to run.
        let recording = try XCTUnwrap(result.freshness.first { $0.folder == "golden/kotlin" })
        XCTAssertEqual(Set(recording.missing.map(\.caseId)), Set(removed))
        let summary = TextSummary.render(ReportFacts(result))
        XCTAssertTrue(summary.contains("(first: \(removed[0]))"), summary)
        XCTAssertTrue(summary.contains("scripts/record-kotlin"), summary)
        // No entry excuses it: not the D1 entry that lists these cases, not even one naming [missing].
        let kotlin = try XCTUnwrap(result.verdicts.first { $0.reader == "kotlin" })
        XCTAssertFalse(kotlin.listed.contains { removed.contains($0.caseId) })
        let list = paths.golden.appendingPathComponent("divergences/kotlin.txt")
        try (String(contentsOf: list, encoding: .utf8) + "states/writer.titles#lone-surrogate-id@*  [missing]  D1: planted: not recorded on purpose\n")
            .write(to: list, atomically: true, encoding: .utf8)
        XCTAssertFalse(try Gate.check(paths, options: kotlinOnly).passed)
        let run = try GateTestSupport.runCLI(["check", "--root", paths.root.path, "--quiet"])
        XCTAssertEqual(run.status, 1, run.err)
    }

    func testAKotlinLineWithAnUnknownIdFails() throws {
        let paths = try GateTestSupport.smallTree()
        defer { GateTestSupport.remove(paths) }
        let file = paths.golden.appendingPathComponent("kotlin/legacy.jsonl")
        let ghost = #"{"id":"legacy/syntax.bom#ghost@berlin@at","parse":{"tasks":[]},"meta":{"dayStr":null,"validUntil":null},"stale":false,"header":{"kind":"today"}}"#
        try (String(contentsOf: file, encoding: .utf8) + ghost + "\n").write(to: file, atomically: true, encoding: .utf8)
        let result = try Gate.check(paths, options: kotlinOnly)
        XCTAssertFalse(result.passed)
        XCTAssertEqual(result.problems.count, 1)
        XCTAssertTrue(result.problems[0].contains("legacy/syntax.bom#ghost@berlin@at"), result.problems[0])
        XCTAssertTrue(result.problems[0].contains("scripts/record-kotlin"), result.problems[0])
    }

    func testADeletedGoldenKotlinFailsUnlessRecordingsAreSkipped() throws {
        let paths = try GateTestSupport.smallTree()
        defer { GateTestSupport.remove(paths) }
        try FileManager.default.removeItem(at: paths.golden.appendingPathComponent("kotlin"))
        let result = try Gate.check(paths, options: kotlinOnly)
        XCTAssertFalse(result.passed)
        XCTAssertTrue(result.problems.contains { $0.contains("golden/kotlin is missing") && $0.contains("scripts/record-kotlin") }, "\(result.problems)")
        XCTAssertTrue(try Gate.check(paths, options: Gate.Options(readers: [], includeRecordings: false)).passed)
    }

    func testATodoReasonIsBadInputNamingFileAndLine() throws {
        let paths = try GateTestSupport.canonicalTree()
        defer { GateTestSupport.remove(paths) }
        let list = paths.golden.appendingPathComponent("divergences/kotlin.txt")
        var text = try lines(list)
        let index = try XCTUnwrap(text.firstIndex { $0.hasPrefix("*/syntax.bom@*") })
        text[index] = text[index].replacingOccurrences(of: "D2: org.json strips one leading BOM", with: "TODO: why kotlin reads this differently")
        try (text.joined(separator: "\n") + "\n").write(to: list, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try Gate.check(paths, options: kotlinOnly)) { error in
            XCTAssertTrue("\(error)".hasPrefix("golden/divergences/kotlin.txt:\(index + 1): entry `*/syntax.bom@*` has a placeholder reason"), "\(error)")
        }
    }

    /// The suggestions for a planted fault cover exactly the deviating cases per field, and
    /// pasting them unchanged is refused until their TODO becomes a reason.
    func testPastedSuggestionsCannotTurnTheGateGreen() throws {
        let paths = try GateTestSupport.smallTree()
        defer { GateTestSupport.remove(paths) }
        let faulty = FlippingReader(name: "swift", wrapped: SwiftReader(), family: "pending")
        let options = Gate.Options(readers: [faulty], includeRecordings: false)
        let result = try Gate.check(paths, options: options)
        let verdict = try XCTUnwrap(result.verdicts.first)
        let suggestions = verdict.suggestedEntries
        XCTAssertFalse(suggestions.isEmpty)
        XCTAssertLessThan(suggestions.count, verdict.unexpected.count, "grouped into patterns, not one line per case")
        XCTAssertTrue(MarkdownReport.render(ReportFacts(result)).contains(suggestions[0]), "the Markdown summary carries the suggestions")
        let list = paths.golden.appendingPathComponent("divergences/swift.txt")
        try (suggestions.joined(separator: "\n") + "\n").write(to: list, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try Gate.check(paths, options: options)) { error in
            XCTAssertTrue("\(error)".hasPrefix("golden/divergences/swift.txt:1: "), "\(error)")
        }
        // With the reviewer's reason in place of the TODO, exactly these lines make it pass,
        // and each pattern covers only cases where isDone deviates.
        let reviewed = suggestions.map { $0.replacingOccurrences(of: #"TODO: why swift reads parse.tasks\[\].isDone differently \(\d+ cases\)"#,
                                                                 with: "planted: the flipped first row", options: .regularExpression) }
        let deviating = Set(verdict.unexpected.map(\.caseId))
        for entry in try DivergenceList.parse(reviewed.joined(separator: "\n"), file: "suggested").entries {
            XCTAssertEqual(entry.fields.names, ["parse.tasks[].isDone"])
            for id in result.corpus.cases.map(\.id) where entry.matches(id) {
                XCTAssertTrue(deviating.contains(id), "\(entry.pattern) covers \(id), where isDone agrees")
            }
        }
        try (reviewed.joined(separator: "\n") + "\n").write(to: list, atomically: true, encoding: .utf8)
        XCTAssertTrue(try Gate.check(paths, options: options).passed)
    }

    /// A second regression in a case an entry lists for another field is still unexpected,
    /// and an entry whose fields never differ is stale.
    func testAnEntryExcusesOnlyItsFieldsAndGoesStalePerField() throws {
        let paths = try GateTestSupport.smallTree()
        defer { GateTestSupport.remove(paths) }
        let list = paths.golden.appendingPathComponent("divergences/swift.txt")
        try "*/pending.*  [meta.dayStr]  planted: reviewed for another field\n".write(to: list, atomically: true, encoding: .utf8)
        let faulty = FlippingReader(name: "swift", wrapped: SwiftReader(), family: "pending")
        let result = try Gate.check(paths, options: Gate.Options(readers: [faulty], includeRecordings: false))
        let verdict = try XCTUnwrap(result.verdicts.first)
        XCTAssertFalse(verdict.unexpected.isEmpty)
        XCTAssertTrue(verdict.unexpected.allSatisfy { $0.unexpectedDifferences.allSatisfy { $0.field.hasSuffix(".isDone") } })
        XCTAssertEqual(verdict.staleEntries.map(\.line), [1])
    }

    func testCRLFAndBOMListsAndGoldenFilesPassExactlyAsLF() throws {
        // The states tree: listed Kotlin deviations (its writer cases' D1 lines) and every kind of golden file, app states included.
        let paths = try GateTestSupport.statesTree()
        defer { GateTestSupport.remove(paths) }
        let lf = try Gate.check(paths, options: kotlinOnly)
        XCTAssertGreaterThan(lf.verdicts.first?.listed.count ?? 0, 0, "the tree has listed Kotlin deviations to compare")
        let golden = paths.golden
        var converted = 0
        for folder in ["divergences", "kotlin", "expected", "fixtures", "zones", "states"] {
            var inFolder = 0
            for name in try FileManager.default.contentsOfDirectory(atPath: golden.appendingPathComponent(folder).path)
            where name.hasSuffix(".txt") || name.hasSuffix(".jsonl") || name.hasSuffix(".json") {
                let url = golden.appendingPathComponent("\(folder)/\(name)")
                let text = try String(contentsOf: url, encoding: .utf8)
                try Data(("\u{FEFF}" + text.replacingOccurrences(of: "\n", with: "\r\n")).utf8).write(to: url)
                converted += 1
                inFolder += 1
            }
            XCTAssertGreaterThan(inFolder, 0, "golden/\(folder) has files to convert")
        }
        // (The states tree: 4 lists, 4 + 4 view files and RECORDING.json, 2 fixtures, the zone file, 8 state files.)
        XCTAssertGreaterThanOrEqual(converted, 24)
        let crlf = try Gate.check(paths, options: kotlinOnly)
        XCTAssertTrue(crlf.passed, TextSummary.render(ReportFacts(crlf)))
        XCTAssertEqual(crlf.corpus.streamHash, lf.corpus.streamHash)
        XCTAssertEqual(crlf.verdicts.map(\.listed.count), lf.verdicts.map(\.listed.count))
        XCTAssertEqual(crlf.verdicts.map { $0.deviations.map(\.caseId) }, lf.verdicts.map { $0.deviations.map(\.caseId) })
        // The CLI agrees, and a lone CR is refused naming the file.
        let run = try GateTestSupport.runCLI(["check", "--root", paths.root.path, "--quiet"])
        XCTAssertEqual(run.status, 0, run.out + run.err)
        try Data("*/x@*  [parse]  one\rtwo\n".utf8).write(to: golden.appendingPathComponent("divergences/swift.txt"))
        let bad = try GateTestSupport.runCLI(["check", "--root", paths.root.path, "--quiet"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.err.contains("golden/divergences/swift.txt:1"), bad.err)
    }

    func testExplainNamesTheEntryThatExcusesEachField() throws {
        // canonical's small tree: its lists keep every line where it is, and explain reads only its golden files
        let paths = try GateTestSupport.canonicalTree()
        defer { GateTestSupport.remove(paths) }
        let testCase = try XCTUnwrap(try Corpus.load(paths).cases.first { $0.id == "canonical/syntax.bom@berlin@at" })
        let text = try CaseGathering.text(of: testCase, paths: paths)
        let listText = try String(contentsOf: paths.golden.appendingPathComponent("divergences/kotlin.txt"), encoding: .utf8)
        let line = try XCTUnwrap(listText.components(separatedBy: "\n").firstIndex { $0.hasPrefix("*/syntax.bom@*") }) + 1
        for field in ["parse", "meta.dayStr", "stale", "header.kind"] {
            XCTAssertTrue(text.contains("excused as \(field) by golden/divergences/kotlin.txt:\(line)  */syntax.bom@*"), text)
        }
    }

    func testDuplicateOrReservedTesteeNamesAreBadInput() throws {
        let paths = HarnessPaths(root: TestRepository.root)
        let corpus = Corpus(fixtures: [], cases: [])
        for names in [["ios", "ios"], ["expected"], ["kotlin"]] {
            let testees = names.map { ExternalProcessReader(name: $0, command: "cat", caseTimeout: 5) }
            XCTAssertThrowsError(try Gate.check(paths, corpus: corpus, options: Gate.Options(readers: [], testees: testees, includeRecordings: false)),
                                 "\(names)") { error in
                XCTAssertTrue("\(error)".contains("--testee \(names[0])"), "\(error)")
            }
        }
        let small = try GateTestSupport.smallTree()
        defer { GateTestSupport.remove(small) }
        let run = try GateTestSupport.runCLI(["check", "--root", small.root.path, "--testee", "ios=cat", "--testee", "ios=cat"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.err.contains("two testees are named `ios`"), run.err)
        XCTAssertEqual(try GateTestSupport.runCLI(["check", "--root", small.root.path, "--testee", "expected=cat"]).status, 2)
    }

    /// Runs the CLI as `nobody` (setpriv) so that file permissions apply; skipped, saying
    /// why, where that cannot be done.
    func testAnUnreadableListOrFolderIsExit2() throws {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
            print("skipped: needs root and /usr/bin/setpriv to run the CLI as an unprivileged user")
            throw XCTSkip("needs root and /usr/bin/setpriv to run the CLI as an unprivileged user")
        }
        let paths = try GateTestSupport.smallTree()
        defer {
            chmod(paths.golden.appendingPathComponent("divergences").path, 0o755)
            GateTestSupport.remove(paths)
        }
        chmod(paths.root.path, 0o755)
        func runAsNobody() throws -> (status: Int32, err: String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", GateTestSupport.cli.path,
                                 "check", "--root", paths.root.path, "--quiet"]
            let err = Pipe()
            process.standardError = err
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let data = err.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: data, as: UTF8.self))
        }
        let list = paths.golden.appendingPathComponent("divergences/kotlin.txt")
        XCTAssertEqual(try runAsNobody().status, 0, "the copy passes as nobody before the fault")
        chmod(list.path, 0)
        let file = try runAsNobody()
        XCTAssertEqual(file.status, 2, file.err)
        XCTAssertTrue(file.err.contains("golden/divergences/kotlin.txt: cannot read"), file.err)
        chmod(list.path, 0o644)
        chmod(paths.golden.appendingPathComponent("divergences").path, 0)
        let folder = try runAsNobody()
        XCTAssertEqual(folder.status, 2, folder.err)
        XCTAssertTrue(folder.err.contains("golden/divergences/"), folder.err)
    }
}

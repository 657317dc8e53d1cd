import HarnessCorpus
import HarnessGate
import HarnessReaders
import ContractModel
import Foundation
import WidgetSnapshot
import XCTest
import TestSupport

/// `diff --base REV`: case-level classification (changed on a compared field, added,
/// removed, error text only) on synthetic folders, and the whole path through git on a
/// throwaway repository, with the text and Markdown renderings.
final class GoldenDiffTests: XCTestCase {
    private var repository: URL?

    override func tearDown() {
        if let repository { try? FileManager.default.removeItem(at: repository) }
        super.tearDown()
    }

    func testCasesAreClassifiedChangedAddedRemovedOrErrorTextOnly() throws {
        let before = try views([
            line("canonical/base@berlin@at", stale: true),
            line("canonical/base@berlin@before", stale: false),
            line("canonical/syntax.bom@berlin@at", error: "BOM"),
            line("canonical/gone@berlin@at", stale: false),
            line("canonical/rows@berlin@at", stale: false, titles: ["a", "b", "c"]),
        ])
        let after = try views([
            line("canonical/base@berlin@at", stale: false),           // stale and header changed
            line("canonical/base@berlin@before", stale: false),       // same bytes
            line("canonical/syntax.bom@berlin@at", error: "byte-order mark"), // only the error text
            line("canonical/rows@berlin@at", stale: false, titles: ["a", "B", "C"]),
            line("canonical/new@berlin@at", stale: false),
        ])
        let reader = try GoldenDiff.compare(before: before, after: after,
                                            reader: GoldenDiff.Reader(.expected))
        XCTAssertEqual(reader.changed.map(\.caseId), ["canonical/base@berlin@at", "canonical/rows@berlin@at"])
        XCTAssertEqual(reader.added, ["canonical/new@berlin@at"])
        XCTAssertEqual(reader.removed, ["canonical/gone@berlin@at"])
        XCTAssertEqual(reader.errorTextOnly, ["canonical/syntax.bom@berlin@at"])
        // Row numbers are dropped when grouping; a case counts once per field.
        XCTAssertEqual(reader.byField.map { "\($0.field)=\($0.cases)" }, ["header.kind=1", "parse.tasks[].title=1", "stale=1"])
        XCTAssertEqual(reader.byFamily.map { "\($0.family)=\($0.cases)" },
                       ["canonical/base=1", "canonical/gone=1", "canonical/new=1", "canonical/rows=1"], "changed, added and removed")
        XCTAssertEqual(reader.changed[1].differences.map(\.field), ["parse.tasks[1].title", "parse.tasks[2].title"])
        // Examples take one per field group before any repeats, and stop at the limit.
        XCTAssertEqual(reader.examples(2).map(\.difference.field), ["header.kind", "parse.tasks[1].title"])
        XCTAssertEqual(reader.examples(10).count, 3)
        XCTAssertEqual(reader.examples(0).count, 0)
    }

    func testAgainstARevisionOfARealRepository() throws {
        let root = try makeRepository()
        let paths = HarnessPaths(root: root)
        let expected = root.appendingPathComponent("golden/expected/canonical.jsonl")
        let kotlin = root.appendingPathComponent("golden/kotlin/canonical.jsonl")
        try text([line("canonical/a@berlin@at", stale: true), line("canonical/b@berlin@at", stale: true)]).write(to: expected, atomically: true, encoding: .utf8)
        try text([line("canonical/a@berlin@at", stale: true)]).write(to: kotlin, atomically: true, encoding: .utf8)
        try git(["add", "-A"], in: root)
        try git(["commit", "-q", "-m", "first"], in: root)
        XCTAssertTrue(try GoldenDiff.load(paths, base: "HEAD").isEmpty, "an unchanged tree has no changes")

        try text([line("canonical/a@berlin@at", stale: false), line("canonical/c@berlin@at", stale: true)]).write(to: expected, atomically: true, encoding: .utf8)
        let diff = try GoldenDiff.load(paths, base: "HEAD")
        XCTAssertEqual(diff.baseName, "HEAD")
        XCTAssertEqual(diff.baseCommit.count, 40)
        let c = try XCTUnwrap(diff.readers.first { $0.name == "expected" })
        XCTAssertEqual(c.changed.map(\.caseId), ["canonical/a@berlin@at"])
        XCTAssertEqual(c.added, ["canonical/c@berlin@at"])
        XCTAssertEqual(c.removed, ["canonical/b@berlin@at"])
        XCTAssertTrue(try XCTUnwrap(diff.readers.first { $0.name == "kotlin" }).isEmpty)

        let plain = GoldenDiffText.render(diff, examples: 1)
        XCTAssertTrue(plain.contains("expected (C reference)        1         1         1         0"), plain)
        XCTAssertTrue(plain.contains("canonical/a@berlin@at  header.kind: outdated(1784239200000) → today"), plain)

        let markdown = GoldenDiffMarkdown.render(diff, examples: 1)
        let table = try XCTUnwrap(markdown.range(of: "| expected (C reference) | 1 | 1 | 1 | 0 |"))
        let example = try XCTUnwrap(markdown.range(of: "| `canonical/a@berlin@at` | `"))
        XCTAssertLessThan(table.lowerBound, example.lowerBound, "counts come before examples")
        XCTAssertTrue(markdown.contains("1 of 1 changed cases"))
        XCTAssertEqual(markdown.components(separatedBy: "| `canonical/").count - 1, 1, "at most --examples examples per reader")

        // A folder that did not exist at the revision: everything is added.
        try FileManager.default.removeItem(at: kotlin)
        try git(["rm", "-q", "--cached", "golden/kotlin/canonical.jsonl"], in: root)
        try git(["commit", "-q", "-m", "no kotlin"], in: root)
        try text([line("canonical/a@berlin@at", stale: true)]).write(to: kotlin, atomically: true, encoding: .utf8)
        XCTAssertEqual(try GoldenDiff.load(paths, base: "HEAD").readers.first { $0.name == "kotlin" }?.added, ["canonical/a@berlin@at"])
        XCTAssertEqual(try GoldenDiff.load(paths, base: "HEAD~1").readers.first { $0.name == "kotlin" }?.isEmpty, true)
    }

    func testAnUnknownRevisionIsAnError() throws {
        let root = try makeRepository()
        try "x".write(to: root.appendingPathComponent("f"), atomically: true, encoding: .utf8)
        try git(["add", "f"], in: root)
        try git(["commit", "-q", "-m", "x"], in: root)
        XCTAssertThrowsError(try GoldenDiff.load(HarnessPaths(root: root), base: "no-such-revision")) { error in
            XCTAssertTrue(error is GitError, "\(error)")
        }
        XCTAssertThrowsError(try GoldenDiff.load(HarnessPaths(root: root), base: "--output=/tmp/x"))
    }

    func testAMalformedLineAtTheRevisionNamesItsFileAndLine() throws {
        XCTAssertThrowsError(try GoldenViews.parse(files: [(name: "x.jsonl", bytes: Array("{\"id\":\"x/y@z@a\",\"parse\":1}\n".utf8))],
                                                   displayName: "HEAD:golden/expected").entries[0].outcome()) { error in
            XCTAssertEqual((error as? HarnessInputError)?.file, "HEAD:golden/expected/x.jsonl")
            XCTAssertEqual((error as? HarnessInputError)?.line, 1)
        }
    }

    // MARK: - Helpers

    private func line(_ id: String, stale: Bool, titles: [String] = ["t"]) -> String {
        let rows = titles.enumerated().map { WidgetTaskRow(id: "t\($0.offset)", title: $0.element, isDone: false, projectColor: nil) }
        return DecodedView(id: id, parse: .tasks(rows), meta: SnapshotMeta(dayStr: "2026-07-17", validUntil: 1_784_325_600_000),
                           stale: stale, header: stale ? .outdated(dayMs: 1_784_239_200_000) : .today).canonicalJSONString
    }

    private func line(_ id: String, error: String) -> String {
        DecodedView(id: id, parse: .error(error), meta: .unknown, stale: false, header: .today).canonicalJSONString
    }

    private func text(_ lines: [String]) -> String { lines.joined(separator: "\n") + "\n" }

    private func views(_ lines: [String]) throws -> GoldenViews {
        try GoldenViews.parse(files: [(name: "canonical.jsonl", bytes: Array(text(lines).utf8))], displayName: "test")
    }

    private func makeRepository() throws -> URL {
        let root = Scratch.url("golden-diff")
        repository = root
        for folder in ["golden/expected", "golden/kotlin"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try git(["init", "-q"], in: root)
        return root
    }

    private func git(_ arguments: [String], in folder: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", folder.path, "-c", "user.name=test", "-c", "user.email=test@example.invalid",
                             "-c", "commit.gpgsign=false"] + arguments
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "git \(arguments.joined(separator: " "))")
    }
}

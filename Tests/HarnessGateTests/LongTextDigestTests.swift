import ContractModel
import Foundation
import WidgetSnapshot
import XCTest
@testable import HarnessCorpus
@testable import HarnessGate
import HarnessReaders
import HarnessTestSupport

/// Long texts in views are kept as SHA-256 digests (CONTRACT §6): golden files and the gate's
/// memory grow with cases, not with blob bytes × cases; a reader's full text is compared
/// with a stored digest exactly (equal text agrees, any other text differs, a text that
/// imitates the digest differs).
final class LongTextDigestTests: XCTestCase {
    private func view(title: String) -> DecodedView {
        DescribedValues.complete(DecodedView(id: "canonical/base@berlin@at",
                                             parse: .tasks([WidgetTaskRow(id: "t1", title: title, isDone: false, projectColor: nil)]),
                                             meta: SnapshotMeta(dayStr: "2026-07-17", validUntil: 1), stale: false, header: .today))
    }

    private func title(_ view: DecodedView) -> String? {
        if case .tasks(let rows) = view.parse { return rows.first?.title }
        return nil
    }

    func testTheRule() {
        let long = String(repeating: "é", count: 600)  // 1200 UTF-8 bytes
        XCTAssertEqual(LongTextDigest.compact(long), "sha256:" + SHA256.hex(Array(long.utf8)) + " (1200 bytes)")
        let edge = String(repeating: "a", count: LongTextDigest.maximumBytes)
        XCTAssertEqual(LongTextDigest.compact(edge), edge, "up to the limit a text is kept")
        XCTAssertTrue(LongTextDigest.compact(edge + "a").hasPrefix("sha256:"))
        XCTAssertEqual(LongTextDigest.compact("Task one"), "Task one")
        let imitation = LongTextDigest.digest(long)
        XCTAssertNotEqual(LongTextDigest.compact(imitation), imitation, "a real text that looks like a digest is digested itself")
        XCTAssertEqual(LongTextDigest.compact(imitation, storedDigests: true), imitation, "in a golden line it is the digest")
        let reason = "hang: " + String(repeating: "x", count: 5000)
        let shortened = LongTextDigest.shortened(reason: reason)
        XCTAssertTrue(shortened.hasPrefix("hang: xxx") && shortened.utf8.count < 1200, shortened)
        XCTAssertEqual(ReaderOutcome.failure(reason).compacted().noViewField, .missing, "a failure keeps its kind")
    }

    /// The fields later revisions add (projects' titles, projectTitle, currentTask's texts,
    /// their error texts, a row's added members) are digested by the same rule.
    func testTextsOfAddedFieldsAreDigestedToo() {
        let long = String(repeating: "p", count: 5000)
        var full = view(title: "Task one")
        full.added = ["projects": .list([.object([.text("p1"), .text(long)])]), "projectTitle": .error(long), "currentTask": .null]
        full.addedRowValues = [["doneOn": .int(1)]]
        XCTAssertTrue(full.holdsLongText)
        let compacted = full.compacted()
        XCTAssertEqual(compacted.added["projects"], .list([.object([.text("p1"), .text(LongTextDigest.digest(long))])]))
        XCTAssertEqual(compacted.added["projectTitle"], .error(LongTextDigest.digest(long)))
        XCTAssertEqual(compacted.added["currentTask"], .null)
        XCTAssertEqual(compacted.addedRowValues, [["doneOn": .int(1)]])
        XCTAssertEqual(compacted.compacted(storedDigests: true), compacted, "a stored digest stays as it is")
    }

    /// A golden line stores the digest; read back, it agrees with the reader's full text and
    /// with nothing else.
    func testAFullTextAgainstAStoredDigest() throws {
        let paths = try GateTestSupport.smallTree()
        defer { GateTestSupport.remove(paths) }
        let long = String(repeating: "0123456789abcdef", count: 4000)
        let testCase = try XCTUnwrap(try GateTestSupport.repositoryCorpus().cases.first { $0.id == "canonical/base@berlin@at" })
        // The reference's own (complete) view of the case, its first title made long.
        let reference = try XCTUnwrap(CReferenceReader().outcome(testCase).view)
        func view(title: String) -> DecodedView {
            var view = reference
            if case .tasks(var rows) = view.parse { rows[0].title = title; view.parse = .tasks(rows) }
            return view
        }
        let store = ViewStore(folder: paths.root.appendingPathComponent("views"), displayName: "views", tree: paths.tree)
        try store.write([view(title: long).compacted()], cases: [testCase])
        let bytes = try Data(contentsOf: paths.root.appendingPathComponent("views/canonical.jsonl"))
        XCTAssertLessThan(bytes.count, 1000, "the golden line holds the digest (and the later revisions' fields), not the 64 000-byte title")
        let stored = try XCTUnwrap(try store.load()[testCase.id])

        let same = ReaderOutcome.view(view(title: long)).compacted()
        XCTAssertTrue(FieldDifference.between(expected: stored, got: same).isEmpty)
        let other = ReaderOutcome.view(view(title: long.dropLast() + "g")).compacted()
        XCTAssertEqual(FieldDifference.between(expected: stored, got: other).map(\.field), ["parse.tasks[0].title"])
        let imitation = ReaderOutcome.view(view(title: title(try XCTUnwrap(stored.view))!)).compacted()
        XCTAssertEqual(FieldDifference.between(expected: stored, got: imitation).map(\.field), ["parse.tasks[0].title"],
                       "a reader writing the digest's text is not the text")
    }

    /// A recorded testee's line keeps its bytes unless it holds a long text: then the golden
    /// file holds it in canonical form with the digest.
    func testARecordedLineWithALongTextIsStoredWithItsDigest() throws {
        let paths = try GateTestSupport.smallTree()
        defer { GateTestSupport.remove(paths) }
        let cases = try GateTestSupport.repositoryCorpus().cases.filter { $0.id.hasPrefix("canonical/base@berlin@") }
        let long = String(repeating: "z", count: 3000)
        let lines = cases.map { ($0, Array(#"{"id":"\#($0.id)","parse":{"tasks":[{"id":"t1","title":"\#(long)","isDone":false,"projectColor":null}]}}"#.utf8)) }
        let store = ViewStore(folder: paths.root.appendingPathComponent("rec"), displayName: "rec", allowsNotImplemented: true, tree: paths.tree)
        try store.write(lines: lines)
        let text = try String(contentsOf: paths.root.appendingPathComponent("rec/canonical.jsonl"), encoding: .utf8)
        XCTAssertFalse(text.contains(long))
        XCTAssertTrue(text.contains(LongTextDigest.digest(long)), text)
        let read = try store.load()
        XCTAssertEqual(read[cases[0].id]?.view.map(title), LongTextDigest.digest(long))
        XCTAssertTrue(read[cases[0].id]?.view?.notImplemented.isSuperset(of: [.dayStr, .validUntil, .stale, .headerKind, .headerDayMs]) == true,
                      "the fields the testee left out stay left out")
    }

    /// At a fixture whose title is long, `update` writes digests and `check` agrees; a reader
    /// whose long title differs in its last byte fails on that field.
    func testUpdateAndCheckWithALongTitle() throws {
        let paths = try GateTestSupport.smallTree()
        defer { GateTestSupport.remove(paths) }
        let fixture = paths.golden.appendingPathComponent("fixtures/legacy.json")
        let before = try Data(contentsOf: paths.golden.appendingPathComponent("expected/legacy.jsonl")).count
        let long = String(repeating: "long title ", count: 2000)
        let text = try String(contentsOf: fixture, encoding: .utf8)
        XCTAssertTrue(text.contains("\"Buy milk\""))
        try text.replacingOccurrences(of: "\"Buy milk\"", with: "\"\(long)\"").write(to: fixture, atomically: true, encoding: .utf8)
        _ = try Gate.update(paths)
        let golden = try String(contentsOf: paths.golden.appendingPathComponent("expected/legacy.jsonl"), encoding: .utf8)
        XCTAssertFalse(golden.contains(long))
        XCTAssertTrue(golden.contains(LongTextDigest.digest(long)))
        // (78 cases, each with the title in parse and display: 3.4 MB if stored whole.)
        XCTAssertLessThan(golden.utf8.count, before + 1_000_000, "not the 22 000-byte title once per case (\(golden.utf8.count) bytes)")
        let options = Gate.Options(includeRecordings: false)
        // (Every reader agrees; the writer family may flag the fixture as no longer the writer's output.)
        let result = try Gate.check(paths, options: options)
        XCTAssertTrue(result.verdicts.allSatisfy(\.passed), TextSummary.render(ReportFacts(result)))

        let planted = Gate.Options(readers: [LastByteOfLongTitles(wrapped: SwiftReader()), CReferenceReader()], includeRecordings: false)
        let verdict = try XCTUnwrap(try Gate.check(paths, options: planted).verdicts.first { $0.reader == "swift" })
        XCTAssertFalse(verdict.passed)
        let fields = Set(verdict.unexpected.flatMap { $0.differences.map(\.field) })
        XCTAssertTrue(fields.contains("parse.tasks[0].title") && fields.allSatisfy { $0.hasSuffix("].title") }, "\(fields)")
    }
}

/// The Swift reader with a planted fault: a title over 1 KiB loses its last character.
private struct LastByteOfLongTitles: InProcessReader {
    let wrapped: any InProcessReader
    var name: String { wrapped.name }

    func outcome(_ testCase: Case) -> ReaderOutcome {
        guard case .view(var view) = wrapped.outcome(testCase), case .tasks(var rows) = view.parse else { return wrapped.outcome(testCase) }
        for index in rows.indices where rows[index].title.utf8.count > LongTextDigest.maximumBytes { rows[index].title.removeLast() }
        view.parse = .tasks(rows)
        return .view(view)
    }
}

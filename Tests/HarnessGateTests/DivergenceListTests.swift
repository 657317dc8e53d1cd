import Foundation
import XCTest
@testable import HarnessGate
import HarnessCorpus
import HarnessReaders
import HarnessTestSupport
import TestSupport

/// The divergence-list format: `PATTERN  [FIELDS]  REASON`, field scopes, and reasons a
/// reviewer must have written (placeholders are bad input, naming file and line).
final class DivergenceListTests: XCTestCase {
    private func parse(_ text: String) throws -> DivergenceList {
        try DivergenceList.parse(text, file: "golden/divergences/x.txt")
    }

    private func refusal(_ text: String) -> String {
        do {
            _ = try parse(text)
            return "accepted"
        } catch {
            return "\(error)"
        }
    }

    func testFieldsArePrefixScopedAndStarCoversEveryViewFieldButNoOutcome() throws {
        let list = try parse("""
        # a comment
        */a@*  [header]  reason number one
        */b@*  [parse]  reason number two
        */c@*  [*]  reason number three
        */d@*  [crash,missing]  reason number four
        */e@*  [parse.tasks[].title,meta.dayStr]  reason number five
        """)
        let scopes = Dictionary(uniqueKeysWithValues: list.entries.map { ($0.pattern, $0.fields) })
        XCTAssertTrue(scopes["*/a@*"]!.covers("header.kind"))
        XCTAssertTrue(scopes["*/a@*"]!.covers("header.dayMs"))
        XCTAssertFalse(scopes["*/a@*"]!.covers("stale"))
        XCTAssertTrue(scopes["*/b@*"]!.covers("parse.tasks[3].isDone"))
        XCTAssertTrue(scopes["*/b@*"]!.covers("parse.tasks"))
        XCTAssertFalse(scopes["*/b@*"]!.covers("meta.dayStr"))
        XCTAssertTrue(scopes["*/c@*"]!.covers("meta.validUntil"))
        XCTAssertFalse(scopes["*/c@*"]!.covers("crash"))
        XCTAssertFalse(scopes["*/c@*"]!.covers("missing"))
        XCTAssertTrue(scopes["*/d@*"]!.covers("missing"))
        XCTAssertFalse(scopes["*/d@*"]!.covers("parse"))
        XCTAssertTrue(scopes["*/e@*"]!.covers("parse.tasks[0].title"))
        XCTAssertFalse(scopes["*/e@*"]!.covers("parse.tasks[0].id"))
        XCTAssertEqual(list.entries.map(\.line), [2, 3, 4, 5, 6])
        XCTAssertEqual(list.entry(for: "x/a@z@i", field: "header.dayMs", notImplemented: false)?.line, 2)
        XCTAssertNil(list.entry(for: "x/a@z@i", field: "stale", notImplemented: false))
        XCTAssertNil(list.entry(for: "x/a@z@i", field: "header.dayMs", notImplemented: true), "an ordinary entry excuses no missing field")
    }

    func testPlaceholderAndMissingReasonsAreRefusedNamingFileAndLine() {
        for reason in ["", "TODO: why kotlin reads this differently (3 cases)", "FIXME later", "why does it differ", "?", "D2: TODO",
                       "not implemented: TODO say which build"] {
            let message = refusal("# header\n*/x@*  [parse]  \(reason)\n")
            XCTAssertTrue(message.hasPrefix("golden/divergences/x.txt:2: "), "`\(reason)`: \(message)")
            XCTAssertTrue(message.contains("reason"), message)
        }
        XCTAssertEqual(refusal("*/x@*  [parse]  D2: org.json reads comments\n"), "accepted")
    }

    /// The C reference wrote golden/expected: a forged expected line (valid seal) on an
    /// unchanged case deviates from it, and an entry in c.txt must not excuse that.
    func testAnEntryInTheReferencesListIsRefused() throws {
        let paths = try GateTestSupport.smallTree()
        defer { GateTestSupport.remove(paths) }
        let id = "legacy/base@berlin@day"
        try GateTestSupport.editSealed(paths.golden.appendingPathComponent("expected/legacy.jsonl"), caseId: id,
                                       replacing: "\"isDone\":false", with: "\"isDone\":true")
        let list = paths.golden.appendingPathComponent("divergences/c.txt")
        try (String(contentsOf: list, encoding: .utf8) + "\(id)  [parse.tasks[].isDone]  the reference reads it differently\n")
            .write(to: list, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try Gate.check(paths, options: Gate.Options(readers: [CReferenceReader()], includeRecordings: false))) { error in
            XCTAssertTrue("\(error)".hasPrefix("golden/divergences/c.txt:4: the C reference is never listed"), "\(error)")
        }
        XCTAssertNoThrow(try paths.divergenceList(for: .swift))
    }

    /// A reason must say why: the placeholders reviewers wave through, and one- or two-word
    /// non-reasons, are refused naming file and line; every reason in the repository's lists passes.
    func testPlaceholderAndOneWordReasonsAreRefused() throws {
        for reason in ["n/a", "N/A", "none", "None.", "ok", "OK", "TODO", "FIXME", "tbd", "-", "legacy", "known bug", "n/a n/a",
                       "n/a n/a n/a", "ok ok ok", "none, none, none", "n/a\u{00A0}n/a\u{00A0}n/a", "x y z", "_ _ _ a b c",
                       "TO-DO: explain later", "FIX ME later please", "T\u{200B}ODO fill in later", "TODO\u{0301} fill it in",
                       "to\u{00AD}do fill reason", "a a a a b b b",
                       // Look-alike letters of other scripts: Cyrillic Т, М, О, Х, Greek Ο, Χ, Τ, fullwidth.
                       "\u{0422}ODO fill in later", "FIX\u{041C}E later please", "T\u{041E}D\u{041E} explain it later",
                       "\u{0425}\u{0425}\u{0425} explain it later", "T\u{039F}DO explain it later", "\u{03A7}XX explain it later",
                       "\u{0442}odo explain it later", "ＴＯＤＯ explain it later"] {
            let message = refusal("*/x@*  [parse]  \(reason)\n")
            XCTAssertTrue(message.hasPrefix("golden/divergences/x.txt:1: entry `*/x@*` has "), "`\(reason)`: \(message)")
        }
        XCTAssertEqual(refusal("*/x@*  [parse]  D2: org.json skips comments\n"), "accepted")
        let folder = TestRepository.root.appendingPathComponent("golden/divergences")
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".txt") {
            let list = try DivergenceList.load(folder.appendingPathComponent(file), displayName: file, tree: TreeBoundary(root: folder))
            for entry in list.entries { XCTAssertNil(EntryParser.placeholderProblem(entry.reason), "\(file):\(entry.line)") }
        }
    }

    func testBadFieldListsAreRefused() {
        XCTAssertTrue(refusal("*/x@*  D2: no fields\n").contains("no field list"))
        XCTAssertTrue(refusal("*/x@*  [parse.rows]  a reason\n").contains("unknown field `parse.rows`"))
        XCTAssertTrue(refusal("*/x@*  [header,header.kind]  a reason\n").contains("already covered by `header`"))
        XCTAssertTrue(refusal("*/x@*  []  a reason\n").contains("empty field name"))
        XCTAssertTrue(refusal("*/x@*  [crash]  not implemented: no crash\n").contains("not a field a reader can leave out"))
        XCTAssertTrue(refusal("*/x@*  [meta]  reason number one\n*/x@*  [meta.dayStr]  reason number two\n").contains("x.txt:2: pattern `*/x@*` with [meta.dayStr] repeats fields of line 1"))
        XCTAssertEqual(refusal("*/x@*  [meta]  reason number one\n*/x@*  [stale]  reason number two\n"), "accepted")
    }

    func testCRLFAndABOMReadExactlyAsLF() throws {
        let lf = "# c\n*/a@*  [header]  reason number one\n\n*/b@*  [parse.tasks[].id]  reason number two\n"
        let crlf = "\u{FEFF}" + lf.replacingOccurrences(of: "\n", with: "\r\n")
        XCTAssertEqual(try parse(crlf).entries, try parse(lf).entries)
        XCTAssertTrue(refusal("*/a@*  [header]  reason number one\rtwo\n").contains("carriage return"))
    }

    func testAnUnreadableListIsAnErrorNotAnEmptyList() throws {
        let folder = Scratch.url("list")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        XCTAssertEqual(try DivergenceList.load(folder.appendingPathComponent("none.txt"), displayName: "none.txt", tree: TreeBoundary(root: folder)).entries.count, 0)
        XCTAssertThrowsError(try DivergenceList.load(folder, displayName: "golden/divergences/dir.txt", tree: TreeBoundary(root: folder))) { error in
            XCTAssertTrue("\(error)".hasPrefix("golden/divergences/dir.txt"), "\(error)")
        }
    }
}

import Foundation
import XCTest
@testable import HarnessGate
import HarnessCorpus

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
        */a@*  [header]  one
        */b@*  [parse]  two
        */c@*  [*]  three
        */d@*  [crash,missing]  four
        */e@*  [parse.tasks[].title,meta.dayStr]  five
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

    func testBadFieldListsAreRefused() {
        XCTAssertTrue(refusal("*/x@*  D2: no fields\n").contains("no field list"))
        XCTAssertTrue(refusal("*/x@*  [parse.rows]  a reason\n").contains("unknown field `parse.rows`"))
        XCTAssertTrue(refusal("*/x@*  [header,header.kind]  a reason\n").contains("already covered by `header`"))
        XCTAssertTrue(refusal("*/x@*  []  a reason\n").contains("empty field name"))
        XCTAssertTrue(refusal("*/x@*  [crash]  not implemented: no crash\n").contains("not a field a reader can leave out"))
        XCTAssertTrue(refusal("*/x@*  [meta]  one\n*/x@*  [meta.dayStr]  two\n").contains("x.txt:2: pattern `*/x@*` with [meta.dayStr] repeats fields of line 1"))
        XCTAssertEqual(refusal("*/x@*  [meta]  one\n*/x@*  [stale]  two\n"), "accepted")
    }

    func testCRLFAndABOMReadExactlyAsLF() throws {
        let lf = "# c\n*/a@*  [header]  one\n\n*/b@*  [parse.tasks[].id]  two\n"
        let crlf = "\u{FEFF}" + lf.replacingOccurrences(of: "\n", with: "\r\n")
        XCTAssertEqual(try parse(crlf).entries, try parse(lf).entries)
        XCTAssertTrue(refusal("*/a@*  [header]  one\rtwo\n").contains("carriage return"))
    }

    func testAnUnreadableListIsAnErrorNotAnEmptyList() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("list-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        XCTAssertEqual(try DivergenceList.load(folder.appendingPathComponent("none.txt"), displayName: "none.txt", tree: TreeBoundary(root: folder)).entries.count, 0)
        XCTAssertThrowsError(try DivergenceList.load(folder, displayName: "golden/divergences/dir.txt", tree: TreeBoundary(root: folder))) { error in
            XCTAssertTrue("\(error)".hasPrefix("golden/divergences/dir.txt"), "\(error)")
        }
    }
}

import ContractModel
import Foundation
import XCTest
@testable import HarnessCorpus
import HarnessTestSupport
import TestSupport

/// `contract-harness tool compare`: the gate's comparison for scripts (mutants.py, compare-golden).
final class CompareCommandTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = Scratch.folder("compare")
    }

    override func tearDown() {
        Scratch.remove(folder)
    }

    /// The first `count` golden/kotlin lines of the canonical fixture that hold rows, and one
    /// with a parse error (sealed, as stored).
    private func goldenLines(_ count: Int) throws -> [String] {
        let text = try String(contentsOf: TestRepository.root.appendingPathComponent("golden/kotlin/canonical.jsonl"), encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        let error = try XCTUnwrap(lines.first { $0.contains(#""parse":{"error":"#) })
        return Array(lines.filter { $0.contains(#""title":"Task one""#) }.prefix(count - 1)) + [error]
    }

    private func write(_ name: String, _ lines: [String]) throws -> String {
        let url = folder.appendingPathComponent(name)
        try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    private func compare(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        try GateTestSupport.runCLI(["tool", "compare"] + arguments)
    }

    func testEqualViewsAgreeWhateverTheirProvenanceAndOrder() throws {
        let lines = try goldenLines(4)
        let expected = try write("expected.jsonl", lines)
        // A testee's lines carry no provenance and may come in any order.
        let bare = lines.reversed().map { String(decoding: GoldenLine.view(Array($0.utf8)), as: UTF8.self) }
        let run = try compare([expected, try write("got.jsonl", bare), "--exact"])
        XCTAssertEqual(run.status, 0, run.out + run.err)
        XCTAssertTrue(run.out.contains("4 cases compared, all equal"), run.out)
    }

    /// `--revision N --cases FILE`: a reader of revision 1 is judged as `check` judges it — a
    /// later revision's field, and a later question on a case that sets its inputs, are pending
    /// (counted, not compared); its own revision's fields on other cases still are.
    func testALaggingReaderIsComparedOnItsOwnRevisionOnly() throws {
        let text = try String(contentsOf: TestRepository.root.appendingPathComponent("golden/expected/projects.jsonl"), encoding: .utf8)
        let selected = try XCTUnwrap(text.split(separator: "\n").map(String.init).first { $0.contains(#""projectTitle":"Groceries""#) })
        let plain = try XCTUnwrap(try goldenLines(2).first)
        // Case ids are plain `[a-z0-9._#@/-]` words (CONTRACT §6): the text up to the next quote.
        func caseId(_ line: String) -> String { String(line.dropFirst(#"{"id":""#.count).prefix { $0 != "\"" }) }
        let selectedId = caseId(selected), plainId = caseId(plain)
        let expected = try write("expected.jsonl", [selected, plain])
        let cases = try write("cases.jsonl", [
            #"{"id":"\#(selectedId)","blob":"{}","selectedProjectId":"p1","nowMs":0,"timeZone":"Europe/Berlin"}"#,
            #"{"id":"\#(plainId)","blob":"{}","nowMs":0,"timeZone":"Europe/Berlin"}"#,
        ])
        let lagging = ["--revision", "1", "--cases", cases]
        // A revision-2 field and the selection's rows differ: pending for revision 1, compared at 2.
        let later = selected.replacingOccurrences(of: #""projectTitle":"Groceries""#, with: #""projectTitle":"Other""#)
            .replacingOccurrences(of: #""title":"Buy oat milk""#, with: #""title":"Today's first row""#)
        let got = try write("later.jsonl", [later, plain])
        XCTAssertEqual(try compare([expected, got]).status, 1)
        let run = try compare([expected, got] + lagging)
        XCTAssertEqual(run.status, 0, run.out + run.err)
        XCTAssertTrue(run.out.contains("differing fields pending (features outside 1), not compared"), run.out)
        // Its own revision's field on a case without a selection still blocks.
        let own = plain.replacingOccurrences(of: #""title":"Task one""#, with: #""title":"Task 1""#)
        XCTAssertEqual(try compare([expected, try write("own.jsonl", [selected, own])] + lagging).status, 1)
        XCTAssertEqual(try compare([expected, got, "--revision", "1"]).status, 2, "--revision needs the cases")
    }

    func testADifferingFieldMissingAndExtraCasesDiffer() throws {
        let lines = try goldenLines(4)
        let expected = try write("expected.jsonl", lines)
        var got = lines
        got[1] = got[1].replacingOccurrences(of: #""title":"Task one""#, with: #""title":"Task 1""#)
        let caseId = try XCTUnwrap(ViewLineFile.parse(Array(got[1].utf8), file: "x", lineNumber: 1).id)
        let run = try compare([expected, try write("got.jsonl", got)])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.out.contains("\(caseId)  parse.tasks[0].title: expected \"Task one\", got \"Task 1\""), run.out)
        XCTAssertTrue(run.out.contains("1 differ"), run.out)

        let short = try compare([expected, try write("short.jsonl", Array(lines.dropLast()))])
        XCTAssertEqual(short.status, 1)
        XCTAssertTrue(short.out.contains("1 missing"), short.out)
        let long = try compare([try write("fewer.jsonl", Array(lines.dropLast())), expected])
        XCTAssertEqual(long.status, 1)
        XCTAssertTrue(long.out.contains("1 not expected"), long.out)

        // A list excuses what it names, nothing else.
        let list = try write("list.txt", ["\(caseId)  [parse.tasks[].title,display.rows[].title]  reviewed title spelling difference"])
        XCTAssertEqual(try compare([expected, try write("got2.jsonl", got), "--list", list]).status, 0)
        let other = try write("other.txt", ["\(caseId)  [parse.tasks[].id]  reviewed title spelling difference"])
        XCTAssertEqual(try compare([expected, try write("got3.jsonl", got), "--list", other]).status, 1)
    }

    /// "N differ" comes with where: the differing cases per field (row dropped) and per case id
    /// without zone and instant, most first — what broke down the app's 7bab465d reader (108
    /// cases: 9 cases of the projects family × 12 zones and instants, all projectTitle).
    func testDifferencesAreBrokenDownByFieldAndCase() throws {
        let lines = try goldenLines(4)
        let expected = try write("expected.jsonl", lines)
        let got = lines.map { $0.replacingOccurrences(of: #""title":"Task one""#, with: #""title":"Task 1""#) }
        let ids = try lines.enumerated().map { try ViewLineFile.parse(Array($0.element.utf8), file: "x", lineNumber: $0.offset + 1).id }
        let changed = zip(lines, got).filter { $0 != $1 }.count
        XCTAssertGreaterThan(changed, 1)
        let run = try compare([expected, try write("got.jsonl", got), "--show", "0"])
        XCTAssertEqual(run.status, 1)
        // The title is painted too: both fields, equal counts, by name.
        XCTAssertTrue(run.out.contains("differing cases by field: display.rows[].title \(changed), parse.tasks[].title \(changed)\n"), run.out)
        let stem = String(ids[0].prefix { $0 != "@" })
        XCTAssertTrue(run.out.contains("differing cases by case (zone and instant left out): "), run.out)
        XCTAssertTrue(run.out.contains("\(stem) "), run.out)
        XCTAssertFalse(try compare([expected, expected]).out.contains("differing cases by"))
    }

    func testErrorTextsCountOnlyWhenExact() throws {
        let lines = try goldenLines(2)
        let expected = try write("expected.jsonl", lines)
        let got = [lines[0], lines[1].replacingOccurrences(of: #""error":"Value null"#, with: #""error":"Valeur null"#)]
        XCTAssertNotEqual(got, lines)
        let path = try write("got.jsonl", got)
        XCTAssertEqual(try compare([expected, path]).status, 0)
        let exact = try compare([expected, path, "--exact"])
        XCTAssertEqual(exact.status, 1)
        XCTAssertTrue(exact.out.contains("error or crash text differs"), exact.out)
    }

    func testParseOnlyComparesRowsAndWantsTheRestLeftOut() throws {
        let lines = try goldenLines(3)
        let expected = try write("expected.jsonl", lines)
        let parseOnly = lines.map { line -> String in
            let view = String(decoding: GoldenLine.view(Array(line.utf8)), as: UTF8.self)
            return String(view[..<view.range(of: #","meta":"#)!.lowerBound]) + "}"
        }
        XCTAssertEqual(try compare([expected, try write("parse.jsonl", parseOnly), "--parse-only"]).status, 0)
        // Without --parse-only, the fields left out are "not implemented" and differ.
        XCTAssertEqual(try compare([expected, try write("parse2.jsonl", parseOnly)]).status, 1)
        // A parse-only line that has meta is no parse-only line.
        let mixed = [lines[0]] + parseOnly.dropFirst()
        let run = try compare([expected, try write("mixed.jsonl", mixed), "--parse-only"])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.out.contains("a parse-only line has meta, stale or header"), run.out)
    }

    func testFirstStopsAtTheFirstDifferenceAndBadInputIsExit2() throws {
        let lines = try goldenLines(4)
        let expected = try write("expected.jsonl", lines)
        let got = lines.map { $0.replacingOccurrences(of: #""isDone":false"#, with: #""isDone":true"#) }
        let run = try compare([expected, try write("got.jsonl", got), "--first"])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.out.contains("(stopped at the first difference)"), run.out)
        let shown = run.out.components(separatedBy: "\n").filter { $0.hasPrefix("  ") }.map { $0.split(separator: " ")[0] }
        XCTAssertEqual(Set(shown).count, 1, run.out)  // one case, however many of its fields differ

        let garbage = try compare([expected, try write("bad.jsonl", [lines[0], #"{"id":"x","parse":"#])])
        XCTAssertEqual(garbage.status, 2)
        XCTAssertTrue(garbage.err.contains("bad.jsonl:2: not a JSON view line"), garbage.err)
        let twice = try compare([expected, try write("twice.jsonl", [lines[0], lines[0]])])
        XCTAssertEqual(twice.status, 2)
        XCTAssertTrue(twice.err.contains("twice.jsonl:2: field `id`: case"), twice.err)
        XCTAssertEqual(try compare([expected]).status, 2)
        // A golden folder is one side as readily as a file: its <fixture>.jsonl files are read
        // (a folder of these lines agrees, one of the flipped lines differs).
        for (name, side) in [("same", lines), ("flipped", got)] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
            _ = try write("\(name)/canonical.jsonl", side)
        }
        XCTAssertEqual(try compare([folder.appendingPathComponent("same").path, expected, "--quiet"]).status, 0)
        XCTAssertEqual(try compare([folder.appendingPathComponent("flipped").path, expected, "--quiet"]).status, 1)
    }
}

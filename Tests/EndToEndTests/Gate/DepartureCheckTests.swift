import ContractModel
import Foundation
import WidgetSnapshot
import XCTest
@testable import HarnessCorpus
@testable import HarnessGate
@testable import HarnessReaders
import HarnessTestSupport

/// A departure is stated once, as a predicate: a list entry names the one it relies on and
/// may excuse only differences that show its cause (CONTRACT.md §5).
final class DepartureCheckTests: XCTestCase {
    private let kotlinOnly = Gate.Options(readers: [], includeRecordings: true)

    /// The committed kotlin.txt with one entry's reason rewritten.
    private func planted(_ paths: HarnessPaths, entry pattern: String, _ rewrite: (String) -> String) throws -> Int {
        let url = paths.root.appendingPathComponent("golden/divergences/kotlin.txt")
        var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        let index = try XCTUnwrap(lines.firstIndex { $0.hasPrefix(pattern + " ") })
        lines[index] = rewrite(lines[index])
        try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        return index + 1
    }

    func testAnEntryCanExcuseNoMoreThanItsDepartureAllows() throws {
        let paths = try GateTestSupport.canonicalTree()
        defer { GateTestSupport.remove(paths) }
        // (Unplanted, this tree has no problem: the exact three below are the only ones.)
        // A BOM is org.json's lenient syntax (D2), not bytes that are not UTF-8 (D3); a Julian
        // day (D4) is not JDK 17's zone data (D8); depth 2049 (D5) is not lenient syntax (D2).
        let bom = try planted(paths, entry: "*/syntax.bom@*") { $0.replacingOccurrences(of: "D2: ", with: "D3: ") }
        let julian = try planted(paths, entry: "*/dates.real-day#0001-01-01@*") { $0.replacingOccurrences(of: "D4: ", with: "D8: ") }
        let deep = try planted(paths, entry: "*/size.deep-nesting#2048@*") { $0.replacingOccurrences(of: "D5: ", with: "D2: ") }
        let result = try Gate.check(paths, options: kotlinOnly)
        XCTAssertFalse(result.passed)
        guard result.problems.count == 3 else { return XCTFail("three entries overreach: \(result.problems)") }
        XCTAssertTrue(result.problems[0].hasPrefix("golden/divergences/kotlin.txt:\(bom): entry `*/syntax.bom@*` relies on D3, but case canonical/syntax.bom@"), result.problems[0])
        XCTAssertTrue(result.problems[0].contains("without D3's cause (and "), result.problems[0])
        XCTAssertTrue(result.problems[1].hasPrefix("golden/divergences/kotlin.txt:\(julian): entry `*/dates.real-day#0001-01-01@*` relies on D8, but case "), result.problems[1])
        XCTAssertTrue(result.problems[1].contains("differs in header.dayMs without D8's cause"), result.problems[1])
        XCTAssertTrue(result.problems[2].hasPrefix("golden/divergences/kotlin.txt:\(deep): entry `*/size.deep-nesting#2048@*` relies on D2"), result.problems[2])
        XCTAssertTrue(TextSummary.render(ReportFacts(result)).contains("FAIL: golden/divergences/kotlin.txt:\(bom): "))
    }

    func testEveryKotlinEntryNamesADepartureAndNoOtherReadersDoes() throws {
        let paths = try GateTestSupport.canonicalTree()
        defer { GateTestSupport.remove(paths) }
        let line = try planted(paths, entry: "*/syntax.comment#*@*") { $0.replacingOccurrences(of: "D2: ", with: "") }
        let result = try Gate.check(paths, options: kotlinOnly)
        XCTAssertEqual(result.problems, ["golden/divergences/kotlin.txt:\(line): entry `*/syntax.comment#*@*` names no departure: every entry of the kotlin reader's list relies on one of D1–D8 (start its reason with `Dn:`, CONTRACT.md §5)"])

        // A reader without declared departures (Swift, the reference; a testee: PlatformDeclarationTests) names none.
        let list = try DivergenceList.parse("# a team's own list\n*/syntax.bom@*  [parse]  D2: this reader is lenient too\n", file: "golden/divergences/ios.txt")
        let verdict = ReaderVerdict.judge(reader: ReaderEntry(name: "ios", role: .product), caseIds: [], expected: [], got: [], list: list)
        XCTAssertEqual(DepartureCheck.problems(verdict, list: list, cases: [], expected: [], got: []),
                       ["golden/divergences/ios.txt:2: entry `*/syntax.bom@*` names departure D2, but CONTRACT.md §5 declares none for the ios reader: say why in its own words, without a `Dn:` token"])
        // A departure not declared for the reader is refused too.
        let narrow = ReaderEntry(name: "jdk", role: .recorded, departures: [.d7])
        let verdict7 = ReaderVerdict.judge(reader: narrow, caseIds: [], expected: [], got: [], list: list)
        XCTAssertEqual(DepartureCheck.problems(verdict7, list: list, cases: [], expected: [], got: []),
                       ["golden/divergences/ios.txt:2: entry `*/syntax.bom@*` names departure D2, which CONTRACT.md §5 does not declare for the jdk reader (D7)"])
        // `not implemented` entries name none and are not held to one.
        let partial = try DivergenceList.parse("*  [meta]  not implemented: an older build\n", file: "golden/divergences/kotlin.txt")
        XCTAssertEqual(DepartureCheck.problems(ReaderVerdict.judge(reader: .kotlin, caseIds: [], expected: [], got: [], list: partial),
                                               list: partial, cases: [], expected: [], got: []), [])
    }

    func testTheTokenIsTheReasonsFirstWordAndOnlyD1ToD8() throws {
        let list = try DivergenceList.parse("a  [parse]  D3: bytes not UTF-8\nb  [parse]  see D3: bytes not UTF-8\nc  [parse]  D3 bytes not UTF-8\n", file: "l.txt")
        XCTAssertEqual(list.entries.map(\.departure), [.d3, nil, nil])
        XCTAssertThrowsError(try DivergenceList.parse("\na  [parse]  D9: no such departure\n", file: "l.txt")) { error in
            XCTAssertEqual("\(error)", "l.txt:2: reason names departure D9, which CONTRACT.md §5 does not declare (D1–D8)")
        }
    }

    /// D2, D3, D5 and D6 are told apart by why the blob is not JSON for us.
    func testWhyABlobIsNotJSONNamesOneDeparture() {
        var facts = DeclaredDepartures.CaseFacts()
        XCTAssertEqual(facts.notJSON(Array("\u{FEFF}{\"v\":1}".utf8)), .d2)
        facts = DeclaredDepartures.CaseFacts()
        XCTAssertEqual(facts.notJSON(Array("{\"v\":1,\"tasks\":[]}".utf8) + [0xFF]), .d3)
        facts = DeclaredDepartures.CaseFacts()
        XCTAssertEqual(facts.notJSON(Array((String(repeating: "[", count: 2049) + String(repeating: "]", count: 2049)).utf8)), .d5)
        facts = DeclaredDepartures.CaseFacts()
        XCTAssertEqual(facts.notJSON(Array("{\"v\":1,\"x\":[1e400]}".utf8)), .d6)
        facts = DeclaredDepartures.CaseFacts()
        XCTAssertNil(facts.notJSON(Array("{\"v\":1}".utf8)))
    }

    /// The fuzzer excuses by the reader's own departures (its roster entry's), no others.
    func testOnlyTheReadersDeclaredDeparturesExcuse() {
        let testCase = Case(id: "x", blob: Array("\u{FEFF}{\"v\":1}".utf8), nowMs: 0, timeZone: "Europe/Berlin")
        let expected = ReaderOutcome.view(DecodedView(id: "x", parse: .error("BOM"), meta: .unknown, stale: false, header: .today))
        let got = ReaderOutcome.view(DecodedView(id: "x", parse: .tasks([]), meta: .unknown, stale: false, header: .today))
        let difference = FieldDifference.between(expected: expected, got: got)[0]
        var facts = DeclaredDepartures.CaseFacts()
        XCTAssertEqual(DeclaredDepartures(ReaderEntry.kotlin.departures).excuse(difference, in: testCase, expected: expected, got: got, facts: &facts), .notJSON)
        facts = DeclaredDepartures.CaseFacts()
        XCTAssertNil(DeclaredDepartures([.d3, .d7]).excuse(difference, in: testCase, expected: expected, got: got, facts: &facts))
    }
}

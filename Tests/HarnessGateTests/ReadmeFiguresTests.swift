import ContractModel
import Foundation
import HarnessCorpus
import HarnessTestSupport
import XCTest
import TestSupport

/// README's figures drifted once (it said "~5,500 cases" at 6,084, its walk-through "5700"):
/// every figure it gives about the corpus — the case count, the fixture count, the family rows of
/// the walk-through, the counts `record` prints, the testee's agree + listed — is checked here
/// against the corpus the tree builds, so a change to the corpus fails until README says it.
final class ReadmeFiguresTests: XCTestCase {
    func testReadmesCorpusFiguresAreTheCorpus() throws {
        let root = TestRepository.root
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let corpus = try GateTestSupport.repositoryCorpus()
        XCTAssertEqual(try ReadmeFigures.problems(readme: readme, corpus: corpus), [])
    }

    /// Planted drift in each kind of figure.
    func testTheCheckSeesEachKindOfFigureDrift() throws {
        let root = TestRepository.root
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let corpus = try GateTestSupport.repositoryCorpus()
        let total = corpus.cases.count
        // The record transcript's run time is whatever that run took: take it from README.
        let recordLine = try XCTUnwrap(readme.range(of: #"record: run [0-9.]+ s, [0-9]+ cases"#, options: .regularExpression)
            .map { String(readme[$0]) })
        let recordTime = recordLine.replacingOccurrences(of: #", [0-9]+ cases$"#, with: "", options: .regularExpression)
        // The walk-through's zone row, from the corpus's own zone family count (it grows with zone classes).
        let zone = try XCTUnwrap(ReadmeFigures.familyCounts(corpus)["zone"])
        for (old, new) in [("\(ReadmeFigures.grouped(total)) cases today", "5,500 cases today"),
                           ("check: \(total) cases", "check: 5700 cases"),
                           ("\(recordTime), \(total) cases", "\(recordTime), 5700 cases"),
                           ("  zone        \(zone) cases", "  zone        \(zone + 1) cases")] {
            XCTAssertTrue(readme.contains(old), "README no longer holds `\(old)`")
            XCTAssertFalse(try ReadmeFigures.problems(readme: readme.replacingOccurrences(of: old, with: new), corpus: corpus).isEmpty,
                           "drift `\(new)` not seen")
        }
    }
}

/// Reads README's figures about the corpus and says which differ from it.
enum ReadmeFigures {
    static func grouped(_ n: Int) -> String {
        let digits = String(n)
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out += "," }
            out.append(character)
        }
        return out
    }

    /// Cases per mutation family, as the walk-through's "by family" rows count them.
    static func familyCounts(_ corpus: Corpus) -> [String: Int] {
        var families: [String: Int] = [:]
        for testCase in corpus.cases { families[CaseID.family(of: testCase.id), default: 0] += 1 }
        return families
    }

    static func problems(readme: String, corpus: Corpus) throws -> [String] {
        let total = corpus.cases.count
        let fixtures = corpus.fixtures.count
        let families = familyCounts(corpus)
        var problems: [String] = []
        func each(_ pattern: String, _ check: ([String]) -> String?) throws {
            let regex = try NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
            let text = readme as NSString
            let matches = regex.matches(in: readme, range: NSRange(location: 0, length: text.length))
            if matches.isEmpty { problems.append("README has no figure matching \(pattern)") }
            for match in matches {
                let groups = (1..<match.numberOfRanges).map { text.substring(with: match.range(at: $0)) }
                if let problem = check(groups) { problems.append(problem) }
            }
        }
        try each(#"([0-9][0-9,]*) cases today from ([0-9]+) fixtures"#) { g in
            g == [grouped(total), String(fixtures)] ? nil : "intro says \(g[0]) cases from \(g[1]) fixtures; the corpus has \(grouped(total)) from \(fixtures)"
        }
        try each(#"contract-harness check: ([0-9]+) cases from ([0-9]+) fixtures"#) { g in
            g == [String(total), String(fixtures)] ? nil : "a check transcript says \(g[0]) cases from \(g[1]) fixtures; the corpus has \(total) from \(fixtures)"
        }
        try each(#"record: run [0-9.]+ s, ([0-9]+) cases"#) { g in
            g[0] == String(total) ? nil : "a record transcript says \(g[0]) cases; the corpus has \(total)"
        }
        try each(#"wrote golden/kotlin/ \(([0-9]+) cases, ([0-9]+) fixtures"#) { g in
            // golden/kotlin holds one file per fixture, one for the zone-day cases and one for the writer family.
            let files = fixtures + 1 + (corpus.writer == nil ? 0 : 1)
            return g == [String(total), String(files)] ? nil : "a record transcript says \(g[0]) cases, \(g[1]) files; the corpus gives \(total), \(files)"
        }
        try each(#"^  ([a-z]+) +([0-9]+) cases +swift "#) { g in
            families[g[0]] == Int(g[1]) ? nil : "the family row `\(g[0])` says \(g[1]) cases; the corpus has \(families[g[0]] ?? 0)"
        }
        try each(#"# PASS: ([0-9]+) agree, ([0-9]+) listed"#) { g in
            (Int(g[0]) ?? 0) + (Int(g[1]) ?? 0) == total ? nil : "a testee line says \(g[0]) agree + \(g[1]) listed; the corpus has \(total) cases"
        }
        try each(#""([0-9]+) cases compared, all equal""#) { g in
            g[0] == String(total) ? nil : "a compare line says \(g[0]) cases; the corpus has \(total)"
        }
        return problems
    }
}

import Foundation
import XCTest
import TestSupport

/// The measurement guides are guides, not logs: outside their generated blocks, no commit hash of a
/// run, no date, no issue number, no "this session" (BENCHMARKS.md once carried 800 lines of dated
/// run notes and 108 of this project's commit hashes). Figures come from blocks a command writes, and
/// every measurement of `scripts/bench` has its block in docs/benchmarks.md, exactly once.
final class MeasurementGuidesTests: XCTestCase {
    static let guides = ["docs/benchmarks.md", "docs/adequacy.md"]

    func testTheGuidesCarryNoRunLog() throws {
        for guide in Self.guides {
            let text = try String(contentsOf: TestRepository.url(guide), encoding: .utf8)
            XCTAssertEqual(GuideText.logLines(text), [], guide)
        }
    }

    func testEveryMeasurementOfScriptsBenchHasItsBlockOnce() throws {
        let bench = try String(contentsOf: TestRepository.url("scripts/bench"), encoding: .utf8)
        let modes = try XCTUnwrap(bench.range(of: #"--only takes: [a-z, -]+"#, options: .regularExpression)
            .map { bench[$0].dropFirst("--only takes: ".count).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } })
        XCTAssertTrue(modes.contains("fuzz") && modes.contains("ci-steps"), "\(modes)")
        let guide = try String(contentsOf: TestRepository.url("docs/benchmarks.md"), encoding: .utf8)
        for key in ["run"] + modes {
            let lines = guide.split(separator: "\n", omittingEmptySubsequences: false)
            let begins = lines.indices.filter { lines[$0].hasPrefix("<!-- BEGIN GENERATED \(key) by `scripts/bench") }
            let ends = lines.indices.filter { lines[$0] == "<!-- END GENERATED \(key) -->" }
            XCTAssertEqual(begins.count, 1, "block `\(key)`: BEGIN lines")
            XCTAssertEqual(ends.count, 1, "block `\(key)`: END lines")
            if let begin = begins.first, let end = ends.first { XCTAssertLessThan(begin, end, "block `\(key)`") }
        }
    }

    /// Planted: each kind of run-log line is seen outside a block, and nothing inside one.
    func testTheCheckSeesEachKindOfLogLineOutsideABlock() {
        let block = "<!-- BEGIN GENERATED gate by `scripts/bench --only gate`: … -->\n_Made at commit `48db529`, 2026-11-29 21:02 UTC._\n<!-- END GENERATED gate -->\n"
        XCTAssertEqual(GuideText.logLines("# Guide\n\nThe scan costs per token.\n" + block), [])
        for line in ["Read from the full run above (commit 48db529, load 0.34).",
                     "The 0.5 s target is met on an idle machine (2026-12-01).",
                     "### 6 Dec 2026, second session: the budget with room",
                     "The gate on both cores (issue 21)",
                     "measured at 12:06 UTC, after every helper had stopped",
                     "What this session changed"] {
            XCTAssertEqual(GuideText.logLines("# Guide\n\n" + line + "\n" + block), [line], line)
        }
        // A mutant id's hash and a SHA-256 digest are not commits; a date of the contract's calendar is not a run's.
        XCTAssertEqual(GuideText.logLines("`c.tzif.lookup.boundary.d3262a95`, `e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855`, "
                                          + "Julian before 1582-10-15\n"), [])
    }
}

/// The lines of a guide, outside its generated blocks, that read like a run log.
enum GuideText {
    private static let patterns = [
        #"(?<![.\w/-])(?=[0-9a-f]*[0-9])(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}(?![\w-])"#,        // a commit hash
        #"\b(19|20)\d\d-\d\d-\d\d\b"#,                                                          // a date
        #"\b\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]* (19|20)\d\d\b"#,
        #"\b\d\d:\d\d( |–|-)?(\d\d:\d\d )?UTC\b"#,                                              // a time of day
        #"(?i)\(issue \d+\)|\bissue \d+\b"#,
        #"(?i)\b(this|second|first|last) session\b"#,
    ].map { try! NSRegularExpression(pattern: $0) }

    static func logLines(_ text: String) -> [String] {
        var inside = false
        var found: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("<!-- BEGIN GENERATED") { inside = true; continue }
            if line.hasPrefix("<!-- END GENERATED") { inside = false; continue }
            guard !inside else { continue }
            let range = NSRange(line.startIndex..., in: line)
            if patterns.contains(where: { $0.firstMatch(in: line, range: range) != nil }) { found.append(line) }
        }
        return found
    }
}

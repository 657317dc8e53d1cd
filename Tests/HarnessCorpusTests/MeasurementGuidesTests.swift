import Foundation
import XCTest
import TestSupport

/// The measurement guides are guides, not logs: outside their generated blocks, no commit hash of a
/// run, no date, no issue number, no "this session" (BENCHMARKS.md once carried 800 lines of dated
/// run notes and 108 of this project's commit hashes). Figures come from blocks a command writes, and
/// every measurement of `scripts/bench` has its block in docs/benchmarks.md, exactly once.
final class MeasurementGuidesTests: XCTestCase {
    static let guides = ["docs/benchmarks.md", "docs/adequacy.md"]

    /// Stricter than every guide (DocsHygieneTests): a measurement guide names no commit at all,
    /// not even the app's, outside its blocks.
    func testTheGuidesCarryNoRunLog() throws {
        for guide in Self.guides {
            let text = try String(contentsOf: TestRepository.url(guide), encoding: .utf8)
            XCTAssertEqual(RunNotes.lines(text, isCommit: { _ in true }), [], guide)
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

    /// Planted: the app's commit, which another guide may cite as a source, is a log line in a
    /// measurement guide; every other kind is RunNotes' (DocsHygieneTests).
    func testAnyCommitIsALogLineInAMeasurementGuide() {
        let line = "The app's file at b28e0ade was measured too."
        XCTAssertEqual(RunNotes.lines("# Guide\n\n" + line + "\n", isCommit: { _ in true }), [line])
        XCTAssertEqual(RunNotes.lines("# Guide\n\n" + line + "\n", isCommit: { _ in false }), [])
    }
}

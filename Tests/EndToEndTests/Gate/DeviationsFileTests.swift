import Foundation
import XCTest
@testable import HarnessCorpus
@testable import HarnessGate
import HarnessTestSupport
import TestSupport

/// `check --deviations FILE`: every deviation of every reader, one line each, written beside
/// the page that samples them and linked from it (ReportSizeTests holds the sampling).
final class DeviationsFileTests: XCTestCase {
    func testCheckWritesTheDeviationsFileTheHTMLPageLinks() throws {
        try GateTestSupport.skipUnlessTheCLIIsBuilt()
        let paths = try GateTestSupport.smallTree()
        defer { GateTestSupport.remove(paths) }
        let script = paths.root.appendingPathComponent("dayless.sh")
        try """
            #!/bin/sh
            "$1" tool decode --reader swift | sed -u -E 's/"dayStr":(null|"[^"]*")/"dayStr":"~"/'

            """.write(to: script, atomically: true, encoding: .utf8)
        chmod(script.path, 0o755)
        let folder = paths.root.appendingPathComponent("reports")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let run = try GateTestSupport.runCLI(["check", "--root", paths.root.path, "--no-recordings",
                                              "--testee", "dayless=\(script.path) \(GateTestSupport.cli.path)",
                                              "--html", folder.appendingPathComponent("page.html").path,
                                              "--deviations", folder.appendingPathComponent("deviations.jsonl").path])
        XCTAssertEqual(run.status, 1, run.err)
        let page = try String(contentsOf: folder.appendingPathComponent("page.html"), encoding: .utf8)
        XCTAssertTrue(page.contains("<a href=\"deviations.jsonl\">deviations.jsonl</a>"), "a link beside the page")
        let lines = try String(contentsOf: folder.appendingPathComponent("deviations.jsonl"), encoding: .utf8).split(separator: "\n")
        let cases = try Corpus.load(paths).cases
        XCTAssertEqual(lines.count, cases.count, "one line per deviating case")
        XCTAssertTrue(lines.allSatisfy { $0.hasPrefix(#"{"reader":"dayless","id":""#) && $0.contains(#""status":"unexpected""#) })
    }
}

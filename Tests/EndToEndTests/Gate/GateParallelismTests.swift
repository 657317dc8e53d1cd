import ContractModel
import Foundation
import XCTest
@testable import HarnessCorpus
@testable import HarnessGate
@testable import HarnessReaders
import HarnessTestSupport
import TestSupport

/// `check` judges cases on every core (golden lines opened and parsed, fingerprints,
/// readers, comparisons): what it reports, in what order, and which bad line it stops at
/// must not depend on how many threads did the work.
final class GateParallelismTests: XCTestCase {
    /// A cut of the corpus (`statesTree`: two fixtures, the zone days and the writer family,
    /// ~700 cases in some 16 chunks per run) with a reader that deviates on a whole family
    /// (unexpected deviations spread over many chunks) next to recorded Kotlin (listed ones,
    /// in the writer family): the JSON report and the text summary are byte-identical at one
    /// thread and at two.
    func testTheVerdictIsTheSameAtOneThreadAndAtTwo() throws {
        let paths = try GateTestSupport.statesTree()
        defer { GateTestSupport.remove(paths) }
        let corpus = try Corpus.load(paths)
        func report(jobs: Int) throws -> (json: [UInt8], text: String) {
            let readers: [any Reader] = [FlippingReader(name: "swift", wrapped: SwiftReader(), family: "pending"), CReferenceReader()]
            let facts = ReportFacts(try Gate.check(paths, corpus: corpus, options: Gate.Options(readers: readers, jobs: jobs)))
            return (JSONReport.render(facts), TextSummary.render(facts))
        }
        let one = try report(jobs: 1)
        let two = try report(jobs: 2)
        XCTAssertTrue(one.text.contains("pending"), one.text)
        XCTAssertTrue(one.text.contains("kotlin"), one.text)
        XCTAssertEqual(String(decoding: one.json, as: UTF8.self), String(decoding: two.json, as: UTF8.self))
        XCTAssertEqual(one.text, two.text)
    }

    /// Two bad lines in two files: the error names the first in file and line order
    /// (what a serial read reported), at any `jobs`; a file that cannot be read after it
    /// does not take its place.
    func testAGoldenFolderStopsAtItsFirstBadLineAtAnyJobs() throws {
        let folder = Scratch.url("views")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = #"{"id":"alpha/op@berlin@far","parse":{"error":"x"},"meta":{"dayStr":null,"validUntil":null},"stale":false,"header":{"kind":"today"}"#
            + DescribedValues.addedTail + "}"
        let lines = (0..<400).map { _ in good }
        var alpha = lines
        alpha[300] = #"{"id":"alpha/op@berlin@near","parse":"#  // cut short
        var beta = lines.map { $0.replacingOccurrences(of: "alpha/", with: "beta/") }
        beta[5] = "not json"
        try (alpha.joined(separator: "\n") + "\n").write(to: folder.appendingPathComponent("alpha.jsonl"), atomically: true, encoding: .utf8)
        try (beta.joined(separator: "\n") + "\n").write(to: folder.appendingPathComponent("beta.jsonl"), atomically: true, encoding: .utf8)
        let store = ViewStore(folder: folder, displayName: "golden/expected", tree: TreeBoundary(root: folder))
        for jobs in [1, 2, 8] {
            XCTAssertThrowsError(try store.loadLines(jobs: jobs)) { error in
                let error = error as? HarnessInputError
                XCTAssertEqual(error?.file, "golden/expected/alpha.jsonl", "jobs \(jobs)")
                XCTAssertEqual(error?.line, 2, "jobs \(jobs): the duplicate of line 1 comes before the cut line 301")
            }
        }
        alpha = lines.enumerated().map { $0.element.replacingOccurrences(of: "@far", with: "@far\($0.offset)") }
        alpha[300] = #"{"id":"alpha/op@berlin@near","parse":"#
        try (alpha.joined(separator: "\n") + "\n").write(to: folder.appendingPathComponent("alpha.jsonl"), atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("beta.jsonl"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("beta.jsonl"), withIntermediateDirectories: false)
        for jobs in [1, 2, 8] {
            XCTAssertThrowsError(try store.loadLines(jobs: jobs)) { error in
                let error = error as? HarnessInputError
                XCTAssertEqual(error?.file, "golden/expected/alpha.jsonl", "jobs \(jobs): \(String(describing: error))")
                XCTAssertEqual(error?.line, 301, "jobs \(jobs): the cut line, not the unreadable beta.jsonl after it")
            }
        }
    }
}

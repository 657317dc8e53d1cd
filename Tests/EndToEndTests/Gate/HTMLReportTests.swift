import HarnessCorpus
import HarnessGate
import HarnessReaders
import ContractModel
import Foundation
import WidgetSnapshot
import XCTest
import HarnessTestSupport
import TestSupport

/// The structure of `report --html` and `explain --html`, read back from the HTML string:
/// one group per fixture × family, open exactly when something deviates, one case row per
/// deviating case with its status, totals that match the verdicts, hostile blobs escaped,
/// nothing fetched. Runs the real gate on a small tree with a planted reader whose
/// deviations are known: listed on `base`, unexpected on `meta`, crashing on `pending`.
final class HTMLReportTests: XCTestCase {
    private var tree: URL!

    override func tearDown() {
        if let tree { try? FileManager.default.removeItem(at: tree) }
        super.tearDown()
    }

    /// The hostile case's blob: markup in a title, a NUL and a C1 control in an id.
    private static let hostileBlob = #"{"v":1,"tasks":[{"id":"t\u0000\u0085","title":"</pre><script>alert(1)</script>","isDone":false}]}"#

    func testTheMatrixHasOneGroupPerFixtureAndFamilyOpenExactlyWhereSomethingDeviates() throws {
        let (result, html) = try gateAndPage()
        let groups = matches(#"<details class="group" id="([^"]+)" data-fixture="([^"]+)" data-family="([^"]+)" data-cases="(\d+)" data-deviating="(\d+)" data-status="([a-z-]+)"( open)?>"#, in: html)
        let expectedGroups = Set(result.corpus.cases.map { "\($0.fixtureName)/\(CaseID.family(of: $0.id))" })
        XCTAssertEqual(groups.count, expectedGroups.count, "one <details class=group> per fixture × family")
        XCTAssertEqual(Set(groups.map { "\($0[2])/\($0[3])" }), expectedGroups)
        XCTAssertEqual(groups.reduce(0) { $0 + Int($1[4])! }, result.corpus.cases.count, "group case counts add up to the corpus")
        for group in groups {
            let family = group[3], status = group[6], isOpen = !group[7].isEmpty
            switch family {
            case "base": XCTAssertEqual(status, "listed")
            case "meta": XCTAssertEqual(status, "unexpected")
            case "pending": XCTAssertEqual(status, "crash")
            default: XCTAssertEqual(status, "agree", family)
            }
            XCTAssertEqual(isOpen, status != "agree", "\(family): open exactly when a reader deviates")
            XCTAssertEqual(Int(group[5])! > 0, status != "agree", family)
        }
    }

    func testEveryDeviatingCaseHasARowWithItsStatusAndTheTotalsMatchTheVerdicts() throws {
        let (result, html) = try gateAndPage()
        let verdict = try XCTUnwrap(result.verdicts.first { $0.reader == "planted" })
        let count = { (family: String) in result.corpus.cases.filter { CaseID.family(of: $0.id) == family }.count }
        XCTAssertEqual(verdict.listed.count, count("base"))
        XCTAssertEqual(verdict.unexpected.count, count("meta") + count("pending"))

        // Every case row (deviating or sampled), with the worst status over its readers.
        let rows = matches(#"<details class="case" id="c-[a-z0-9-]+" data-case="([^"]+)" data-status="([a-z-]+)">"#, in: html)
        let byStatus = Dictionary(grouping: rows, by: { $0[2] }).mapValues(\.count)
        XCTAssertEqual(byStatus["listed"], count("base"))
        XCTAssertEqual(byStatus["unexpected"], count("meta"))
        XCTAssertEqual(byStatus["crash"], count("pending"))
        let deviating = Set(verdict.deviations.map(\.caseId))
        XCTAssertTrue(deviating.isSubset(of: Set(rows.map { $0[1] })), "every deviating case has a row")

        // Agreeing cases: at most the sample per group, never all of them.
        let agreeingRows = rows.filter { $0[2] == "agree" }.count
        let groupCount = matches(#"<details class="group""#, in: html).count
        XCTAssertLessThanOrEqual(agreeingRows, 2 * groupCount)
        XCTAssertLessThan(rows.count, result.corpus.cases.count, "agreeing rows are collapsed, not listed one by one")

        // The totals table carries the same numbers.
        // The totals table carries the verdict's numbers, as the text summary prints them: the
        // unexpected crashes (pending) are unexpected, and also counted under "no view".
        let planted = try XCTUnwrap(matches(#"<tr data-reader="planted" data-agree="(\d+)" data-listed="(\d+)" data-not-implemented="(\d+)" data-unexpected="(\d+)" data-crash="(\d+)" data-stale="(\d+)"[^>]*>"#, in: html).first)
        XCTAssertEqual(Int(planted[1]), verdict.agreeing)
        XCTAssertEqual(Int(planted[2]), count("base"))
        XCTAssertEqual(Int(planted[3]), 0)
        XCTAssertEqual(Int(planted[4]), count("meta") + count("pending"))
        XCTAssertEqual(Int(planted[5]), count("pending"))
        XCTAssertEqual(Int(planted[6]), 0)
        XCTAssertEqual(Int(planted[1])! + Int(planted[2])! + Int(planted[3])! + Int(planted[4])!, result.corpus.cases.count)
        let swift = try XCTUnwrap(matches(#"<tr data-reader="swift" data-agree="(\d+)" data-listed="0" data-not-implemented="0" data-unexpected="0" data-crash="0""#, in: html).first)
        XCTAssertEqual(Int(swift[1]), result.corpus.cases.count)
        XCTAssertTrue(html.contains(#"<span class="verdict fail" id="verdict">FAIL</span>"#))
    }

    func testACaseDetailShowsTheBlobEveryReaderAndTheDiff() throws {
        let (result, html) = try gateAndPage()
        let id = try XCTUnwrap(result.corpus.cases.first { CaseID.family(of: $0.id) == "meta" }?.id)
        let start = try XCTUnwrap(html.range(of: "data-case=\"\(id)\""))
        let detail = String(html[start.upperBound...]).components(separatedBy: "</details>")[0]
        XCTAssertTrue(detail.contains("<pre class=\"blob\">"), "the blob")
        XCTAssertTrue(detail.contains("<tr class=\"expected\">"), "the expected view")
        for reader in ["swift", "c", "planted"] { XCTAssertTrue(detail.contains("<tr data-reader=\"\(reader)\""), reader) }
        XCTAssertTrue(detail.contains("<tr data-reader=\"planted\" data-status=\"unexpected\">"))
        XCTAssertTrue(detail.contains("<code>parse.tasks[0].isDone</code>: expected <del>"), "the field diff")
    }

    func testThePageIsSelfContainedAndEscapesHostileBlobs() throws {
        let (_, html) = try gateAndPage()
        XCTAssertFalse(html.contains("<script"), "a blob's markup must not become markup")
        XCTAssertTrue(html.contains("&lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt;"))
        XCTAssertTrue(html.contains(#""id":"t\u0000⟨U+0085⟩""#), "a C1 control in a view is shown, not remapped")
        XCTAssertEqual(HTMLText.escape("a\u{0}b\u{1B}c\u{7F}\t\n"), "a\u{2400}b\u{241B}c\u{2421}\t\n", "raw controls become control pictures")
        XCTAssertEqual(HTMLText.attribute(#"x" onload='y'"#), "x&quot; onload=&#39;y&#39;")
        for fetch in ["<link", " src=", "@import", "url(", "http://", "https://"] {
            XCTAssertFalse(html.contains(fetch), "the page fetches nothing (\(fetch))")
        }
        XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>"))
        XCTAssertEqual(matches("<details", in: html).count, matches("</details>", in: html).count, "balanced <details>")
    }

    func testExplainHTMLMarksADeviationListedOrUnexpectedAsTheListSays() throws {
        let (result, _) = try gateAndPage()
        let testCase = try XCTUnwrap(result.corpus.cases.first { $0.id.hasSuffix("hostile@berlin@at") })
        // An external testee that reads every case as stale with no rows.
        let view = #"{"id":"\#(testCase.id)","parse":{"tasks":[]},"meta":{"dayStr":null,"validUntil":null},"stale":false,"header":{"kind":"today"}}"#
        let testee = ExternalProcessReader(name: "echo", command: "while read -r line; do printf '%s\\n' '\(view)'; done", caseTimeout: 10)
        let explanation = try CaseGathering.explanation(of: testCase, paths: HarnessPaths(root: tree), testees: [testee])
        let list = try DivergenceList.parse("# paints: nothing\ncanonical/base.hostile@*  [parse]  planted: reads no rows\n"
                                           + "canonical/base.hostile@*  [display]  not implemented: this testee paints nothing\n", file: "golden/divergences/echo.txt")

        let listed = HTMLCaseExplanation.render(explanation, lists: ["echo": list])
        XCTAssertTrue(listed.contains("<tr data-reader=\"echo\" data-status=\"listed\">"))
        XCTAssertTrue(listed.contains("listed in golden/divergences/echo.txt:2 — planted: reads no rows"))
        XCTAssertTrue(listed.contains("<tr data-reader=\"swift\" data-status=\"agree\">"))

        let unexpected = HTMLCaseExplanation.render(explanation, lists: [:])
        XCTAssertTrue(unexpected.contains("<tr data-reader=\"echo\" data-status=\"unexpected\">"))
        XCTAssertTrue(unexpected.contains("<code>parse.tasks</code>: expected <del>1 rows</del> got <ins>0 rows</ins>"))
        XCTAssertFalse(unexpected.contains("<script"))
    }

    /// A crash the list excuses is still a crash, in the matrix and in the case's own page
    /// alike (they once disagreed: the matrix said listed).
    func testTheMatrixAndTheCaseDetailAgreeOnAListedCrash() throws {
        let listText = "canonical/pending*@*  [crash]  planted: no view on pending cases\n"
        let (result, html) = try gateAndPage(list: listText)
        let verdict = try XCTUnwrap(result.verdicts.first { $0.reader == "planted" })
        XCTAssertTrue(verdict.deviations.contains { CaseID.family(of: $0.caseId) == "pending" && !$0.isUnexpected },
                      "the planted crash is listed")
        let matrix = HTMLMatrix(result)
        let index = try XCTUnwrap(result.corpus.cases.firstIndex { CaseID.family(of: $0.id) == "pending" })
        let testCase = result.corpus.cases[index]
        XCTAssertEqual(matrix.cell(case: index, reader: "planted").status, .crash)
        XCTAssertTrue(html.contains("data-crash=\"\(result.corpus.cases.filter { CaseID.family(of: $0.id) == "pending" }.count)\""))
        // The totals agree with the text summary (and --json): the excused crash is listed there,
        // not unexpected, and its cases are not counted twice.
        let facts = ReportFacts(result)
        let text = TextSummary.render(facts)
        let row = try XCTUnwrap(text.split(separator: "\n").first { $0.hasPrefix("planted ") }).split(separator: " ").map(String.init)
        // The case counts after the reader, its verdict, its share of fields ("78.0 %") and its revision.
        let textRow = Array(row.dropFirst(try XCTUnwrap(row.firstIndex(of: "%")) + 2))
        XCTAssertTrue(html.contains("data-agree=\"\(textRow[0])\" data-listed=\"\(textRow[2])\" data-not-implemented=\"\(textRow[3])\" data-unexpected=\"\(textRow[4])\" data-crash=\"\(textRow[6])\" data-stale=\"\(textRow[5])\""),
                      "text: \(row)")

        let expected = result.expected[index]
        let got = try XCTUnwrap(result.outcomes["planted"]?[index])
        let view = CaseExplanation.ReaderView(entry: .liveTestee("planted"), outcome: got,
                                              differences: FieldDifference.between(expected: expected, got: got))
        let explanation = CaseExplanation(testCase: testCase, expected: expected, readers: [view])
        let list = try DivergenceList.parse(listText, file: "golden/divergences/planted.txt")
        XCTAssertEqual(explanation.status(of: view, list: list), matrix.cell(case: index, reader: "planted").status)
        let page = HTMLCaseExplanation.render(explanation, lists: ["planted": list])
        XCTAssertTrue(page.contains("<tr data-reader=\"planted\" data-status=\"crash\">"), "the case page shows the listed crash as a crash")
    }

    // MARK: - A small tree and a gate run with planted deviations

    private func gateAndPage(list: String = "canonical/base*@*  [parse.tasks[].isDone]  planted: flips the first row on base cases\n") throws -> (GateResult, String) {
        let full = try GateTestSupport.repositoryCorpus()
        let families: Set<String> = ["base", "version", "meta", "pending"]
        var cases = full.cases.filter { $0.fixtureName == "canonical" && families.contains(CaseID.family(of: $0.id)) }
        cases.append(Case(id: "canonical/base.hostile@berlin@at", blob: Array(Self.hostileBlob.utf8), nowMs: 1_784_325_600_000,
                          timeZone: "Europe/Berlin"))
        let corpus = Corpus(fixtures: full.fixtures.filter { $0.name == "canonical" }, cases: cases)

        tree = Scratch.url("html-report")
        let paths = HarnessPaths(root: tree)
        let reference = CReferenceReader()
        try paths.expected.write(cases.map { reference.view($0) }, cases: cases)
        let lists = paths.golden.appendingPathComponent("divergences")
        try FileManager.default.createDirectory(at: lists, withIntermediateDirectories: true)
        try list.write(to: lists.appendingPathComponent("planted.txt"), atomically: true, encoding: .utf8)

        let options = Gate.Options(readers: [SwiftReader(), reference, PlantedReader()], includeRecordings: false, jobs: 2)
        let result = try Gate.check(paths, corpus: corpus, options: options)
        // Every deviating case shown: the sampling of large sets is ReportSizeTests'.
        return (result, HTMLReport.render(ReportFacts(result), options: HTMLReport.Options(agreeingSamples: 2, deviationSamples: .max)))
    }

    /// Every match of `pattern`, each as [whole, group 1, …] ("" for a group that did not take part).
    private func matches(_ pattern: String, in text: String) -> [[String]] {
        let regex = try! NSRegularExpression(pattern: pattern)
        let range = NSRange(text.startIndex..., in: text)
        return regex.matches(in: text, range: range).map { match in
            (0..<match.numberOfRanges).map { index in
                Range(match.range(at: index), in: text).map { String(text[$0]) } ?? ""
            }
        }
    }
}

/// The Swift reader with planted faults by family: `base` and `meta` flip the first row's
/// isDone (base is listed in the tree, meta is not), `pending` produces no view at all.
private struct PlantedReader: Reader {
    let name = "planted"

    func decodeAll(_ cases: [Case], jobs: Int) -> [ReaderOutcome] {
        cases.map { testCase in
            let family = CaseID.family(of: testCase.id)
            if family == "pending" { return .failure("crash: planted") }
            var view = SwiftReader().decode(testCase)
            if family == "base" || family == "meta", case .tasks(var rows) = view.parse, !rows.isEmpty {
                rows[0].isDone.toggle()
                view.parse = .tasks(rows)
            }
            return .view(view)
        }
    }
}

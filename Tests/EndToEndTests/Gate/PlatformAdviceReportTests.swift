import ContractModel
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import HarnessCorpus
@testable import HarnessGate
import HarnessReaders
import XCTest
import HarnessTestSupport

/// The org.json advice a testee gets when its unexpected differences read exactly as the
/// recorded Kotlin end's and kotlin.txt excuses them (`PlatformEvidence.advice`: add `# platform:
/// org.json` and copy the lines) is in every report format, not only the text summary: a reviewer
/// reading the HTML page or a CI's JUnit view is told the same. The testee here replays
/// golden/kotlin under another name (no JVM), on the small states tree (whose writer cases
/// hold kotlin.txt's D1 lines); the advice is the gate's
/// own, and a hostile one is escaped as every untrusted text is.
final class PlatformAdviceReportTests: XCTestCase {
    func testEveryReportFormatCarriesTheOrgJSONAdvice() throws {
        let paths = try GateTestSupport.statesTree()
        defer { GateTestSupport.remove(paths) }
        let recorded = try paths.store(.kotlin).loadLines()
        let app = RecordedReader(name: "app", outcomes: recorded.mapValues(\.outcome))
        let gate = try Gate.check(paths, options: Gate.Options(readers: ReaderRoster.standard.inProcessReaders + [app], jobs: 2))
        let at = try XCTUnwrap(gate.verdicts.firstIndex { $0.reader == "app" })
        let advice = try XCTUnwrap(gate.verdicts[at].advice.first, "the tree gives the app no org.json deviation: the test proves nothing")
        XCTAssertTrue(advice.contains("put the line `# platform: org.json` at the top of golden/divergences/app.txt"), advice)

        // A hostile advice text too: markup, a line break, a bidi override.
        let hostile = "</p><script>alert(1)</script>\n::error ::x\u{202E}gnp.exe"
        var verdicts = gate.verdicts
        verdicts[at].advice.append(hostile)
        var result = GateResult(corpus: gate.corpus, expected: gate.expected, outcomes: gate.outcomes, verdicts: verdicts,
                                problems: gate.problems, notices: gate.notices, freshness: gate.freshness)
        result.reachability = gate.reachability
        let facts = ReportFacts(result)

        let text = TextSummary.render(facts)
        XCTAssertTrue(text.contains(advice), "text")
        XCTAssertTrue(MarkdownReport.render(facts).contains(MarkdownText.plain(advice)), "markdown")
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(JSONReport.render(facts))) as? [String: Any])
        let readers = try XCTUnwrap(json["readers"] as? [[String: Any]])
        XCTAssertEqual(readers.first { $0["name"] as? String == "app" }?["advice"] as? [String], [advice, hostile], "json")

        let junit = JUnitReport.render(facts)
        XCTAssertTrue(junit.contains(JUnitReport.escape(advice)), "junit")
        XCTAssertTrue(junit.contains(JUnitReport.escape(hostile)), "junit, escaped")
        XCTAssertFalse(junit.contains("<script"), "junit: a text's markup never becomes markup")
        XCTAssertNoThrow(try XMLDocument(data: Data(junit.utf8)), "junit stays well-formed XML")

        let html = HTMLReport.render(facts)
        XCTAssertTrue(html.contains(HTMLText.escape(advice)), "html")
        XCTAssertTrue(html.contains("&lt;/p&gt;&lt;script&gt;alert(1)&lt;/script&gt;"), "html, escaped")
        XCTAssertTrue(html.contains("⟨U+202E⟩"), "html: a bidi override is shown, not obeyed")
        XCTAssertFalse(html.contains("<script"), "html: a text's markup never becomes markup")
    }
}

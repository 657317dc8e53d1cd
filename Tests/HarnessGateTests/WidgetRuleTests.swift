import Foundation
import XCTest
@testable import ContractModel
@testable import HarnessCorpus
@testable import HarnessGate
@testable import HarnessReaders
import HarnessTestSupport

/// What the widget shows cannot be listed away (CONTRACT.md §5): a reader that paints a widget
/// must answer the display question, and a reader that answers no staleness or header question
/// is said in every report to leave the header unchecked. The Android reader of the app's bug
/// #9098 (a stale list labelled Today) must not pass with one `not implemented` entry over
/// meta, stale, header and display. On the small `legacy` tree, in process.
final class WidgetRuleTests: LegacyTreeTestCase {

    private func gate(_ reader: any InProcessReader) throws -> GateResult {
        try Gate.check(paths, options: Gate.Options(readers: [CReferenceReader(), reader], includeRecordings: false))
    }

    /// Every report format, as a reviewer reads it.
    private func reports(_ result: GateResult) -> [(format: String, text: String)] {
        let facts = ReportFacts(result)
        return [("text", TextSummary.render(facts)), ("markdown", MarkdownReport.render(facts)),
                ("json", String(decoding: JSONReport.render(facts), as: UTF8.self)), ("junit", JUnitReport.render(facts)),
                ("html", HTMLReport.render(facts))]
    }

    func testTheReaderOfBug9098CannotPassWithOneNotImplementedEntry() throws {
        try list("android-9098", """
            */*@*  [meta,stale,header,display]  not implemented: the reader of bug 9098 has parse only

            """)
        let result = try gate(UnlabelledReader(name: "android-9098"))
        XCTAssertFalse(result.passed, "a stale list labelled Today passed the gate")
        let verdict = try XCTUnwrap(result.verdicts.first { $0.reader == "android-9098" })
        XCTAssertTrue(verdict.entry.paintsWidget, "a testee paints a widget unless its list says otherwise")
        // Every case whose display the reader had to answer fails on it, and on nothing else.
        let asked = verdict.fieldTally.counts(of: "display.empty").compared
        XCTAssertGreaterThan(asked, 0)
        XCTAssertEqual(verdict.unexpected.count, asked)
        for deviation in verdict.unexpected {
            XCTAssertTrue(deviation.unexpectedDifferences.allSatisfy { $0.field.hasPrefix("display") }, "\(deviation.caseId)")
            XCTAssertTrue(deviation.judgements.filter { $0.excusedBy == nil }.allSatisfy(\.paintedButMissing))
        }
        XCTAssertEqual(verdict.suggestedEntries, [], "no list line is suggested for what the widget paints")
        for (format, text) in reports(result) where format != "json" {
            XCTAssertTrue(text.contains("paints a widget but its views leave out "), "\(format):\n\(text.prefix(4000))")
            XCTAssertTrue(text.contains("leaves the header unchecked"), "\(format)")
            XCTAssertTrue(text.contains("a stale list labelled Today would pass"), format)
        }
        let text = TextSummary.render(ReportFacts(result))
        XCTAssertTrue(text.contains("say so with `# paints: nothing` before the first entry of `golden/divergences/android-9098.txt`"), text)

        // A reader that truly paints no widget says so, and passes; every report says what it leaves unchecked.
        try list("android-9098", """
            # paints: nothing
            */*@*  [meta,stale,header,display]  not implemented: the reader of bug 9098 has parse only

            """)
        let declared = try gate(UnlabelledReader(name: "android-9098"))
        XCTAssertTrue(declared.passed, TextSummary.render(ReportFacts(declared)))
        for (format, text) in reports(declared) {
            XCTAssertTrue(text.contains(format == "json" ? #""paintsWidget":false"# : "paints no widget (its list says "), "\(format)")
        }
    }

    func testAReaderThatAnswersNoStalenessLeavesTheHeaderUncheckedInEveryReport() throws {
        try list("unlabelled", """
            */*@*  [meta,stale,header]  not implemented: this reader has parse and the display only

            """)
        let result = try gate(UnlabelledReader(name: "unlabelled", paints: true))
        XCTAssertTrue(result.passed, TextSummary.render(ReportFacts(result)))
        let verdict = try XCTUnwrap(result.verdicts.first { $0.reader == "unlabelled" })
        XCTAssertEqual(WidgetFields.unchecked(verdict.fieldTally).map(\.question), ["stale", "header"])
        for (format, text) in reports(result) {
            if format == "json" {
                let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
                let reader = try XCTUnwrap((object["readers"] as? [[String: Any]])?.first { $0["name"] as? String == "unlabelled" })
                let unchecked = try XCTUnwrap(reader["unchecked"] as? [[String: Any]])
                XCTAssertEqual(unchecked.compactMap { $0["question"] as? String }, ["stale", "header"])
                XCTAssertEqual(unchecked.first?["fields"] as? [String], ["stale"])
            } else {
                XCTAssertTrue(text.contains("unlabelled leaves the header unchecked") || text.contains("<b>unlabelled</b> leaves the header unchecked")
                              || text.contains("**unlabelled** leaves the header unchecked"), "\(format):\n\(text.prefix(3000))")
                XCTAssertTrue(text.contains("is compared only in what it paints"), format)
            }
        }
        // The C reference answers everything: nothing unchecked for it.
        let reference = try XCTUnwrap(result.verdicts.first { $0.reader == "c" })
        XCTAssertEqual(WidgetFields.unchecked(reference.fieldTally), [])
    }

    func testOnlyATesteesListSaysWhatItPaintsOnceBeforeItsEntries() throws {
        let file = "golden/divergences/t.txt"
        XCTAssertEqual(try DivergenceList.parse("# paints: nothing\n", file: file).paints?.paints, false)
        XCTAssertEqual(try DivergenceList.parse("# paints: widget\n", file: file).paints?.paints, true)
        XCTAssertNil(try DivergenceList.parse("# a comment\n", file: file).paints)
        for (text, message) in [("# paints: sometimes\n", "t.txt:1: `sometimes` is not what a reader paints"),
                                ("# paints: nothing\n# paints: widget\n", "t.txt:2: a second paints line (the first is line 1)"),
                                ("*/*@*  [parse]  a reviewed reason here\n# paints: nothing\n", "t.txt:2: the paints line comes before the first entry")] {
            XCTAssertThrowsError(try DivergenceList.parse(text, file: file)) { error in
                XCTAssertTrue("\(error)".hasPrefix("golden/divergences/\(message)"), "\(error)")
            }
        }
        // The roster says it for its own readers.
        try list("swift", "# paints: nothing\n")
        XCTAssertThrowsError(try Gate.check(paths, options: Gate.Options(includeRecordings: false))) { error in
            XCTAssertTrue("\(error)".hasPrefix("golden/divergences/swift.txt:1: only a testee's list says whether it paints a widget"), "\(error)")
        }
    }
}

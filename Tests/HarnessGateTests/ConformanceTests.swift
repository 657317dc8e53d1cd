import Foundation
import XCTest
@testable import ContractModel
@testable import HarnessCorpus
@testable import HarnessGate
@testable import HarnessReaders
import HarnessTestSupport

/// How far each reader is (issue 37): a reader that passes by listing nearly everything shows
/// its conformance — the share of compared fields it agrees on — beside its PASS in every
/// report, and one that answers no staleness or header question is said to leave the header
/// unchecked. On the small `legacy` tree (78 cases), in process.
final class ConformanceTests: LegacyTreeTestCase {

    private func gate(_ reader: any InProcessReader) throws -> GateResult {
        try Gate.check(paths, options: Gate.Options(readers: [SwiftReader(), CReferenceReader(), reader], includeRecordings: false))
    }

    /// The trial's shape: every field wrong and listed but `meta.dayStr`, which it never reads
    /// (null) and which one suggested line excuses. It passes, agreeing on under 1 % of its
    /// fields — only the days that are `null` in the expected view too — and every report says so.
    func testAReaderFarFromDoneThatListsEverythingPassesShowingItsConformance() throws {
        try list("scrambled", """
            */*@*  [parse,meta.validUntil,stale,header,display]  the scrambled reader gets these wrong on purpose

            """)
        let failing = try gate(ScramblingReader())
        let first = try XCTUnwrap(failing.verdicts.first { $0.reader == "scrambled" })
        XCTAssertFalse(failing.passed)
        // One suggested line for the day it never reads, not one per family and zone.
        XCTAssertEqual(first.suggestedEntries.count, 1, first.suggestedEntries.joined(separator: "\n"))
        let line = try XCTUnwrap(first.suggestedEntries.first)
        XCTAssertTrue(line.hasPrefix("*/*@*  [meta.dayStr]  TODO: "), line)
        // Pasted unchanged it cannot pass: the list refuses its TODO.
        XCTAssertThrowsError(try DivergenceList.parse(line + "\n", file: "golden/divergences/scrambled.txt"))
        try list("scrambled", """
            */*@*  [parse,meta.validUntil,stale,header,display]  the scrambled reader gets these wrong on purpose
            */*@*  [meta.dayStr]  the scrambled reader never reads the day, so it is always null

            """)
        let result = try gate(ScramblingReader())
        XCTAssertTrue(result.passed, TextSummary.render(ReportFacts(result)))
        let verdict = try XCTUnwrap(result.verdicts.first { $0.reader == "scrambled" })
        XCTAssertEqual(verdict.agreeing, 0)

        // Independently of the tally: it agrees on a day that is null in the expected view, and nowhere else.
        let nullDays = result.expected.filter { $0.view.map { $0.meta.dayStr == nil } ?? false }.count
        let total = verdict.fieldTally.total
        XCTAssertEqual(total.agree, nullDays)
        XCTAssertEqual(total.unexpected + total.notImplemented, 0)
        XCTAssertEqual(total.listed + total.agree, total.compared)
        let share = try XCTUnwrap(total.share)
        XCTAssertLessThan(share, 0.01, "the trial's shape agrees on under 1 % of its fields")
        XCTAssertGreaterThan(share, 0)
        let percent = ConformanceText.percent(total)
        XCTAssertTrue(percent.hasSuffix(" %") && percent != "0 %", percent)

        let facts = ReportFacts(result)
        // Markdown: the reader's verdict and its conformance side by side in its row.
        let markdown = MarkdownReport.render(facts)
        XCTAssertTrue(markdown.hasPrefix("## Widget snapshot contract: ✅ pass"), markdown)
        let row = try XCTUnwrap(markdown.split(separator: "\n").first { $0.hasPrefix("| scrambled |") }, markdown)
        XCTAssertTrue(row.hasPrefix("| scrambled | ✅ pass | **\(percent)** |"), String(row))
        XCTAssertTrue(markdown.contains("**scrambled** agrees on **\(percent)** of \(ConformanceText.count(total.compared)) compared fields"), markdown)
        XCTAssertTrue(markdown.contains("| swift | ✅ pass | 100 % |"), markdown)
        // Text, JSON, JUnit and HTML say it too.
        let text = TextSummary.render(facts)
        XCTAssertTrue(text.contains("scrambled agrees on \(percent) of \(ConformanceText.count(total.compared)) compared fields: \(ConformanceText.count(total.agree)) agree, \(ConformanceText.count(total.listed)) listed"), text)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(JSONReport.render(facts))) as? [String: Any])
        let reader = try XCTUnwrap((json["readers"] as? [[String: Any]])?.first { $0["name"] as? String == "scrambled" })
        let conformance = try XCTUnwrap(reader["conformance"] as? [String: Any])
        XCTAssertEqual(conformance["compared"] as? Int, total.compared)
        XCTAssertEqual(conformance["agree"] as? Int, total.agree)
        XCTAssertEqual(conformance["listed"] as? Int, total.listed)
        XCTAssertEqual(conformance["pending"] as? Int, total.pending)
        let junit = JUnitReport.render(facts)
        XCTAssertTrue(junit.contains("scrambled agrees on \(percent) of"), junit)
        let html = HTMLReport.render(facts)
        XCTAssertTrue(html.contains("data-conformance=\"\(total.agree)/\(total.compared)\""), "html")
        XCTAssertTrue(html.contains("<b>scrambled</b> agrees on <b>\(percent)</b>"), "html")
    }

    /// What a field-case is: a field either view holds on a compared case, rows folded; one held
    /// by one view only deviates, counted as the difference nearest to it was judged.
    func testTheTallyCountsEveryFieldEitherViewHoldsOnce() throws {
        let corpus = try Corpus.load(paths)
        let reference = CReferenceReader()
        let outdated = try XCTUnwrap(corpus.cases.first { testCase in
            guard case .view(let view)? = Optional(reference.outcome(testCase)), case .outdated = view.header,
                  case .tasks(let rows) = view.parse else { return false }
            return !rows.isEmpty
        })
        let expected = reference.outcome(outdated)
        let view = try XCTUnwrap(expected.view)
        let fields = ViewFields(view)
        let held = FieldTally.fields.filter(fields.holds)
        XCTAssertTrue(fields.holds("parse.tasks[].title"), "a list with rows holds its row fields")
        XCTAssertTrue(fields.holds("header.dayMs"), "an outdated header holds its day")
        var today = view
        today.header = .today
        XCTAssertFalse(ViewFields(today).holds("header.dayMs"), "a header of today holds no day")
        let reader = ReaderEntry.liveTestee("probe", features: ReaderEntry.c.features)
        let empty = DivergenceList(file: "golden/divergences/probe.txt", entries: [])
        func tally(_ got: ReaderOutcome, list: DivergenceList = empty) -> FieldTally {
            ReaderVerdict.judge(reader: reader, caseIds: [outdated.id], expected: [expected], got: [got], list: list).fieldTally
        }

        let same = tally(expected).total
        XCTAssertEqual(same.compared, held.count)
        XCTAssertEqual(same.agree, held.count)

        // Today instead of outdated: header.kind differs, and header.dayMs, which only the expected view holds.
        let relabelled = tally(.view(today))
        XCTAssertEqual(relabelled.total.unexpected, 2)
        XCTAssertEqual(relabelled.counts(of: "header.dayMs").unexpected, 1)
        XCTAssertEqual(relabelled.total.agree, held.count - 2)

        // A parse error for rows: every parse field deviates with it.
        var broken = view
        broken.parse = .error("x")
        let parseFields = held.filter { $0.hasPrefix("parse") }
        XCTAssertEqual(tally(.view(broken)).total.unexpected, parseFields.count)

        // No view: every field the expected view holds deviates; excused by [crash], it is listed.
        XCTAssertEqual(tally(.failure("boom")).total.unexpected, held.count)
        let crashList = try DivergenceList.parse("*/*@*  [crash]  the probe crashes on purpose here\n", file: empty.file)
        XCTAssertEqual(tally(.failure("boom"), list: crashList).total.listed, held.count)

        // A day left out and listed as such counts as not implemented.
        var dayless = view
        dayless.notImplemented = [.dayStr]
        let dayList = try DivergenceList.parse("*/*@*  [meta.dayStr]  not implemented: the probe reads no day\n", file: empty.file)
        let notImplemented = tally(.view(dayless), list: dayList)
        XCTAssertEqual(notImplemented.total.notImplemented, 1)
        XCTAssertFalse(notImplemented.answers("meta.dayStr"))
        XCTAssertTrue(notImplemented.answers("meta.validUntil"))

        // A reader of the base alone: the other features' fields are pending, not compared.
        let first = ReaderVerdict.judge(reader: .liveTestee("probe"), caseIds: [outdated.id], expected: [expected], got: [expected], list: empty)
        let later = held.filter { (ContractDescription.current.feature(ofField: $0) ?? "base") != ContractDescription.current.base.name }
        XCTAssertFalse(later.isEmpty)
        XCTAssertEqual(first.fieldTally.total.pending, later.count)
        XCTAssertEqual(first.fieldTally.total.compared, held.count - later.count)
    }
}

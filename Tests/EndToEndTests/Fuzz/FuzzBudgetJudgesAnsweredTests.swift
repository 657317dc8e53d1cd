@testable import HarnessFuzz
import ContractModel
import HarnessReaders
import Foundation
import XCTest
import HarnessTestSupport
import TestSupport

/// A run that did not judge what it was given does not pass: when `--seconds` ends while a
/// testee still has a batch, what it answered of that batch is judged (its failures counted and
/// reported), only what it never answered is left out; and a testee judged on no case fails the run.
final class FuzzBudgetJudgesAnsweredTests: XCTestCase {
    /// A testee that answers every case after a quarter second with a line that is not a view:
    /// a handful of failures fit in the budget, all of them in the first batch, which the
    /// budget ends. They were dropped with the batch ("no disagreement.", exit 0).
    func testABudgetEndingMidBatchJudgesTheFailingCasesAnswered() throws {
        let folder = Scratch.folder("garbage-testee")
        defer { Scratch.remove(folder) }
        let testee = ExternalProcessReader(name: "garbage", command: "while read line; do sleep 0.25; echo garbage; done", caseTimeout: 5)
        let plan = FuzzPlan(seed: 1, extent: .seconds(2), jobs: 1, batchSize: 256)
        let report = try FuzzRun(plan: plan, generator: FuzzCaseGenerator(seed: 1, fixtures: try CorpusTestSupport.fixtures()),
                                 reference: CReferenceReader(), readers: [SwiftReader(), testee], store: nil).run()
        let summary = FuzzSummary.render(report, findingsFolder: nil)
        XCTAssertGreaterThanOrEqual(report.judged["garbage", default: 0], 3, summary)
        XCTAssertEqual(report.disagreements, report.judged["garbage", default: 0], "every answered case is a failure, counted\n" + summary)
        XCTAssertGreaterThan(report.unanswered["garbage", default: 0], 0, summary)
        XCTAssertFalse(summary.contains("no disagreement"), summary)
        XCTAssertTrue(summary.contains("c/garbage crash"), "the failures' signature is named\n" + summary)
        XCTAssertTrue(summary.contains("the time budget ran out while garbage had a batch"), summary)
        // Swift read every case of the batch in this process: judged, not dropped.
        XCTAssertEqual(report.judged["swift"], report.cases, summary)
    }

    /// A testee that answers nothing within the budget is judged on no case: the run fails
    /// (the summary says why), though no disagreement was seen.
    func testATesteeJudgedOnNoCaseFailsTheRun() throws {
        let testee = ExternalProcessReader(name: "mute", command: "sleep 30", caseTimeout: 60)
        let plan = FuzzPlan(seed: 1, extent: .seconds(1), jobs: 1, batchSize: 256)
        let report = try FuzzRun(plan: plan, generator: FuzzCaseGenerator(seed: 1, fixtures: try CorpusTestSupport.fixtures()),
                                 reference: CReferenceReader(), readers: [SwiftReader(), testee], store: nil).run()
        let summary = FuzzSummary.render(report, findingsFolder: nil)
        XCTAssertEqual(report.unjudged, ["mute"], summary)
        XCTAssertTrue(summary.contains("FAIL: mute was judged on none of the"), summary)
        XCTAssertFalse(summary.contains("no disagreement.\n"), summary)
    }
}

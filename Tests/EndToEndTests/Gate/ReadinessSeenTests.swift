import ContractModel
import Foundation
import XCTest
@testable import HarnessCorpus
@testable import HarnessGate
@testable import HarnessReaders
import HarnessTestSupport

/// A reader that gives no view for a case compares no field on it: it never reads as "ready to
/// declare" a later revision it was not compared on. Fully mute, nothing of revisions 2 and 3
/// is ready; mute only on the cases that set a revision-2 input, revision 2's members are
/// compared (and agree) but its question with those inputs is not seen, and revision 3, which
/// agrees, is not ready either: declaring it declares revision 2.
final class ReadinessSeenTests: XCTestCase {
    /// The Swift reader, silent (no line, as a testee that writes none) on the cases `isMute` picks.
    private struct SilentReader: InProcessReader {
        let name: String
        let isMute: @Sendable (Case) -> Bool
        func outcome(_ testCase: Case) -> ReaderOutcome {
            isMute(testCase) ? .failure("silent: no line for the case") : SwiftReader().outcome(testCase)
        }
    }

    func testAReaderComparedOnNoCaseIsNotReadyToDeclare() throws {
        // A project widget's fixture and the tracked task's: every later revision's question and input.
        let paths = try GateTestSupport.smallTree(fixtures: ["projects", "current-task"])
        defer { GateTestSupport.remove(paths) }
        let corpus = try Corpus.load(paths)
        let mute = ReaderEntry(name: "mute", role: .product, contractRevision: 1,
                               make: { SilentReader(name: "mute", isMute: { _ in true }) })
        let laterInputs: @Sendable (Case) -> Bool = { $0.selectedProjectId != nil || !$0.pendingDoneTimestamps.isEmpty }
        let partly = ReaderEntry(name: "partly", role: .product, contractRevision: 1,
                                 make: { SilentReader(name: "partly", isMute: laterInputs) })
        let result = try Gate.check(paths, corpus: corpus,
                                    options: Gate.Options(roster: ReaderRoster([.c, mute, partly]), includeRecordings: false))
        let muteVerdict = try XCTUnwrap(result.verdicts.first { $0.reader == "mute" })
        XCTAssertEqual(muteVerdict.readiness.map(\.revision), [2, 3])
        for revision in muteVerdict.readiness {
            XCTAssertFalse(revision.isReady, "revision \(revision.revision) of a reader that answered no case")
            XCTAssertEqual(revision.ready, [])
            XCTAssertEqual(revision.waiting.count, 0)
            XCTAssertFalse(revision.unseen.isEmpty)
        }
        let partVerdict = try XCTUnwrap(result.verdicts.first { $0.reader == "partly" })
        let two = try XCTUnwrap(partVerdict.readiness.first { $0.revision == 2 })
        XCTAssertFalse(two.isReady)
        XCTAssertTrue(two.ready.contains("projects"), "\(two.ready)")
        XCTAssertTrue(two.unseen.contains { $0.hasPrefix("parse with ") }, "\(two.unseen)")
        // Revision 3's currentTask agrees where compared, but declaring 3 declares 2 too.
        let three = try XCTUnwrap(partVerdict.readiness.first { $0.revision == 3 })
        XCTAssertEqual(three.ready, ["currentTask"])
        XCTAssertFalse(three.isReady)
        let text = TextSummary.render(ReportFacts(result))
        XCTAssertFalse(text.contains("ready to declare (every pending field agrees)"), text)
        XCTAssertTrue(text.contains("  revision 2: not seen on any case with a view, so not known to agree: "), text)
        XCTAssertTrue(text.contains("  revision 3: not seen on any case with a view, so not known to agree: currentTask\n"), text)
        XCTAssertTrue(text.contains("  revision 3: every pending field agrees, but declaring it declares revision 2 too, which is not ready\n"), text)
        let markdown = MarkdownReport.render(ReportFacts(result))
        XCTAssertFalse(markdown.contains("**ready to declare**"), markdown)
    }
}

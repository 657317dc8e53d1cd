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
        let mute = ReaderEntry(name: "mute", role: .product,
                               make: { SilentReader(name: "mute", isMute: { _ in true }) })
        let laterInputs: @Sendable (Case) -> Bool = { $0.selectedProjectId != nil || !$0.pendingDoneTimestamps.isEmpty }
        let partly = ReaderEntry(name: "partly", role: .product,
                                 make: { SilentReader(name: "partly", isMute: laterInputs) })
        let result = try Gate.check(paths, corpus: corpus,
                                    options: Gate.Options(roster: ReaderRoster([.c, mute, partly]), includeRecordings: false))
        let muteVerdict = try XCTUnwrap(result.verdicts.first { $0.reader == "mute" })
        XCTAssertEqual(muteVerdict.readiness.map(\.feature), ["projects", "doneOn", "tapTimes", "doneGrace", "currentTask"])
        for revision in muteVerdict.readiness {
            XCTAssertFalse(revision.isReady, "feature \(revision.feature) of a reader that answered no case")
            XCTAssertEqual(revision.ready, [])
            XCTAssertEqual(revision.waiting.count, 0)
            XCTAssertFalse(revision.unseen.isEmpty)
        }
        let partVerdict = try XCTUnwrap(result.verdicts.first { $0.reader == "partly" })
        let projects = try XCTUnwrap(partVerdict.readiness.first { $0.feature == "projects" })
        XCTAssertFalse(projects.isReady)
        XCTAssertTrue(projects.ready.contains("projects"), "\(projects.ready)")
        XCTAssertTrue(projects.unseen.contains { $0.hasPrefix("parse with ") }, "\(projects.unseen)")
        // The tracked task agrees where compared and needs only the base: ready to declare on its own.
        let tracked = try XCTUnwrap(partVerdict.readiness.first { $0.feature == "currentTask" })
        XCTAssertEqual(tracked.ready, ["currentTask"])
        XCTAssertTrue(tracked.isReady)
        // The grace agrees nowhere it was asked and needs projects, which is not ready: declaring it would not pass.
        let grace = try XCTUnwrap(partVerdict.readiness.first { $0.feature == "doneGrace" })
        XCTAssertFalse(grace.isReady)
        let text = TextSummary.render(ReportFacts(result))
        XCTAssertTrue(text.contains("  feature projects: not seen on any case with a view, so not known to agree: "), text)
        XCTAssertTrue(text.contains("  feature currentTask: not seen on any case with a view, so not known to agree: currentTask\n"), text)
        XCTAssertTrue(text.contains("  feature currentTask: ready to declare (every pending field agrees): --testee partly@1+currentTask=…\n"), text)
        let markdown = MarkdownReport.render(ReportFacts(result))
        XCTAssertEqual(markdown.components(separatedBy: "**ready to declare**").count - 1, 2, "only partly's doneOn and tracked task (each needs only the base): \(markdown)")
    }
}

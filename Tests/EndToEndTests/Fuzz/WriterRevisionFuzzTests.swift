import Foundation
import HarnessCorpus
import HarnessFuzz
import HarnessGate
import HarnessReaders
import HarnessTestSupport
import XCTest
import TestSupport

/// `fuzz states --writer-command CMD@N` (CONTRACT.md §7.5): the app's revision-2 writer has
/// schema findings on generated revision-1 states undeclared and none declared `@2`; declared
/// `@1`, a revision-1 writer leaves the revision-2 states pending, counted in the summary.
final class WriterRevisionFuzzTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = Scratch.folder("writer-revision-fuzz") }
    override func tearDownWithError() throws { Scratch.remove(folder) }

    private func run(writerAt written: Int, declared: Int?) throws -> WriterFuzzReport {
        let plan = FuzzPlan(seed: 21, extent: .cases(200), jobs: 2, batchSize: 256, shrinksPerSignature: 1)
        let command = try RevisionWriters.command(revision: written, in: folder)
        let judge = try WriterBlobJudge(root: TestRepository.root, writer: WriterRevision(declared: declared))
        return try WriterFuzzRun(plan: plan, generator: try AppStateGeneratorTests.generator(seed: 21), writer: WriterSession(command: command),
                                 reference: CReferenceReader(), readers: [SwiftReader()], blobJudge: judge, store: nil,
                                 stateShrinker: StateShrinker(maximumEvaluations: 50)).run()
    }

    func testARevisionTwoWriterPassesUnderTwoAndFailsUndeclared() throws {
        let undeclared = try run(writerAt: 2, declared: nil)
        XCTAssertGreaterThan(undeclared.disagreementsBySignature["state/writer-schema parse", default: 0], 0, "\(undeclared.disagreementsBySignature)")
        let declared = try run(writerAt: 2, declared: 2)
        XCTAssertEqual(declared.disagreements, 0, "\(declared.disagreementsBySignature)")
        XCTAssertEqual(declared.pendingStates, 0)
    }

    func testARevisionOneWriterDeclaredTwoFailsAndDeclaredOneIsPending() throws {
        let two = try run(writerAt: 1, declared: 2)
        let finding = try XCTUnwrap(two.entries.first { $0.disagreement.signature == "state/writer-schema parse" })
        XCTAssertTrue(finding.disagreement.difference.got.contains("the writer declares revision 2 but does not implement it"), finding.disagreement.difference.got)
        let one = try run(writerAt: 1, declared: 1)
        XCTAssertEqual(one.disagreements, 0, "\(one.disagreementsBySignature)")
        XCTAssertGreaterThan(one.pendingStates, 0)
        XCTAssertTrue(WriterFuzzSummary.render(one, jobs: 2).contains("writer at revision 1: \(one.pendingStates) in-app states of a later revision pending (read, not judged)"))
    }
}

import Foundation
import XCTest
@testable import HarnessCorpus
@testable import HarnessGate
import HarnessReaders
import HarnessTestSupport
import TestSupport

/// A writer end that declares its revision (`--writer CMD@N`, CONTRACT.md §7.5): the app's
/// revision-2 writer passes the revision-1 states under `@2` and fails them undeclared, and
/// leaves the revision-3 states (a tracked task) pending; a writer of revision 3 declared `@3`
/// passes every state; a revision-1 writer declared `@2` is told it does not implement it;
/// under `@1` the later states are pending, shown, not judged.
final class WriterRevisionTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = Scratch.folder("writer-revision") }
    override func tearDownWithError() throws { Scratch.remove(folder) }

    private func checks(writerAt written: Int, declared: Int?) throws -> WriterChecks.Result {
        let paths = HarnessPaths(root: TestRepository.root)
        let command = try RevisionWriters.command(revision: written, in: folder)
        let corpus = try Corpus.load(paths, jobs: 2, writer: .command(command))
        return try WriterChecks.run(corpus, root: paths.root, jobs: 2, writer: WriterRevision(declared: declared))
    }

    private func findings(_ result: WriterChecks.Result) -> [String] { result.problems.filter { $0.hasPrefix("writer finding:") } }

    func testARevisionTwoWriterFailsTheRevisionOneStatesUndeclared() throws {
        let found = findings(try checks(writerAt: 2, declared: nil))
        XCTAssertTrue(found.contains { $0.hasPrefix("writer finding: state colours/inbox-default (golden/states/colours.jsonl:1): its blob is not valid for schemas/widget-snapshot.v1.schema.json: at /: projects is not a field the writer writes") },
                      found.prefix(3).joined(separator: "\n"))
        XCTAssertGreaterThanOrEqual(found.filter { $0.contains("projects is not a field the writer writes") }.count, 48)
    }

    func testARevisionTwoWriterDeclaredTwoPassesItsStatesAndLeavesTheTrackedTaskPending() throws {
        let result = try checks(writerAt: 2, declared: 2)
        XCTAssertEqual(result.problems, [])
        let notice = try XCTUnwrap(result.notices.first { $0.hasPrefix("writer at revision 2 (`") }, result.notices.joined(separator: "\n"))
        XCTAssertTrue(notice.contains("in-app states judged at revision 2's writer schema and intent"), notice)
        XCTAssertTrue(notice.contains(" pending, of a later revision than it declares (not judged: not checked), first tracking/"), notice)
        // Undeclared, the same writer fails the revision-3 states: no currentTask.
        XCTAssertTrue(findings(try checks(writerAt: 2, declared: nil)).contains {
            $0.hasPrefix("writer finding: state tracking/here (golden/states/tracking.jsonl:2): its blob is not valid for schemas/widget-snapshot.v1.r3.schema.json: at /: currentTask is required but missing")
        })
    }

    func testARevisionThreeWriterDeclaredThreePassesEveryState() throws {
        let result = try checks(writerAt: 3, declared: 3)
        XCTAssertEqual(result.problems, [])
        let notice = try XCTUnwrap(result.notices.first { $0.hasPrefix("writer at revision 3 (`") }, result.notices.joined(separator: "\n"))
        XCTAssertFalse(notice.contains("pending"), notice)
    }

    func testARevisionOneWriterDeclaredTwoDoesNotImplementIt() throws {
        let found = findings(try checks(writerAt: 1, declared: 2))
        XCTAssertTrue(found.contains { $0.hasPrefix("writer finding: state colours/inbox-default (golden/states/colours.jsonl:1): the writer declares revision 2 but does not implement it (its blob is valid for revision 1's writer schema): its blob is not valid for schemas/widget-snapshot.v1.r2.schema.json: at /: projects is required") },
                      found.prefix(3).joined(separator: "\n"))
    }

    func testARevisionOneWriterDeclaredOneLeavesTheRevisionTwoStatesPending() throws {
        let result = try checks(writerAt: 1, declared: 1)
        XCTAssertEqual(result.problems, [])
        let notice = try XCTUnwrap(result.notices.first { $0.hasPrefix("writer at revision 1") }, result.notices.joined(separator: "\n"))
        XCTAssertTrue(notice.contains(" pending, of a later revision than it declares (not judged: not checked), first "), notice)
        // Undeclared, the same writer fails those states (no `projects`): they were not passed silently.
        XCTAssertTrue(findings(try checks(writerAt: 1, declared: nil)).contains { $0.contains("projects is required") })
    }

    func testTheRevisionIsATrailingAtAndDigits() {
        XCTAssertTrue(WriterRevision.split("node w.js@2") == ("node w.js", "2"))
        XCTAssertTrue(WriterRevision.split("node a@b.js") == ("node a@b.js", nil))
        XCTAssertTrue(WriterRevision.split("node w.js") == ("node w.js", nil))
        XCTAssertEqual(WriterRevision(declared: 2).hold(stateRevision: 1), .schema(2))
        XCTAssertEqual(WriterRevision(declared: 1).hold(stateRevision: 2), .pending)
        XCTAssertEqual(WriterRevision().hold(stateRevision: 2), .schema(2))
    }

    /// Through the CLI: a revision without a writer schema file is bad usage (exit 2).
    func testTheCLIRefusesARevisionWithoutAWriterSchema() throws {
        try GateTestSupport.skipUnlessTheCLIIsBuilt()
        let bad = try GateTestSupport.runCLI(["check", "--root", TestRepository.root.path, "--writer", "app@4=cat"])
        XCTAssertEqual(bad.status, 2, bad.out + bad.err)
        XCTAssertTrue(bad.err.contains("--writer …@4: the revision a writer implements is one with a writer schema, 1 to 3 (schemas/widget-snapshot.v1.r4.schema.json does not exist)"), bad.err)
    }
}

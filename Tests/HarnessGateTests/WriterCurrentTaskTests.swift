import ContractModel
import Foundation
import HarnessCorpus
@testable import HarnessGate
import HarnessReaders
import HarnessTestSupport
import XCTest
import TestSupport

/// Revision 3's `currentTask` on the writer side (CONTRACT.md §7.2 W7, §7.5): the tree's writer
/// end writes the task a state tracks, and each writer bug is caught as what it is — a `null`
/// `projectId` by the writer schema, named; a task that is not tracked, a wrong member, or none
/// for a tracked task by the intent (and a left-out `currentTask` by the schema too). Blobs are
/// the tree writer's for small states, edited in their `currentTask`, judged as the gate and
/// `fuzz states` judge a writer blob (`WriterBlobJudge.problems`).
final class WriterCurrentTaskTests: XCTestCase {
    /// Today is t1 (of p1) and t2 (no project); t3 is p1's but not today's.
    private static func state(_ tracking: String?) -> String {
        ##"{"id":"x/y","inApp":true,"revision":3,"timeZone":"Europe/Berlin","todayStr":"2026-07-17","startOfNextDayDiffMs":0,"todayTaskIds":["t1","t2"],"tasks":[{"id":"t1","title":"Write","isDone":false,"projectId":"p1"},{"id":"t2","title":"Call","isDone":false,"projectId":null},{"id":"t3","title":"Later","isDone":false,"projectId":"p1"}],"projects":[{"id":"p1","title":"Work","primary":"#29a1aa","isArchived":false,"isHiddenFromMenu":false,"taskIds":["t1","t3"],"backlogTaskIds":[]}]"##
            + (tracking.map { #","tracking":"# + $0 } ?? "") + "}"
    }

    private static let nothing = state(nil)
    private static let here = state(#"{"local":{"taskId":"t1","deviceLabel":"Pixel","session":{"sinceTs":1784278800000,"focusCycle":2}},"remote":null}"#)
    private static let hereNoProject = state(#"{"local":{"taskId":"t2","deviceLabel":"Pixel","session":null},"remote":null}"#)
    private static let elsewhere = state(#"{"local":null,"remote":{"state":"tracking","isStale":false,"taskId":"t3","deviceLabel":"Desk","sinceTs":1784278800000}}"#)
    private static let stale = state(#"{"local":null,"remote":{"state":"tracking","isStale":true,"taskId":"t3","deviceLabel":"Desk","sinceTs":1784278800000}}"#)
    private static let states = [nothing, here, hereNoProject, elsewhere, stale]

    private static let written: [String] = {
        guard let command = try? WriterCommand.tree.resolve(root: TestRepository.root) else { return [] }
        let session = WriterSession(command: command)
        defer { session.close() }
        return session.write(states.map { Array($0.utf8) }).map { answer in
            if case .blob(let bytes) = answer { return String(decoding: bytes, as: UTF8.self) }
            return "no blob: \(answer)"
        }
    }()

    private func blob(of state: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let index = try XCTUnwrap(Self.states.firstIndex(of: state), file: file, line: line)
        XCTAssertEqual(Self.written.count, Self.states.count, "the tree's writer end did not run", file: file, line: line)
        return try XCTUnwrap(Self.written.dropFirst(index).first, file: file, line: line)
    }

    private func judged(_ state: String, _ blob: String, declared: Int? = nil) throws -> [String] {
        try WriterBlobJudge(root: TestRepository.root, writer: WriterRevision(declared: declared))
            .problems(stateLine: Array(state.utf8), stateId: "x/y", blob: Array(blob.utf8))
    }

    /// The writer's blob of `state` with its `"currentTask":…}` ending replaced by `new`.
    private func withCurrentTask(_ new: String?, of state: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let blob = try blob(of: state, file: file, line: line)
        let start = try XCTUnwrap(blob.range(of: #","currentTask":"#), "no currentTask in \(blob)", file: file, line: line)
        return blob[..<start.lowerBound] + (new.map { #","currentTask":"# + $0 } ?? "") + "}"
    }

    private func assertFound(_ problems: [String], _ texts: [String], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(problems.isEmpty, "the edited blob was accepted", file: file, line: line)
        for text in texts {
            XCTAssertTrue(problems.contains { $0.contains(text) }, "no problem holds `\(text)`:\n" + problems.joined(separator: "\n"), file: file, line: line)
        }
    }

    func testTheWriterWritesTheTrackedTaskAndItsBlobsPass() throws {
        XCTAssertTrue(try blob(of: Self.nothing).hasSuffix(#","currentTask":null}"#))
        let here = try blob(of: Self.here)
        XCTAssertTrue(here.hasSuffix(#","currentTask":{"id":"t1","title":"Write","deviceLabel":"Pixel","isLocal":true,"projectId":"p1","sinceTs":1784278800000,"focusCycle":2}}"#), here)
        XCTAssertTrue(try blob(of: Self.hereNoProject).hasSuffix(#","currentTask":{"id":"t2","title":"Call","deviceLabel":"Pixel","isLocal":true}}"#))
        XCTAssertTrue(try blob(of: Self.elsewhere).hasSuffix(#","currentTask":{"id":"t3","title":"Later","deviceLabel":"Desk","isLocal":false,"sinceTs":1784278800000,"projectId":"p1"}}"#))
        XCTAssertTrue(try blob(of: Self.stale).hasSuffix(#","currentTask":null}"#))
        for state in Self.states {
            XCTAssertEqual(try judged(state, try blob(of: state)), [], state)
        }
    }

    func testANullProjectIdIsRefusedByTheSchemaByName() throws {
        let planted = try withCurrentTask(#"{"id":"t2","title":"Call","deviceLabel":"Pixel","isLocal":true,"projectId":null}"#, of: Self.hereNoProject)
        let found = try judged(Self.hereNoProject, planted)
        // Every reader reads a null projectId as none, so the intent agrees: only the schema can say it.
        XCTAssertEqual(found, ["its blob is not valid for schemas/widget-snapshot.v1.r3.schema.json: at /currentTask/projectId: null is not of type string"])
    }

    func testATaskThatIsNotTrackedFailsTheIntent() throws {
        let planted = try withCurrentTask(#"{"id":"t1","title":"Write","deviceLabel":"Pixel","isLocal":true,"projectId":"p1"}"#, of: Self.nothing)
        assertFound(try judged(Self.nothing, planted), ["case states/writer.x#y@berlin@before: the widget shows task t1 as tracked, the app tracks none",
                                                        "case states/writer.x#y_project-1@berlin@at: the widget shows task t1 as tracked, the app tracks none"])
        // A stale session elsewhere tracks nothing here either.
        let stale = try withCurrentTask(#"{"id":"t3","title":"Later","deviceLabel":"Desk","isLocal":false,"sinceTs":1784278800000,"projectId":"p1"}"#, of: Self.stale)
        assertFound(try judged(Self.stale, stale), ["the widget shows task t3 as tracked, the app tracks none"])
    }

    func testACurrentTaskLeftOutFailsTheSchemaAndTheIntent() throws {
        let planted = try withCurrentTask(nil, of: Self.here)
        assertFound(try judged(Self.here, planted), ["its blob is not valid for schemas/widget-snapshot.v1.r3.schema.json: at /: currentTask is required but missing",
                                                     "case states/writer.x#y@berlin@before: the widget shows no task as tracked, the app tracks task t1 on this device"])
        // Null instead of the tracked task: valid for the schema, wrong for the state.
        let null = try judged(Self.elsewhere, try withCurrentTask("null", of: Self.elsewhere))
        XCTAssertFalse(null.contains { $0.contains("not valid") }, "\(null)")
        assertFound(null, ["the widget shows no task as tracked, the app tracks task t3 on \"Desk\""])
    }

    func testAWrongMemberIsNamed() throws {
        let members = #"{"id":"t1","title":"Write","deviceLabel":"Pixel","isLocal":true,"projectId":"p1","sinceTs":1784278800000,"focusCycle":2}"#
        for (old, new, expected) in [
            (#""isLocal":true"#, #""isLocal":false"#, "has isLocal false (the app's: true)"),
            (#""sinceTs":1784278800000"#, #""sinceTs":1784278800"#, "has sinceTs 1784278800 (the app's: 1784278800000)"),
            (#","focusCycle":2"#, "", "has focusCycle none (the app's: 2)"),
            (#""title":"Write""#, #""title":"write""#, "has title \"write\" (the app's: \"Write\")"),
            (#""projectId":"p1""#, #""projectId":"p2""#, "has projectId \"p2\" (the app's: \"p1\")"),
            (#""deviceLabel":"Pixel""#, #""deviceLabel":"Android""#, "has deviceLabel \"Android\" (the app's: \"Pixel\")"),
        ] {
            let planted = try withCurrentTask(members.replacingOccurrences(of: old, with: new), of: Self.here)
            assertFound(try judged(Self.here, planted), ["case states/writer.x#y@berlin@before: the widget's tracked task t1 (on this device) " + expected])
        }
        let elsewhere = try withCurrentTask(#"{"id":"t3","title":"Later","deviceLabel":"Desk","isLocal":true,"sinceTs":1784278800000,"projectId":"p1"}"#, of: Self.elsewhere)
        assertFound(try judged(Self.elsewhere, elsewhere), ["the widget's tracked task t3 (on \"Desk\") has isLocal true (the app's: false)"])
    }

    /// A writer declaring revision 3 is judged on `currentTask`; one declaring 2 leaves the
    /// revision-3 state pending (not judged), and one that declares 3 but writes revision 2's
    /// blob is told it does not implement it.
    func testTheDeclaredRevisionDecides() throws {
        let left = try withCurrentTask(nil, of: Self.here)
        XCTAssertEqual(try judged(Self.here, left, declared: 2), [])
        assertFound(try judged(Self.here, left, declared: 3),
                    ["the writer declares revision 3 but does not implement it (its blob is valid for revision 2's writer schema): its blob is not valid for schemas/widget-snapshot.v1.r3.schema.json: at /: currentTask is required but missing"])
        XCTAssertEqual(try judged(Self.here, try blob(of: Self.here), declared: 3), [])
    }

    /// The writer revisions are those with a writer schema file: revision 3's is there, and a
    /// tree without it knows 1 and 2 only.
    func testTheKnownRevisionsAreTheSchemaFiles() throws {
        XCTAssertEqual(WriterRevision.known(root: TestRepository.root), 1...3)
        XCTAssertNil(WriterRevision.refusal("3", root: TestRepository.root))
        let root = Scratch.url("writer-revisions")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("schemas"), withIntermediateDirectories: true)
        for revision in 1...2 {
            try Data("{}".utf8).write(to: root.appendingPathComponent("schemas/\(WriterSchema.fileName(revision: revision))"))
        }
        XCTAssertEqual(WriterRevision.known(root: root), 1...2)
        XCTAssertEqual(WriterRevision.refusal("3", root: root),
                       "the revision a writer implements is one with a writer schema, 1 to 2 (schemas/widget-snapshot.v1.r3.schema.json does not exist)")
    }
}

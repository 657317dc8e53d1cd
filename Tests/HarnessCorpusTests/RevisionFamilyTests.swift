import ContractModel
import HarnessCorpus
import HarnessTestSupport
import WidgetSnapshot
import XCTest

/// The families of revisions 2 and 3 and the compatibility family make the cases issue 23
/// lists: each spot-checked by what the Swift library answers on the case it makes (so an
/// operator that edits the wrong task, project or time fails here, not silently in golden
/// files), and by the list itself.
final class RevisionFamilyTests: XCTestCase {
    /// One operator's case on a fixture, as the case generator makes it at `instant`.
    private func testCase(_ id: String, _ parameter: String? = nil, on fixtureName: String = Fixture.projectsName,
                          at instant: String = "before", file: StaticString = #filePath, line: UInt = #line) throws -> Case {
        let fixture = try CorpusTestSupport.fixture(fixtureName)
        let output = try CorpusTestSupport.output(id, parameter, on: fixtureName, file: file, line: line)
        let now = try XCTUnwrap(fixture.instant(named: instant), "no instant \(instant)", file: file, line: line).epochMs
        return Case(id: id, blob: output.blob, pendingDoneTargets: output.pendingDoneTargets,
                    pendingDoneTimestamps: output.pendingDoneTimestamps, selectedProjectId: output.selectedProjectId,
                    nowMs: now, timeZone: fixture.zones[0])
    }

    private func rows(_ c: Case) throws -> [WidgetTaskRow] {
        try WidgetData.parse(c.blob, pendingDoneTargets: PendingTargets(c.pendingDoneTargets.map { ($0.taskId.string, $0.isDone) }),
                             pendingDoneTimestamps: PendingTimestamps(c.pendingDoneTimestamps.map { ($0.taskId.string, $0.ms) }),
                             selectedProjectId: c.selectedProjectId?.string, nowMs: c.nowMs)
    }

    private func ids(_ c: Case) throws -> [String] { try rows(c).map(\.id) }

    func testTheProjectsFixtureIsAProjectWidgetWithTheGraceAtWork() throws {
        let fixture = try CorpusTestSupport.fixture(Fixture.projectsName)
        XCTAssertEqual(fixture.revision, 2)
        XCTAssertEqual(fixture.selectedProjectId, "p1")
        // t4 was done 3 s before midnight: inside the grace 1 ms before it, gone an hour after; t5 has no time.
        XCTAssertEqual(try ids(testCase("base")), ["t1", "t4"])
        XCTAssertEqual(try ids(testCase("base", at: "after")), ["t1"])
        XCTAssertEqual(try CorpusTestSupport.fixture(Fixture.currentTaskName).revision, 3)
        XCTAssertEqual(try CorpusTestSupport.fixture(Fixture.canonicalName).revision, 1)
    }

    func testProjectsShapesFallBackOrFail() throws {
        for (id, parameter) in [("projects.absent", nil), ("projects.null", nil), ("projects.not-array", "object"),
                                ("projects.empty", nil), ("projects.missing-tasks", "selected"), ("projects.tasks-not-array", "null"),
                                ("projects.number-id", "double-miss")] as [(String, String?)] {
            XCTAssertEqual(try ids(testCase(id, parameter)), ["t1", "t2", "t3"], "\(id)#\(parameter ?? "") gives today's rows")
        }
        XCTAssertEqual(try ids(testCase("projects.number-id", "integer-hit")), ["t1", "t4"])
        XCTAssertEqual(try ids(testCase("projects.tasks-empty")), [])
        for parameter in ["null-first", "string-last", "array-middle", "number-first"] {
            let c = try testCase("projects.entry-not-object", parameter)
            XCTAssertThrowsError(try rows(c), parameter)
            XCTAssertThrowsError(try WidgetData.parseProjects(c.blob), parameter)
        }
        XCTAssertThrowsError(try rows(testCase("projects.task-not-object")))
        // A missing title breaks parseProjects (and projectTitle), never parse.
        let untitled = try testCase("projects.missing-title", "other")
        XCTAssertEqual(try ids(untitled), ["t1", "t4"])
        XCTAssertThrowsError(try WidgetData.projectTitle(untitled.blob, projectId: "p1"))
        XCTAssertEqual(try WidgetData.projectTitle(testCase("projects.title-null").blob, projectId: "p1"), "null")
        XCTAssertEqual(try WidgetData.parseProjects(testCase("projects.duplicate-id").blob).map(\.id), ["p1", "p2", "p3", "p4", "p4"])
        XCTAssertThrowsError(try WidgetData.parseProjects(testCase("projects.missing-id").blob))
    }

    func testSelections() throws {
        XCTAssertEqual(try ids(testCase("selection.absent")), ["t1", "t2", "t3"])
        XCTAssertEqual(try ids(testCase("selection.absent", at: "far")), ["t1", "t2", "t3"], "no grace on today's rows")
        XCTAssertEqual(try ids(testCase("selection.empty", "no-entry")), ["t1", "t2", "t3"])
        XCTAssertEqual(try ids(testCase("selection.empty", "id-less-entry")), [], "the id-less entry is the empty project p4")
        XCTAssertEqual(try ids(testCase("selection.twice", "copy-after")), ["t1", "t4"])
        XCTAssertEqual(try ids(testCase("selection.twice", "copy-before")), ["t9"])
        XCTAssertEqual(try WidgetData.projectTitle(testCase("selection.twice", "copy-before").blob, projectId: "p1"), "Second entry, same id")
        XCTAssertEqual(try ids(testCase("selection.unknown", "deleted")), ["t1", "t2", "t3"])
        XCTAssertEqual(try ids(testCase("selection.other", "second")), ["t3", "t6"], "list, then backlog")
        XCTAssertEqual(try ids(testCase("selection.other", "third")), ["t7"])
        XCTAssertEqual(try ids(testCase("selection.other", "fourth")), [])
        XCTAssertEqual(try ids(testCase("selection.near-id", "case")), ["t1", "t2", "t3"])
    }

    func testDoneOnValuesCoerceAsToLong() throws {
        func doneOn(_ parameter: String) throws -> Int64?? {
            try rows(testCase("doneon.value", parameter)).first { $0.id == "t4" }.map(\.doneOn)
        }
        let original: Int64 = 1_786_917_597_000
        XCTAssertEqual(try doneOn("string"), .some(original))
        XCTAssertEqual(try doneOn("double"), .some(original))
        XCTAssertEqual(try doneOn("exponent"), .some(original))
        XCTAssertEqual(try doneOn("above-2-53"), .some(9_007_199_254_740_993))
        XCTAssertEqual(try doneOn("above-2-53-double"), .some(9_007_199_254_740_992))
        XCTAssertEqual(try doneOn("above-2-53-string"), .some(9_007_199_254_740_992))
        // None: a done project row without a doneOn is dropped.
        for parameter in ["negative", "zero", "null", "bool", "word", "huge"] {
            XCTAssertEqual(try doneOn(parameter), .none, parameter)
        }
        XCTAssertEqual(try ids(testCase("doneon.missing")), ["t1"])
        XCTAssertEqual(try rows(testCase("doneon.open-task", at: "far")).first?.doneOn, original, "an open row stays, with its doneOn")
        XCTAssertEqual(try rows(testCase("doneon.today", "string")).first { $0.id == "t2" }?.doneOn, 1_786_881_600_000)
    }

    func testTheGraceBoundary() throws {
        XCTAssertEqual(try ids(testCase("grace.doneon", "4999")), ["t1", "t4"])
        XCTAssertEqual(try ids(testCase("grace.doneon", "5000")), ["t1"])
        XCTAssertEqual(try ids(testCase("grace.doneon", "5001")), ["t1"])
        let tapped = try rows(testCase("grace.tap-time", "4999"))
        XCTAssertEqual(tapped.map(\.id), ["t1", "t4"])
        XCTAssertEqual(tapped[0].doneOn, try CorpusTestSupport.fixture(Fixture.projectsName).instant(named: "before")!.epochMs - 4_999)
        XCTAssertEqual(try ids(testCase("grace.tap-time", "5000")), ["t4"])
        XCTAssertEqual(try ids(testCase("grace.tap-time", "5001")), ["t4"])
        XCTAssertEqual(try ids(testCase("grace.overflow", "near-max")), ["t1", "t4"])
        XCTAssertEqual(try ids(testCase("grace.overflow", "max")), ["t1"], "doneOn + 5000 wraps negative")
        XCTAssertEqual(try ids(testCase("grace.overflow", "tap-max")), ["t4"])
    }

    func testTapTimes() throws {
        let before = try CorpusTestSupport.fixture(Fixture.projectsName).instant(named: "before")!.epochMs
        XCTAssertEqual(try rows(testCase("taptime.done", "with-time")).first?.doneOn, before - 1_000)
        XCTAssertEqual(try ids(testCase("taptime.done", "with-time", at: "after")), [], "outside the grace an hour later")
        let untimed = try testCase("taptime.done", "without-time", at: "far")
        XCTAssertEqual(try rows(untimed).first?.doneOn, untimed.nowMs, "no time queued: nowMs, always inside the grace")
        for parameter in ["plain", "with-stale-time"] {
            let undone = try rows(testCase("taptime.undone", parameter, at: "far"))
            XCTAssertEqual(undone.map(\.id), ["t1", "t4"], parameter)
            XCTAssertEqual(undone[1].isDone, false, parameter)
            XCTAssertEqual(undone[1].doneOn, 1_786_917_597_000, "\(parameter): the blob's doneOn, not the tap's")
        }
        XCTAssertEqual(try ids(testCase("taptime.time-without-tap")), ["t1", "t4"])
        XCTAssertEqual(try rows(testCase("taptime.repeated")).first?.doneOn, before - 1_000, "the last time wins")
        let today = try rows(testCase("taptime.today", at: "far"))
        XCTAssertEqual(today.map(\.id), ["t1", "t2", "t3"])
        XCTAssertEqual(today[0].doneOn, before - 1_000)
    }

    func testTrackedTasks() throws {
        func task(_ id: String, _ parameter: String? = nil) throws -> WidgetCurrentTask? {
            WidgetData.currentTask(try testCase(id, parameter, on: Fixture.currentTaskName).blob)
        }
        let full = try XCTUnwrap(task("base"))
        XCTAssertEqual(full, WidgetCurrentTask(id: "t3", title: "Review the draft", projectId: "p2", deviceLabel: "Pixel 8",
                                               isLocal: true, sinceTs: 1_786_910_400_000, focusCycle: 2))
        for id in ["currenttask.null", "currenttask.absent"] { XCTAssertNil(try task(id), id) }
        for parameter in ["string", "array", "number", "bool"] { XCTAssertNil(try task("currenttask.wrong-type", parameter), parameter) }
        for parameter in ["no-id", "no-title", "empty-object"] { XCTAssertNil(try task("currenttask.partial", parameter), parameter) }
        XCTAssertEqual(try task("currenttask.partial", "id-and-title-only"),
                       WidgetCurrentTask(id: "t3", title: "Review the draft", projectId: nil, deviceLabel: "", isLocal: false,
                                         sinceTs: nil, focusCycle: nil))
        XCTAssertEqual(try task("currenttask.member-type", "is-local-text-true")?.isLocal, true)
        XCTAssertEqual(try task("currenttask.member-type", "focus-cycle-overflow")?.focusCycle, 1)
        XCTAssertEqual(try task("currenttask.member-type", "id-number")?.id, "3")
    }

    func testOldBlobsUnderTodaysInputsGiveTodaysRows() throws {
        // Every fixture of revision 1, selected by a project widget: today's rows, as the two-input parse reads them.
        var checked = 0
        for fixture in try CorpusTestSupport.fixtures() where fixture.revision == 1 {
            for parameter in ["task-project", "deleted", "empty"] {
                guard let output = try XCTUnwrap(MutationCatalog.named("compat.selected-project"))
                    .apply(MutationOperator.Input(fixture), parameter: parameter) else { continue }
                XCTAssertNotNil(output.selectedProjectId)
                let taps = PendingTargets(output.pendingDoneTargets.map { ($0.taskId.string, $0.isDone) })
                let today = try? WidgetData.parse(output.blob, pendingDoneTargets: taps)
                let selected = try? WidgetData.parse(output.blob, pendingDoneTargets: taps, selectedProjectId: output.selectedProjectId?.string,
                                                     nowMs: fixture.instants.last!.epochMs)
                // Revision 1's fields of each row (doneOn is revision 2's: a queued done tap gives nowMs).
                func revisionOne(_ rows: [WidgetTaskRow]?) -> [WidgetTaskRow]? {
                    rows?.map { WidgetTaskRow(id: $0.id, title: $0.title, isDone: $0.isDone, projectColor: $0.projectColor) }
                }
                XCTAssertEqual(revisionOne(selected), revisionOne(today), "\(fixture.name) #\(parameter)")
                checked += 1
            }
        }
        XCTAssertGreaterThanOrEqual(checked, 30)
        let timed = try testCase("compat.done-time", "selected", on: Fixture.canonicalName, at: "far")
        XCTAssertEqual(timed.selectedProjectId, "p1")
        let row = try XCTUnwrap(rows(timed).first)
        XCTAssertEqual(row.isDone, true)
        XCTAssertEqual(row.doneOn, 1_784_325_599_999 - 60_000, "the tap's time, and no grace on today's rows")
    }

    /// Every item of the issue's "Cases for the new inputs", as `operator` or `operator#parameter`.
    func testTheIssueListOfNewInputsIsCovered() {
        let required = [
            "projects.absent", "projects.null", "projects.not-array#object", "projects.entry-not-object#null-first",
            "projects.duplicate-id", "projects.number-id#integer-hit", "projects.missing-title#selected", "projects.missing-tasks#selected",
            "selection.absent", "selection.empty#no-entry", "selection.twice#copy-after",
            "doneon.value#string", "doneon.value#double", "doneon.value#negative", "doneon.value#zero", "doneon.value#above-2-53",
            "grace.doneon#4999", "grace.doneon#5000", "grace.doneon#5001",
            "taptime.done#with-time", "taptime.done#without-time", "taptime.undone#plain",
            "currenttask.null", "currenttask.absent", "currenttask.partial#no-id", "currenttask.wrong-type#string",
            "currenttask.member-type#id-number",
            "compat.selected-project#task-project",
        ]
        for entry in required {
            let parts = entry.split(separator: "#", maxSplits: 1).map(String.init)
            guard let op = MutationCatalog.named(parts[0]) else { XCTFail("missing operator \(parts[0])"); continue }
            if parts.count == 2 {
                XCTAssertTrue(op.parameters.contains(parts[1]), "missing parameter \(entry)")
            } else {
                XCTAssertTrue(op.parameters.isEmpty, "\(entry) was expected without parameters")
            }
        }
    }
}

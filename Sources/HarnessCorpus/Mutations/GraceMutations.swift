import WidgetSnapshot

/// The 5-second grace on a selected project's rows (CONTRACT.md §8.1): a done row stays only
/// while `nowMs < doneOn + 5000`, `doneOn` from the blob or from the tap that marked it done.
/// Each case runs at the `projects` fixture's `before` instant, with the time set relative to
/// it: 4 999 ms before is kept, 5 000 and 5 001 are dropped; the sum is Java's wrapping `long`.
enum GraceMutations {
    private static let instant = "before"
    private static let reach = MutationOperator.Reach.fixtureAt(Fixture.projectsName, instant: instant)
    private static let boundary: [(String, Int64)] = [("4999", 4_999), ("5000", 5_000), ("5001", 5_001)]

    static let all: [MutationOperator] = [
        .edit("grace.doneon", .grace, "a done row's doneOn that many ms before now: kept below 5000, dropped from it",
              reach: reach, boundary) { draft, input, age in
            guard let now = input.instant(named: instant), let at = input.selectedDoneTask else { return false }
            return draft.updateProjectTask(at.project, at.task) { $0.replace("doneOn", with: .integer(now - age)) }
        },
        .change("grace.tap-time", .grace, "an open row tapped done that many ms before now: kept below 5000, dropped from it",
                reach: reach, boundary) { change, input, age in
            guard let now = input.instant(named: instant), let open = input.selectedOpenTask else { return false }
            change.tap(open.id, done: true, at: now - age)
            return true
        },
        // An open row after the selected project's dropped done rows: it shows no doneOn of theirs
        // (a reader that reuses a dropped row's slot without clearing it does; holes generated
        // mutants found). At `after`, both done rows are dropped.
        .edit("grace.open-after-dropped", .grace, "an open row without project after the selected project's done rows",
              reach: .fixtureAt(Fixture.projectsName, instant: "after")) { draft, input in
            guard let project = input.selectedProject?.index else { return false }
            let row = BlobDraft.object([.init("id", .string("t8")), .init("title", .string("Open after the done rows")),
                                        .init("isDone", .bool(false))])
            return draft.updateProject(project) { entry in
                entry.update("tasks") { tasks in
                    guard var rows = tasks.elements else { return false }
                    rows.append(row)
                    tasks = .array(rows)
                    return true
                }
            }
        },
        .change("grace.overflow", .grace, "doneOn + 5000 past 2^63-1 wraps (Java's long): kept at 2^63-5001, dropped at 2^63-1",
                reach: reach, [("near-max", Overflow.blob(.max - 5_000)), ("max", .blob(.max)), ("tap-max", .tap(.max))]) {
            change, input, overflow in
            switch overflow {
            case .blob(let doneOn):
                guard let at = input.selectedDoneTask else { return false }
                return change.draft.updateProjectTask(at.project, at.task) { $0.replace("doneOn", with: .integer(doneOn)) }
            case .tap(let ms):
                guard let open = input.selectedOpenTask else { return false }
                change.tap(open.id, done: true, at: ms)
                return true
            }
        },
    ]

    /// Where the time near 2^63 is put.
    private enum Overflow: Sendable {
        case blob(Int64)
        case tap(Int64)
    }
}

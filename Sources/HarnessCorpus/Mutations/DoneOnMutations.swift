import WidgetSnapshot

/// A row's `doneOn` (revision 2, CONTRACT.md §8.1): `optLong("doneOn", 0)`, kept only when
/// `> 0`, so every kind a writer bug could leave coerces as `toLong` does (a string, a
/// double, above 2⁵³, saturating) or gives none; on a project's rows a done row without one
/// is dropped. On the `projects` fixture: the selected project's done task that has a
/// `doneOn`, an open task, and (without selection) a today row.
enum DoneOnMutations {
    private static let reach = MutationOperator.Reach.fixture(Fixture.projectsName)

    /// Literal text derived from the fixture's own `doneOn`.
    private typealias Derived = @Sendable (Int64) -> String

    private static let values: [(String, Derived)] = [
        ("string", { "\"\($0)\"" }),
        ("double", { "\($0).9" }),
        ("exponent", { TextEdit.exponentForm($0) }),
        ("negative", { "-\($0)" }),
        ("zero", { _ in "0" }),
        ("above-2-53", { _ in "9007199254740993" }),
        ("above-2-53-string", { _ in "\"9007199254740993\"" }),
        ("above-2-53-double", { _ in "9007199254740993.0" }),
        ("huge", { _ in "1e300" }),
        ("null", { _ in "null" }),
        ("bool", { _ in "true" }),
        ("word", { _ in "\"soon\"" }),
    ]

    /// Today's rows only: 1, the smallest doneOn kept (> 0), which a reader testing > 1 leaves out
    /// (on a project's done row the grace drops it either way).
    private static let todayValues: [(String, Derived)] = [("one", { _ in "1" })]

    static let all: [MutationOperator] = [
        .edit("doneon.value", .doneOn, "a selected project's done row's doneOn as another kind or size (toLong, > 0)",
              reach: reach, values) { draft, input, derive in
            guard let at = input.selectedDoneTask else { return false }
            return draft.updateProjectTask(at.project, at.task) { $0.replace("doneOn", with: .text(derive(at.doneOn))) }
        },
        .edit("doneon.missing", .doneOn, "a selected project's done row without doneOn: dropped from the project's rows",
              reach: reach) { draft, input in
            guard let at = input.selectedDoneTask else { return false }
            return draft.updateProjectTask(at.project, at.task) { $0.remove("doneOn") }
        },
        .edit("doneon.open-task", .doneOn, "an open task of the selected project carries a doneOn: it stays, with it",
              reach: reach) { draft, input in
            guard let at = input.selectedDoneTask, let open = input.selectedOpenTask else { return false }
            return draft.updateProjectTask(open.project, open.task) { $0.insert("doneOn", .integer(at.doneOn), after: "isDone") }
        },
        .change("doneon.today", .doneOn, "no selection: a today row's doneOn as another kind (no grace on today's rows)",
                reach: reach, [("string", "string"), ("double", "double"), ("zero", "zero"), ("one", "one")]) { change, input, name in
            guard let derive = (values + todayValues).first(where: { $0.0 == name })?.1,
                  let row = input.tasks.first(where: { if case .integer? = $0.task["doneOn"] { return true } else { return false } }),
                  case .integer(let doneOn)? = row.task["doneOn"] else { return false }
            change.selectedProjectId = nil
            return change.draft.updateTask(row.index) { $0.replace("doneOn", with: .text(derive(doneOn))) }
        },
    ]
}

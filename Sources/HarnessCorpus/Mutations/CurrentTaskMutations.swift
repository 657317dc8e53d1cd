import WidgetSnapshot

/// Revision 3's tracked task (CONTRACT.md §8.3) on the `current-task` fixture: `currentTask`
/// null or absent (none), partial (a missing `id` or `title` is none; the other members have
/// defaults or are left out), of another kind than an object, or with members of other kinds,
/// each read by its org.json accessor (`getString`, `optString`, `optBoolean`, `optLong` > 0,
/// `optInt` unless null).
enum CurrentTaskMutations {
    private static let reach = MutationOperator.Reach.fixture(Fixture.currentTaskName)

    static let all: [MutationOperator] = [
        .edit("currenttask.null", .currentTask, "currentTask is JSON null: no tracked task", reach: reach) { draft, _ in
            draft.replace("currentTask", with: .jsonNull)
        },
        .edit("currenttask.absent", .currentTask, "no currentTask (a revision-2 writer's blob): no tracked task", reach: reach) {
            draft, _ in draft.remove("currentTask")
        },
        // Another version: no tracked task, though the object is there (holes generated mutants found).
        .edit("currenttask.unsupported-version", .currentTask, "v is 2: no tracked task", reach: reach) { draft, _ in
            draft.replace("v", with: .integer(2))
        },
        .edit("currenttask.partial", .currentTask, "one member left out: id or title gives none, the others their defaults",
              reach: reach, [("no-id", ["id"]), ("no-title", ["title"]), ("no-project-id", ["projectId"]),
                             ("no-device-label", ["deviceLabel"]), ("no-is-local", ["isLocal"]), ("no-since", ["sinceTs"]),
                             ("no-focus-cycle", ["focusCycle"]),
                             ("id-and-title-only", ["projectId", "deviceLabel", "isLocal", "sinceTs", "focusCycle"]),
                             ("empty-object", ["id", "title", "projectId", "deviceLabel", "isLocal", "sinceTs", "focusCycle"])]) {
            draft, _, members in
            draft.update("currentTask") { task in
                guard task.members != nil else { return false }
                for member in members where !task.remove(member) { return false }
                return true
            }
        },
        .edit("currenttask.wrong-type", .currentTask, "currentTask is not an object (optJSONObject): no tracked task",
              reach: reach, [("string", "\"t3\""), ("array", "[{\"id\":\"t3\",\"title\":\"Review the draft\"}]"), ("number", "3"),
                             ("bool", "true")]) { draft, _, literal in
            draft.replace("currentTask", with: .text(literal))
        },
        .edit("currenttask.member-type", .currentTask, "one member of another kind, read by its accessor's coercion",
              reach: reach, [
                ("id-number", ("id", "3")), ("id-null", ("id", "null")), ("title-number", ("title", "7")),
                ("title-null", ("title", "null")), ("project-id-null", ("projectId", "null")),
                ("project-id-number", ("projectId", "2")), ("device-label-null", ("deviceLabel", "null")),
                ("device-label-number", ("deviceLabel", "8")), ("is-local-text-true", ("isLocal", "\"TRUE\"")),
                ("is-local-number", ("isLocal", "1")), ("since-text", ("sinceTs", "\"1786910400000\"")),
                ("since-zero", ("sinceTs", "0")), ("since-one", ("sinceTs", "1")), ("since-negative", ("sinceTs", "-1")),
                ("since-double", ("sinceTs", "1786910400000.7")), ("focus-cycle-text", ("focusCycle", "\"abc\"")),
                ("focus-cycle-double", ("focusCycle", "2.7")), ("focus-cycle-overflow", ("focusCycle", "4294967297")),
                ("focus-cycle-double-beyond-int32", ("focusCycle", "2147483648.5")),
                ("focus-cycle-null", ("focusCycle", "null")),
                // Java's narrowing (holes generated mutants found): (int) of NaN is 0, not the
                // machine's 0x80000000; Long.intValue of 2^31 and 2^32-1 keeps the low 32 bits
                ("focus-cycle-nan-text", ("focusCycle", "\"NaN\"")), ("focus-cycle-2pow31", ("focusCycle", "2147483648")),
                ("focus-cycle-2pow32-minus-1", ("focusCycle", "4294967295")),
                // (int) near the ends of int: truncated, not saturated, just inside them; saturated
                // below; a sinceTs below Long.MIN_VALUE (holes generated mutants found)
                ("focus-cycle-just-below-int-max", ("focusCycle", "2147483646.5")),
                ("focus-cycle-just-above-int-min", ("focusCycle", "-2147483647.5")),
                ("focus-cycle-below-int-min", ("focusCycle", "-3000000000.5")),
                ("since-below-long-min", ("sinceTs", "-1e19")),
              ]) { draft, _, spec in
            draft.update("currentTask") { task in task.replace(spec.0, with: .text(spec.1)) }
        },
        // A number followed in the blob by members named id and title (top-level members no reader
        // reads): still no tracked task; a reader that walks a number's "members" takes them for the
        // task's own (holes generated mutants found).
        .edit("currenttask.number-then-id-and-title", .currentTask,
              "currentTask is the number 9, followed by top-level members id and title: no tracked task",
              reach: .fixtureAt(Fixture.currentTaskName, instant: "before")) { draft, _ in
            draft.remove("currentTask") && draft.append("currentTask", .integer(9))
                && draft.append("id", .string("t9")) && draft.append("title", .string("Not a tracked task"))
        },
        // Each text member as the blob gives it: a space on either side, upper case and a
        // precomposed letter (U+00E9), which a reader that trims, lower-cases or normalises (NFD)
        // shows otherwise (holes generated mutants found).
        .edit("currenttask.text-as-given", .currentTask, "a text member is \" Caf\u{E9} X \" (shown as given: no trim, case or normalisation)",
              reach: reach, [("id", "id"), ("title", "title"), ("project-id", "projectId"), ("device-label", "deviceLabel")]) {
            draft, _, member in
            draft.update("currentTask") { task in task.replace(member, with: .string(textAsGiven)) }
        },
    ]

    /// A text no reader may change: a space on either side, upper case, a precomposed é.
    static let textAsGiven = " Caf\u{E9} X "
}

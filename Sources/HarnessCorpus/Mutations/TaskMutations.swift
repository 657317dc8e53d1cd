import WidgetSnapshot

/// `tasks` and each task's `id` and `title`: only an array counts (`optJSONArray`), a
/// non-object element fails the whole parse (`getJSONObject`), and a missing `id` or
/// `title` fails it too (`getString`), while other kinds are read as text.
enum TaskMutations {
    /// Sets `field` of the first task.
    private static func setField(_ id: String, _ summary: String, _ field: String, _ values: [(String, BlobDraft)])
        -> MutationOperator {
        .edit(id, .tasks, summary, values) { draft, input, value in
            guard let task = input.tasks.first?.index else { return false }
            return draft.updateTask(task) { $0.replace(field, with: value) }
        }
    }

    private static func setField(_ id: String, _ summary: String, _ field: String, _ value: BlobDraft)
        -> MutationOperator {
        .edit(id, .tasks, summary) { draft, input in
            guard let task = input.tasks.first?.index else { return false }
            return draft.updateTask(task) { $0.replace(field, with: value) }
        }
    }

    private static func removeField(_ id: String, _ summary: String, _ field: String) -> MutationOperator {
        .edit(id, .tasks, summary) { draft, input in
            guard let task = input.tasks.first?.index else { return false }
            return draft.updateTask(task) { $0.remove(field) }
        }
    }

    static let all: [MutationOperator] = [
        .edit("tasks.missing", .tasks, "removes tasks") { draft, _ in draft.remove("tasks") },
        .edit("tasks.null", .tasks, "tasks is JSON null") { draft, _ in draft.replace("tasks", with: .jsonNull) },
        .edit("tasks.object", .tasks, "tasks is an object of the tasks keyed \"0\", \"1\", …") { draft, _ in
            draft.update("tasks") { tasks in
                guard let elements = tasks.elements else { return false }
                tasks = .object(elements.enumerated().map { BlobDraft.Member(String($0.offset), $0.element) })
                return true
            }
        },
        .edit("tasks.empty", .tasks, "tasks is []") { draft, input in
            guard !input.tasks.isEmpty else { return false }
            return draft.replace("tasks", with: .array([]))
        },
        .edit("tasks.non-object-element", .tasks, "a non-object element after the tasks (fails the whole parse)", [
            ("null", "null"),
            ("number", "1"),
            ("string", "\"t9\""),
            ("array", "[]"),
            ("bool", "false"),
        ]) { draft, _, literal in
            draft.update("tasks") { tasks in
                guard let elements = tasks.elements else { return false }
                tasks = .array(elements + [.text(literal)])
                return true
            }
        },
        removeField("tasks.id-missing", "removes the first task's id (fails the whole parse)", "id"),
        setField("tasks.id-null", "the first task's id is JSON null (read as the text \"null\")", "id", .jsonNull),
        setField("tasks.id-number", "the first task's id is a number (read as its Java text)", "id", [
            ("integer", .text("42")),
            ("double", .text("1.5")),
            ("exponent", .text("1e21")),
            // an array holding -0.0: org.json's numberToString prints it "-0" ("[-0]"), not "0"
            ("array-negative-zero", .text("[-0.0]")),
            // Int64.min: the C pre-pass must not take it for an integer beyond int64 (a double)
            ("int64-min", .text("-9223372036854775808")),
            // Int64.max (not beyond int64 either), an array of a whole and a fractional double
            // (org.json prints 2.0 as 2), an object of two members (a comma, false, a key with a
            // solidus: \/), and one whose key holds U+0000 and U+0001 (C keeps them encoded in
            // jansson and decodes them to print; holes generated mutants found)
            ("int64-max", .text("9223372036854775807")),
            ("array-doubles", .text("[2.0,1.5]")),
            ("object-two-members", .text(#"{"a/b":1,"c":false}"#)),
            ("object-control-keys", .text(#"{"a\u0000b\u0001":1}"#)),
        ]),
        removeField("tasks.title-missing", "removes the first task's title (fails the whole parse)", "title"),
        setField("tasks.title-null", "the first task's title is JSON null (read as the text \"null\")", "title", .jsonNull),
        setField("tasks.title-number", "the first task's title is a number or boolean (read as its Java text)",
                 "title", [("integer", .text("7")), ("double", .text("0.1")), ("bool", .bool(true))]),
        // Texts a careless transform changes (a trim, a case change, a Unicode normalisation): every
        // reader shows them byte for byte (holes generated text mutants found: no title or id had spaces
        // around it or a precomposed letter).
        setField("tasks.title-shape", "the first task's title with spaces around it, precomposed letters or upper case",
                 "title", [
            ("padded", .string("  Task one ")),
            ("precomposed", .string("Caf\u{E9} cr\u{E8}me br\u{FB}l\u{E9}e")),
            ("upper", .string("TASK ONE")),
        ]),
        setField("tasks.id-shape", "the first task's id with spaces around it or a precomposed letter", "id", [
            ("padded", .string(" t1 ")),
            ("precomposed", .string("t-caf\u{E9}")),
        ]),
        MutationOperator(id: "tasks.duplicate-ids", family: .tasks,
                         summary: "the second task takes the first task's id (a queued tap then hits both)",
                         parameters: ["plain", "pending"], reach: .canonicalFixture) { input, parameter in
            let tasks = input.tasks
            guard tasks.count >= 2, let id = tasks[0].task["id"]?.stringValue else { return nil }
            var draft = input.draft
            guard draft.updateTask(tasks[1].index, { $0.replace("id", with: .value(.string(id))) }) else { return nil }
            var pending = input.pendingDoneTargets
            if parameter == "pending" {
                pending = pending.queuing(id, !input.effectiveIsDone(tasks[0].task))
            }
            return input.output(draft.render(), pendingDoneTargets: pending)
        },
        .edit("tasks.extra-fields", .tasks, "the first task carries unknown fields, nested ones too") { draft, input in
            guard let task = input.tasks.first?.index else { return false }
            return draft.updateTask(task) { task in
                task.append("subtasks", .text("[{\"id\":\"s1\",\"title\":\"Sub\",\"isDone\":true}]"))
                task.append("dueMs", .integer(1_784_300_000_000))
                return true
            }
        },
        .edit("tasks.reordered-fields", .tasks, "every task's fields in reverse order") { draft, _ in
            draft.updateEveryTask { task in
                guard let members = task.members, members.count > 1 else { return false }
                task = .object(members.reversed())
                return true
            }
        },
    ]
}

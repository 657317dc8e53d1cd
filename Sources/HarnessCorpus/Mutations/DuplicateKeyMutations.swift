/// Duplicate object keys: the last value wins, at the position of the first occurrence
/// (org.json's `LinkedHashMap` put; CONTRACT.md §1).
enum DuplicateKeyMutations {
    static let all: [MutationOperator] = [
        .edit("duplicates.top-level", .duplicates, "a top-level key written twice", [
            ("version-last-bad", ("v", "2", false)),
            ("version-last-good", ("v", "1", true)),
            ("validuntil", ("validUntil", "1", false)),
            ("daystr", ("dayStr", "\"2026-07-16\"", false)),
            ("tasks", ("tasks", "[]", false)),
        ]) { draft, _, entry in
            let (key, literal, spoilFirst) = entry
            guard draft[key] != nil else { return false }
            if spoilFirst { draft.replace(key, with: .integer(2)) }
            return draft.append(key, .text(literal))
        },
        .edit("duplicates.in-task", .duplicates, "a key written twice inside the first task or the colour map", [
            ("id", "id"),
            ("is-done", "isDone"),
            ("title", "title"),
            ("project-id", "projectId"),
            ("colour-entry", "projectColors"),
        ]) { draft, input, key in
            if key == "projectColors" {
                guard let first = input.blob["projectColors"]?.objectValue?.keys.first else { return false }
                return draft.update("projectColors") { $0.append(first.string, .string("#00ff00")) }
            }
            guard let (index, task) = input.tasks.first else { return false }
            // title and projectId: a reader keeping the first of two would show the first title
            // and the first project's colour (found planting first-wins in the Swift reader).
            let value: BlobDraft
            switch key {
            case "id": value = .string("t-dup")
            case "title": value = .string("Title written twice")
            case "projectId": value = .string("p-dup")
            default: value = .bool(!input.effectiveIsDone(task))
            }
            return draft.updateTask(index) { $0.append(key, value) }
        },
    ]
}

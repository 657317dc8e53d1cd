import WidgetSnapshot

/// The case's selected project (revision 2's `selectedProjectId`, CONTRACT.md §8.1) on the
/// `projects` fixture: none (the Today widget), `""`, an id no entry has (a project deleted on
/// another device), an id two entries have (the first wins), the other projects, near misses.
enum SelectionMutations {
    private static let reach = MutationOperator.Reach.fixture(Fixture.projectsName)

    /// A copy of the selected project under its id, with one task of its own.
    private static func copy(of id: JSONString) -> BlobDraft {
        let task = BlobDraft.object([.init("id", .string("t9")), .init("title", .string("From the second entry")),
                                     .init("isDone", .bool(false)), .init("projectId", .value(.string(id)))])
        return .object([.init("id", .value(.string(id))), .init("title", .string("Second entry, same id")),
                        .init("tasks", .array([task]))])
    }

    static let all: [MutationOperator] = [
        .change("selection.absent", .selection, "no selection (the Today widget) on a blob with projects: today's rows, grace off",
                reach: reach) { change, input in
            guard input.selectedProjectId != nil else { return false }
            change.selectedProjectId = nil
            return true
        },
        .change("selection.empty", .selection, "the selection is \"\": it matches only an entry without id (optString gives \"\")",
                reach: reach, [("no-entry", false), ("id-less-entry", true)]) { change, input, idLess in
            change.selectedProjectId = ""
            guard idLess else { return true }
            // The last project loses its id: parse reads it as "", parseProjects fails on it.
            guard let last = input.projects.last?.index else { return false }
            return change.draft.updateProject(last) { $0.remove("id") }
        },
        .change("selection.twice", .selection, "two entries with the selected id: the first one's rows and title win",
                reach: reach, [("copy-after", Int.max), ("copy-before", 0)]) { change, input, position in
            guard let id = input.selectedProjectId, input.selectedProject != nil else { return false }
            return change.draft.insertProject(copy(of: id), at: position)
        },
        .change("selection.unknown", .selection, "a selection no entry has (deleted elsewhere): today's rows",
                reach: reach, [("deleted", "p-deleted"), ("task-id", "t1")]) { change, _, id in
            change.selectedProjectId = JSONString(id)
            return true
        },
        .change("selection.other", .selection, "each other project selected: its list then backlog rows, or none",
                reach: reach, [("second", 1), ("third", 2), ("fourth", 3)]) { change, input, position in
            guard let id = input.projects.first(where: { $0.index == position })?.project["id"]?.stringValue,
                  id != input.selectedProjectId else { return false }
            change.selectedProjectId = id
            return true
        },
        // Ids of one byte: a first entry "a" and the selection "b" that no entry has (today's rows,
        // no title); a comparison that skips the bytes of a one-byte id takes "a" (holes generated
        // mutants found).
        .change("selection.one-byte", .selection, "the selection \"b\" beside a first entry \"a\": no entry matches",
                reach: reach) { change, _ in
            let task = BlobDraft.object([.init("id", .string("t9")), .init("title", .string("In project a")),
                                         .init("isDone", .bool(false))])
            let entry = BlobDraft.object([.init("id", .string("a")), .init("title", .string("One byte")),
                                          .init("tasks", .array([task]))])
            change.selectedProjectId = "b"
            return change.draft.insertProject(entry, at: 0)
        },
        // No selection (the Today widget) beside entries a selection would trip on: one that is not
        // an object (parse never looks), one without id (optString's "" is no selection).
        .change("selection.absent-odd-entry", .selection, "no selection on a blob whose projects hold an odd entry: today's rows",
                reach: reach, [("not-object", true), ("id-less", false)]) { change, input, notObject in
            guard input.selectedProjectId != nil else { return false }
            change.selectedProjectId = nil
            if notObject { return change.draft.insertProject(.text("7"), at: 0) }
            guard let last = input.projects.last?.index else { return false }
            return change.draft.updateProject(last) { $0.remove("id") }
        },
        .change("selection.near-id", .selection, "a selection that differs from an id only in case or a space: no match",
                reach: reach, [("case", true), ("trailing-space", false)]) { change, input, upper in
            guard let id = input.selectedProjectId else { return false }
            let bytes = id.utf8
            change.selectedProjectId = JSONString(utf8: upper ? bytes.map { (0x61...0x7A).contains($0) ? $0 - 32 : $0 }
                                                              : bytes + [UInt8(ascii: " ")])
            return true
        },
    ]
}

import WidgetSnapshot

/// Old persisted blobs under today's questions (issue 23's compatibility cases): every
/// fixture of revision 1 — a blob the previous app version wrote, without `projects` or
/// `doneOn` — read with revision 2's case inputs. A selected project on such a blob gives
/// today's rows, without the grace (CONTRACT.md §8.1, the fallback); a tap's time becomes the
/// tapped row's `doneOn`. (Revision 3 adds a question but no case input: every case of every
/// fixture already asks an older blob for `currentTask`.)
enum CompatMutations {
    private static let reach = MutationOperator.Reach.revisionsBefore(2)

    /// What the selection is on an old blob.
    private enum Selection: Sendable {
        /// The first task's `projectId` (a project the app had then).
        case taskProject
        case fixed(String)
    }

    private static func id(_ selection: Selection, _ input: MutationOperator.Input) -> JSONString? {
        switch selection {
        case .taskProject: return input.tasks.lazy.compactMap { $0.task["projectId"]?.stringValue }.first
        case .fixed(let text): return JSONString(text)
        }
    }

    static let all: [MutationOperator] = [
        .change("compat.selected-project", .compat, "an old blob (no projects) read by a project widget: today's rows",
                reach: reach, [("task-project", Selection.taskProject), ("deleted", .fixed("p-deleted")), ("empty", .fixed(""))]) {
            change, input, selection in
            guard let id = id(selection, input) else { return false }
            change.selectedProjectId = id
            return true
        },
        .change("compat.done-time", .compat, "an old blob's open row tapped done with a time: doneOn, on today's rows with or without a selection",
                reach: reach, [("today", Optional<Selection>.none), ("selected", .taskProject)]) { change, input, selection in
            guard let first = input.instants.first?.epochMs,
                  let id = input.tasks.first(where: { !input.effectiveIsDone($0.task) })?.task["id"]?.stringValue else { return false }
            if let selection {
                change.selectedProjectId = Self.id(selection, input) ?? "p-deleted"
            }
            change.tap(id, done: true, at: first - 60_000)
            return true
        },
    ]
}

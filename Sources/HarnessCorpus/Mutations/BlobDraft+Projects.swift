import WidgetSnapshot

/// Reading and editing revision 2's `projects` array (`{id, title, tasks}` entries) for the
/// families of project widgets.
extension MutationOperator.Input {
    /// The `projects` array's objects with their positions (non-objects skipped).
    package var projects: [(index: Int, project: JSONObject)] {
        guard let elements = blob["projects"]?.arrayValue else { return [] }
        return elements.enumerated().compactMap { index, element in element.objectValue.map { (index, $0) } }
    }

    /// The position of the first project entry whose `id` is this text.
    package func projectIndex(id: JSONString?) -> Int? {
        guard let id else { return nil }
        return projects.first { $0.project["id"]?.stringValue == id }?.index
    }

    /// The selected project's entry (the first with the selection's id).
    package var selectedProject: (index: Int, project: JSONObject)? {
        guard let at = projectIndex(id: selectedProjectId) else { return nil }
        return projects.first { $0.index == at }
    }

    /// The selected project's first task with an integer `doneOn`, and that `doneOn`.
    package var selectedDoneTask: (project: Int, task: Int, doneOn: Int64)? {
        guard let project = selectedProject?.index else { return nil }
        for (index, task) in projectTasks(project) {
            if case .integer(let doneOn)? = task["doneOn"] { return (project, index, doneOn) }
        }
        return nil
    }

    /// The selected project's first task that is shown open, with its id.
    package var selectedOpenTask: (project: Int, task: Int, id: JSONString)? {
        guard let project = selectedProject?.index else { return nil }
        for (index, task) in projectTasks(project) where !effectiveIsDone(task) {
            if let id = task["id"]?.stringValue { return (project, index, id) }
        }
        return nil
    }

    /// The tasks of the project at `index` with their positions (non-objects skipped).
    package func projectTasks(_ index: Int) -> [(index: Int, task: JSONObject)] {
        guard let project = projects.first(where: { $0.index == index })?.project,
              let elements = project["tasks"]?.arrayValue else { return [] }
        return elements.enumerated().compactMap { at, element in element.objectValue.map { (at, $0) } }
    }
}

extension BlobDraft {
    /// Puts a member right after the first member named `key` (the writer's key order:
    /// `doneOn` after `isDone`); false when there is no such member.
    @discardableResult
    package mutating func insert(_ key: String, _ value: BlobDraft, after previous: String) -> Bool {
        guard case .object(var members) = self,
              let at = members.firstIndex(where: { $0.key == .string(JSONString(previous)) }) else { return false }
        members.insert(Member(key, value), at: at + 1)
        self = .object(members)
        return true
    }

    /// Edits entry `index` of the `projects` array; false when there is no such entry.
    @discardableResult
    package mutating func updateProject(_ index: Int, _ body: (inout BlobDraft) -> Bool) -> Bool {
        update("projects") { projects in projects.updateElement(index, body) }
    }

    /// Edits task `task` of project entry `project`; false when either is missing.
    @discardableResult
    package mutating func updateProjectTask(_ project: Int, _ task: Int, _ body: (inout BlobDraft) -> Bool) -> Bool {
        updateProject(project) { entry in entry.update("tasks") { tasks in tasks.updateElement(task, body) } }
    }

    /// Puts `element` into the `projects` array at `position` (clamped to its end); false
    /// when `projects` is not an array.
    @discardableResult
    package mutating func insertProject(_ element: BlobDraft, at position: Int) -> Bool {
        update("projects") { projects in
            guard var elements = projects.elements else { return false }
            elements.insert(element, at: min(max(position, 0), elements.count))
            projects = .array(elements)
            return true
        }
    }
}

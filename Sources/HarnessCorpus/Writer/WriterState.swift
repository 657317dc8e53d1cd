import ContractModel
import WidgetSnapshot

/// What an app state means, read by the harness itself from the state line — never from the
/// writer's blob — so the gate can say what the widget must show (`WriterIntent`) and when
/// the app's day ends (`AppDayBoundary`), and a writer that gets either wrong is caught even
/// when every reader agrees on its blob. Texts are read as the readers show them (a lone
/// surrogate as U+FFFD, CONTRACT §5 D1).
package struct WriterState: Sendable, Equatable {
    /// One row the widget must show, in today's order.
    package struct Row: Sendable, Equatable {
        package var id: String
        package var title: String
        package var isDone: Bool
        /// The completion time the row carries (revision 2, done tasks with a numeric one).
        package var doneOn: Int64?
        /// The project's theme colour as the app stores it (W5), nil when the row has none.
        package var colour: String?
    }

    /// One project entity (revision 2), as a project widget configured to it must show it.
    package struct Project: Sendable, Equatable {
        package var id: String
        package var title: String
        /// Its position among the state's project entities, from 1 (names its writer cases).
        package var entity: Int
        /// Whether the writer lists it in `projects` (W6: not archived, not hidden, not the Inbox);
        /// a widget configured to one it leaves out shows Today's rows (CONTRACT.md §8.1's fallback).
        package var listed: Bool
        /// False when the id holds U+FFFD, as a lone surrogate reads in Swift and C (D1): a case's
        /// selection is UTF-8, so it would select the project in Swift and C and none in Kotlin,
        /// which keeps the unit; the widget is then not read configured to it.
        package var selectable: Bool { WriterState.isSelectable(projectId: id) }
        /// Its rows as the writer writes them (W6): its `taskIds` then `backlogTaskIds`, ids
        /// without an entity skipped, at most `projectRowLimit`; empty when not listed.
        package var rows: [Row]
    }

    /// Whether a project widget case can select the project `projectId` (as the readers show
    /// it): not when it holds U+FFFD (`Project.selectable`).
    package static func isSelectable(projectId: String) -> Bool { !projectId.unicodeScalars.contains("\u{FFFD}") }

    /// Revision 2 writes at most this many rows per project (W6, the app's `MAX_WIDGET_TASKS`).
    package static let projectRowLimit = 20
    /// The Inbox, which revision 2's `projects` leaves out (W6).
    package static let inboxProjectId = "INBOX_PROJECT"

    package var inApp: Bool
    package var revision: Int
    package var timeZone: String
    package var todayStr: String
    package var startOfNextDayDiffMs: Int64
    /// Today's tasks whose entity exists, in order (W4, W5).
    package var rows: [Row]
    /// Every project entity in entity order, listed or not (revision 2 and later; empty for revision 1).
    package var projects: [Project] = []

    /// The tracked task (`WriterState+Tracking`, revision 3's `currentTask`), nil when none is.
    package var currentTask: CurrentTask?

    /// The projects the writer lists, in its order.
    package var listedProjects: [Project] { projects.filter(\.listed) }

    /// The state of one app-state line (CONTRACT.md §7.1); nil when it is not a JSON object
    /// or a field the harness needs is missing or of the wrong type.
    package init?(line: [UInt8]) {
        guard case .object(let object)? = try? JSONParser().parse(line) else { return nil }
        self.init(object)
    }

    /// What `init(line:)` reads from `AppStateLine.line(state)`, without writing and parsing
    /// the line again (`fuzz states` reads every in-app state it generates): texts as the
    /// readers show them (`AppText.description`), the first entity of a repeated id.
    ///
    /// Ids are matched as the `String`-keyed maps of `init(_: JSONObject)` match them
    /// (`AppText.keysAlike`), by a scan: a state holds a few dozen entities at most, and building
    /// two dictionaries of every state's ids was most of this read.
    package init(_ state: AppState) {
        func row(_ taskId: AppText) -> Row? {
            // The first entity of the id; none: its entity is gone, no row.
            guard let task = state.tasks.first(where: { $0.id.keysAlike(taskId) }) else { return nil }
            var projectId: AppText?
            if case .value(let text) = task.projectId, !text.isEmpty { projectId = text }
            var doneOn: Int64?
            if state.writes("doneOn"), task.isDone, case .value(let ms) = task.doneOn { doneOn = ms }
            // The first project of the id with a truthy primary (archived and hidden ones included).
            let colour = projectId.flatMap { id -> String? in
                guard id.description != "__proto__" else { return nil }
                return state.projects.first { project in
                    project.id.keysAlike(id) && !(project.primary?.isEmpty ?? true)
                }?.primary?.description
            }
            return Row(id: task.id.description, title: task.title.description, isDone: task.isDone, doneOn: doneOn, colour: colour)
        }
        self.rows = state.todayTaskIds.compactMap(row)
        if state.writes("projects") {
            self.projects = state.projects.enumerated().map { position, project in
                let id = project.id.description
                let listed = !project.isArchived && !project.isHiddenFromMenu && id != Self.inboxProjectId
                return Project(id: id, title: project.title.description, entity: position + 1, listed: listed,
                               rows: listed ? Self.firstRows(project.taskIds + project.backlogTaskIds, row) : [])
            }
        }
        self.currentTask = Self.currentTask(state.tracking) { id in state.tasks.first { $0.id.keysAlike(id) } }
        self.inApp = state.inApp
        self.revision = state.revision
        self.timeZone = state.timeZone
        self.todayStr = state.todayStr.description
        self.startOfNextDayDiffMs = state.startOfNextDayDiffMs
    }

    /// Whether the writer of this state's revision writes `feature` (`AppState.writes`).
    package func writes(_ feature: String) -> Bool { AppState.writes(feature, revision: revision) }

    /// Nil when a field the harness needs is missing or of the wrong type.
    package init?(_ object: JSONObject) {
        guard case .bool(let inApp)? = object["inApp"], case .integer(let revision)? = object["revision"],
              case .string(let zone)? = object["timeZone"], case .string(let today)? = object["todayStr"],
              case .integer(let offset)? = object["startOfNextDayDiffMs"],
              case .array(let todayIds)? = object["todayTaskIds"], case .array(let tasks)? = object["tasks"],
              case .array(let projects)? = object["projects"] else { return nil }
        var colours: [String: String] = [:]
        for case .object(let project) in projects {
            guard case .string(let id)? = project["id"] else { return nil }
            // Every project entity, archived and hidden included; a theme without a truthy primary gives none.
            if colours[id.string] == nil, case .string(let primary)? = project["primary"], !primary.isEmpty {
                colours[id.string] = primary.string
            }
        }
        var taskById: [String: JSONObject] = [:]
        for case .object(let task) in tasks {
            guard case .string(let id)? = task["id"] else { return nil }
            if taskById[id.string] == nil { taskById[id.string] = task }
        }
        var unreadable = false
        func row(_ idValue: JSONValue) -> Row? {
            guard case .string(let id) = idValue, let task = taskById[id.string] else { return nil }  // its entity is gone: no row
            guard case .string(let title)? = task["title"], case .bool(let isDone)? = task["isDone"] else {
                unreadable = true
                return nil
            }
            // `projectColors["__proto__"] = …` sets no member (CONTRACT.md §7.2, what the writer end does not model).
            var projectId: String?
            if case .string(let text)? = task["projectId"], !text.isEmpty { projectId = text.string }
            var doneOn: Int64?
            if AppState.writes("doneOn", revision: Int(revision)), isDone, case .integer(let ms)? = task["doneOn"] { doneOn = ms }
            return Row(id: id.string, title: title.string, isDone: isDone, doneOn: doneOn,
                       colour: projectId.flatMap { $0 == "__proto__" ? nil : colours[$0] })
        }
        let rows = todayIds.compactMap(row)
        var entities: [Project] = []
        if AppState.writes("projects", revision: Int(revision)) {
            for (position, value) in projects.enumerated() {
                guard case .object(let project) = value, case .string(let id)? = project["id"], case .string(let title)? = project["title"],
                      case .bool(let archived)? = project["isArchived"], case .bool(let hidden)? = project["isHiddenFromMenu"],
                      case .array(let taskIds)? = project["taskIds"], case .array(let backlog)? = project["backlogTaskIds"]
                else { return nil }
                let listed = !archived && !hidden && id.string != Self.inboxProjectId
                entities.append(Project(id: id.string, title: title.string, entity: position + 1, listed: listed,
                                        rows: listed ? Self.firstRows(taskIds + backlog, row) : []))
            }
        }
        let tracked = Self.currentTask(object["tracking"], taskById: taskById)
        if unreadable || !tracked.readable { return nil }
        self.currentTask = tracked.task
        self.inApp = inApp
        self.revision = Int(revision)
        self.timeZone = zone.string
        self.todayStr = today.string
        self.startOfNextDayDiffMs = offset
        self.rows = rows
        self.projects = entities
    }

    /// A project's first rows (W6): the ids in order, those without an entity skipped, until `projectRowLimit`.
    private static func firstRows<Id>(_ ids: [Id], _ row: (Id) -> Row?) -> [Row] {
        var rows: [Row] = []
        for id in ids {
            if rows.count == projectRowLimit { break }
            if let made = row(id) { rows.append(made) }
        }
        return rows
    }
}

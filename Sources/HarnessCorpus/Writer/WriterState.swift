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

    package var inApp: Bool
    package var revision: Int
    package var timeZone: String
    package var todayStr: String
    package var startOfNextDayDiffMs: Int64
    /// Today's tasks whose entity exists, in order (W4, W5).
    package var rows: [Row]

    /// The state of one app-state line (CONTRACT.md §7.1); nil when it is not a JSON object
    /// or a field the harness needs is missing or of the wrong type.
    package init?(line: [UInt8]) {
        guard case .object(let object)? = try? JSONParser().parse(line) else { return nil }
        self.init(object)
    }

    /// What `init(line:)` reads from `AppStateLine.line(state)`, without writing and parsing
    /// the line again (`fuzz --writer` reads every in-app state it generates): texts as the
    /// readers show them (`AppText.description`), the first entity of a repeated id.
    ///
    /// Ids are matched as the `String`-keyed maps of `init(_: JSONObject)` match them
    /// (`AppText.keysAlike`), by a scan: a state holds a few dozen entities at most, and building
    /// two dictionaries of every state's ids was most of this read.
    package init(_ state: AppState) {
        var rows: [Row] = []
        rows.reserveCapacity(state.todayTaskIds.count)
        for todayId in state.todayTaskIds {
            // The first entity of the id; none: its entity is gone, no row.
            guard let task = state.tasks.first(where: { $0.id.keysAlike(todayId) }) else { continue }
            var projectId: AppText?
            if case .value(let text) = task.projectId, !text.isEmpty { projectId = text }
            var doneOn: Int64?
            if state.revision >= 2, task.isDone, case .value(let ms) = task.doneOn { doneOn = ms }
            // The first project of the id with a truthy primary (archived and hidden ones included).
            let colour = projectId.flatMap { id -> String? in
                guard id.description != "__proto__" else { return nil }
                return state.projects.first { project in
                    project.id.keysAlike(id) && !(project.primary?.isEmpty ?? true)
                }?.primary?.description
            }
            rows.append(Row(id: task.id.description, title: task.title.description, isDone: task.isDone, doneOn: doneOn,
                            colour: colour))
        }
        self.inApp = state.inApp
        self.revision = state.revision
        self.timeZone = state.timeZone
        self.todayStr = state.todayStr.description
        self.startOfNextDayDiffMs = state.startOfNextDayDiffMs
        self.rows = rows
    }

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
        var rows: [Row] = []
        for case .string(let id) in todayIds {
            guard let task = taskById[id.string] else { continue }  // its entity is gone: no row
            guard case .string(let title)? = task["title"], case .bool(let isDone)? = task["isDone"] else { return nil }
            // `projectColors["__proto__"] = …` sets no member (CONTRACT.md §7.2, what the writer end does not model).
            var projectId: String?
            if case .string(let text)? = task["projectId"], !text.isEmpty { projectId = text.string }
            var doneOn: Int64?
            if revision >= 2, isDone, case .integer(let ms)? = task["doneOn"] { doneOn = ms }
            rows.append(Row(id: id.string, title: title.string, isDone: isDone, doneOn: doneOn,
                            colour: projectId.flatMap { $0 == "__proto__" ? nil : colours[$0] }))
        }
        self.inApp = inApp
        self.revision = Int(revision)
        self.timeZone = zone.string
        self.todayStr = today.string
        self.startOfNextDayDiffMs = offset
        self.rows = rows
    }
}

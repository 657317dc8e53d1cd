import ContractModel
import WidgetSnapshot

extension WriterState {
    /// The tracked task a state means (CONTRACT.md §7.2 W7): what revision 3's `currentTask`
    /// must carry, derived from the state's `tracking` and task entities alone — never from the
    /// blob — so `WriterIntent` catches a writer that tracks the wrong task, or none, even when
    /// every reader agrees on its blob. Texts as the readers show them (a lone surrogate as U+FFFD).
    package struct CurrentTask: Sendable, Equatable {
        package var id: String
        package var title: String
        /// The task's project when it has one (absent, null and `""` are none).
        package var projectId: String?
        package var deviceLabel: String
        /// True for this device's task, false for another device's session.
        package var isLocal: Bool
        /// The session's start as the writer writes it (none for this device's session before the app knows it).
        package var sinceTs: Int64?
        /// The focus session's cycle as the writer writes it, when one runs.
        package var focusCycle: Int64?

        package init(id: String, title: String, projectId: String?, deviceLabel: String, isLocal: Bool, sinceTs: Int64?, focusCycle: Int64?) {
            self.id = id
            self.title = title
            self.projectId = projectId
            self.deviceLabel = deviceLabel
            self.isLocal = isLocal
            self.sinceTs = sinceTs
            self.focusCycle = focusCycle
        }
    }

    /// W7 over an `AppState`: this device's task when its id is non-empty and names an entity,
    /// else another device's live (`tracking`, not stale) session's task when it names one, else none.
    static func currentTask(_ tracking: AppState.Tracking?, task: (AppText) -> AppState.Task?) -> CurrentTask? {
        guard let tracking else { return nil }
        func made(_ task: AppState.Task, label: AppText, isLocal: Bool, session: AppState.Tracking.Session?) -> CurrentTask {
            var projectId: String?
            if case .value(let text) = task.projectId, !text.isEmpty { projectId = text.description }
            return CurrentTask(id: task.id.description, title: task.title.description, projectId: projectId, deviceLabel: label.description,
                               isLocal: isLocal, sinceTs: session?.sinceTs, focusCycle: session?.focusCycle)
        }
        if let local = tracking.local, !local.taskId.isEmpty, let found = task(local.taskId) {
            return made(found, label: local.deviceLabel, isLocal: true, session: local.session)
        }
        if let remote = tracking.remote, remote.isTracking, !remote.isStale, let id = remote.taskId, !id.isEmpty, let found = task(id) {
            return made(found, label: remote.deviceLabel, isLocal: false, session: remote.session)
        }
        return nil
    }

    /// W7 over a state line's `tracking` member (nil: absent, nothing tracked); `readable` false
    /// when the member or a task entity it names cannot be read (the writer end refuses the line).
    static func currentTask(_ value: JSONValue?, taskById: [String: JSONObject]) -> (readable: Bool, task: CurrentTask?) {
        guard let value else { return (true, nil) }
        guard case .object(let tracking) = value, let local = tracking["local"], let remote = tracking["remote"] else { return (false, nil) }
        func session(_ object: JSONObject) -> AppState.Tracking.Session? {
            guard case .integer(let since)? = object["sinceTs"] else { return nil }
            var cycle: Int64?
            if let given = object["focusCycle"] {
                guard case .integer(let number) = given else { return nil }
                cycle = number
            }
            return AppState.Tracking.Session(sinceTs: since, focusCycle: cycle)
        }
        func made(_ id: String, label: JSONString, isLocal: Bool, session: AppState.Tracking.Session?) -> (readable: Bool, task: CurrentTask?)? {
            guard !id.isEmpty, let task = taskById[id] else { return nil }
            guard case .string(let title)? = task["title"] else { return (false, nil) }
            var projectId: String?
            if case .string(let text)? = task["projectId"], !text.isEmpty { projectId = text.string }
            return (true, CurrentTask(id: id, title: title.string, projectId: projectId, deviceLabel: label.string, isLocal: isLocal,
                                      sinceTs: session?.sinceTs, focusCycle: session?.focusCycle))
        }
        var here: (readable: Bool, task: CurrentTask?)?
        switch local {
        case .null:
            break
        case .object(let given):
            guard case .string(let id)? = given["taskId"], case .string(let label)? = given["deviceLabel"], let rawSession = given["session"] else { return (false, nil) }
            var known: AppState.Tracking.Session?
            if case .object(let object) = rawSession {
                guard let read = session(object) else { return (false, nil) }
                known = read
            } else if rawSession != .null {
                return (false, nil)
            }
            here = made(id.string, label: label, isLocal: true, session: known)
        default:
            return (false, nil)
        }
        var elsewhere: (readable: Bool, task: CurrentTask?)?
        switch remote {
        case .null:
            break
        case .object(let given):
            guard case .string(let state)? = given["state"], state.string == "tracking" || state.string == "stopped",
                  case .bool(let stale)? = given["isStale"], case .string(let label)? = given["deviceLabel"], let known = session(given),
                  let taskId = given["taskId"] else { return (false, nil) }
            let id: String?
            switch taskId {
            case .string(let text): id = text.string
            case .null: id = nil
            default: return (false, nil)
            }
            if let id, state.string == "tracking", !stale { elsewhere = made(id, label: label, isLocal: false, session: known) }
        default:
            return (false, nil)
        }
        return here ?? elsewhere ?? (true, nil)
    }
}

import ContractModel
/// One app state (CONTRACT.md §7.1, `schemas/app-state.schema.json`): what the app's writer
/// reads when it pushes a widget blob, reduced to its projection's inputs. The fuzzer
/// generates these and hands them to the writer end; a finding is shrunk over this value,
/// never over the blob, so what it reports is a state the app can be in.
package struct AppState: Equatable, Sendable {
    /// A task entity's optional member: left out, JSON null, or a value.
    package enum Field<Value: Equatable & Sendable>: Equatable, Sendable {
        case absent
        case null
        case value(Value)
    }

    /// One task entity: the fields of the app's Task that the projection reads.
    package struct Task: Equatable, Sendable {
        package var id: AppText
        package var title: AppText
        package var isDone: Bool
        /// The completion time (epoch ms).
        package var doneOn: Field<Int64> = .absent
        /// Absent, null and `""` all mean no project.
        package var projectId: Field<AppText> = .absent

        package init(id: AppText, title: AppText, isDone: Bool, doneOn: Field<Int64> = .absent,
                     projectId: Field<AppText> = .absent) {
            self.id = id
            self.title = title
            self.isDone = isDone
            self.doneOn = doneOn
            self.projectId = projectId
        }
    }

    /// One project entity, in the app's entity order.
    package struct Project: Equatable, Sendable {
        package var id: AppText
        package var title: AppText
        /// The theme's primary colour, free text; nil when the theme has none.
        package var primary: AppText?
        package var isArchived: Bool = false
        package var isHiddenFromMenu: Bool = false
        package var taskIds: [AppText] = []
        package var backlogTaskIds: [AppText] = []

        package init(id: AppText, title: AppText, primary: AppText?, isArchived: Bool = false, isHiddenFromMenu: Bool = false,
                     taskIds: [AppText] = [], backlogTaskIds: [AppText] = []) {
            self.id = id
            self.title = title
            self.primary = primary
            self.isArchived = isArchived
            self.isHiddenFromMenu = isHiddenFromMenu
            self.taskIds = taskIds
            self.backlogTaskIds = backlogTaskIds
        }
    }

    /// `<file>/<name>` of `[a-z0-9.-]`.
    package var id: String
    package var note: String?
    /// Whether the app can hold the state (false: a robustness input only the writer's function takes).
    package var inApp: Bool
    /// The writer revision, 1, 2 or 3.
    package var revision: Int
    /// The writer's zone at push time (an IANA name).
    package var timeZone: String
    /// The app's `todayStr`: any text.
    package var todayStr: AppText
    package var startOfNextDayDiffMs: Int64
    /// Today's task ids in order; an id no task has is a task whose entity is gone.
    package var todayTaskIds: [AppText]
    /// Task entities, each id once.
    package var tasks: [Task]
    /// Project entities, each id once.
    package var projects: [Project]
    /// What is tracked (`AppState+Tracking`); nil: the line has no `tracking`, nothing is tracked.
    package var tracking: Tracking?

    package init(id: String, note: String? = nil, inApp: Bool, revision: Int, timeZone: String, todayStr: AppText,
                 startOfNextDayDiffMs: Int64, todayTaskIds: [AppText], tasks: [Task], projects: [Project], tracking: Tracking? = nil) {
        self.id = id
        self.note = note
        self.inApp = inApp
        self.revision = revision
        self.timeZone = timeZone
        self.todayStr = todayStr
        self.startOfNextDayDiffMs = startOfNextDayDiffMs
        self.todayTaskIds = todayTaskIds
        self.tasks = tasks
        self.projects = projects
        self.tracking = tracking
    }

    /// The largest offset the app's settings give: 23:59 (CONTRACT.md §7.2 W3).
    package static let largestAppOffsetMs: Int64 = (23 * 60 + 59) * 60_000

    /// Whether an offset is one the app can hold: whole minutes within 0 … 23:59.
    package static func isAppOffset(_ ms: Int64) -> Bool {
        ms >= 0 && ms <= largestAppOffsetMs && ms % 60_000 == 0
    }
}

extension AppState {
    /// Whether the writer of this state's revision writes `feature` (a feature of the contract
    /// description, held in the set its revision names: set 2 holds `projects` and `doneOn`).
    package func writes(_ feature: String) -> Bool { Self.writes(feature, revision: revision) }

    /// The same for a revision number.
    package static func writes(_ feature: String, revision: Int) -> Bool {
        numberedSets[revision]?.contains(feature) ?? false
    }

    /// The description's numbered sets (the revisions), read once.
    private static let numberedSets: [Int: FeatureSet] = Dictionary(
        ContractDescription.current.sets.compactMap { set in Int(set.name).map { ($0, FeatureSet.declared(set.name)) } },
        uniquingKeysWith: { first, _ in first })
}

import WidgetSnapshot

/// What a reader decided for one case, in the contract's vocabulary (CONTRACT.md §6). A field
/// the reader does not implement is nil and is left out of the view line ("not implemented":
/// it agrees with nothing unless the testee's divergence list excuses it; a field of a later
/// revision than the testee declares is pending instead, CONTRACT.md §8).
public struct TesteeView: Sendable {
    /// Rows, or a failed parse with an informational reason (never compared).
    public enum Parse: Sendable {
        case tasks([WidgetTaskRow])
        case error(String)
    }

    /// Revision 2's `projects` question (`parseProjects`): the selectable projects, or a
    /// failed read with an informational reason.
    public enum Projects: Sendable {
        case list([WidgetProject])
        case error(String)

        /// The answer of a throwing reader call, its error's description as the reason.
        public static func reading(_ call: () throws -> [WidgetProject]) -> Projects {
            do { return .list(try call()) } catch { return .error("\(error)") }
        }
    }

    /// Revision 2's `projectTitle` question: the selected project's title, none (no such
    /// project, or the case selects none: the Today widget), or a failed read.
    public enum ProjectTitle: Sendable {
        case title(String)
        case noTitle
        case error(String)

        /// The answer of a throwing reader call (nil: no title).
        public static func reading(_ call: () throws -> String?) -> ProjectTitle {
            do { return try call().map(ProjectTitle.title) ?? .noTitle } catch { return .error("\(error)") }
        }
    }

    /// Revision 3's `currentTask` question: the tracked task, or none.
    public enum CurrentTask: Sendable {
        case notTracking
        case tracking(WidgetCurrentTask)

        public init(_ task: WidgetCurrentTask?) { self = task.map(CurrentTask.tracking) ?? .notTracking }
    }

    public var parse: Parse
    public var meta: SnapshotMeta?
    public var stale: Bool?
    public var header: WidgetHeader?
    /// What the widget paints (CONTRACT.md §9): the rows on screen with their dots, the rows
    /// left over, the header, the empty view — an app's presentation decisions (its colour
    /// parser, its row caps) kept out of SwiftUI. Nil: not implemented.
    public var display: WidgetDisplay?
    /// Revision 2: whether the rows answer `doneOn` (each row's `WidgetTaskRow.doneOn`, null
    /// when nil). False: every row leaves `doneOn` out (not implemented).
    public var rowsAnswerDoneOn: Bool
    /// Revision 2's `projects`; nil: not implemented.
    public var projects: Projects?
    /// Revision 2's `projectTitle`; nil: not implemented.
    public var projectTitle: ProjectTitle?
    /// Revision 3's `currentTask`; nil: not implemented.
    public var currentTask: CurrentTask?

    public init(parse: Parse, meta: SnapshotMeta?, stale: Bool?, header: WidgetHeader?, display: WidgetDisplay? = nil,
                rowsAnswerDoneOn: Bool = false, projects: Projects? = nil, projectTitle: ProjectTitle? = nil,
                currentTask: CurrentTask? = nil) {
        self.parse = parse
        self.meta = meta
        self.stale = stale
        self.header = header
        self.display = display
        self.rowsAnswerDoneOn = rowsAnswerDoneOn
        self.projects = projects
        self.projectTitle = projectTitle
        self.currentTask = currentTask
    }
}

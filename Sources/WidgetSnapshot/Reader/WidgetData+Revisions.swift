/// The questions revisions 2 and 3 of the contract add (CONTRACT.md §8), as an iOS widget
/// calls them: rows of a selected project with `doneOn` and the grace, the selectable
/// projects and a project's title, and the tracked task. The revision-1 calls above are
/// unchanged.
extension WidgetData {
    /// The rows a widget shows: the selected project's tasks, or Today's when there is no
    /// selection or the selection names no usable project (a selection can outlive a project
    /// deleted on another device; an old blob has no `projects`).
    ///
    /// Each row's `doneOn` is the pending tap's time when a tap marks it done (`nowMs` when
    /// that tap has no time), else the blob's positive `doneOn`. On a project's rows (never
    /// on Today's) a done row stays only while `nowMs < doneOn + 5000`.
    public static func parse(_ blob: [UInt8], pendingDoneTargets: PendingTargets = .none,
                             pendingDoneTimestamps: PendingTimestamps = .none, selectedProjectId: String?,
                             nowMs: Int64) throws(SnapshotParseError) -> [WidgetTaskRow] {
        try SnapshotDocument(blob: blob).rows(pendingDoneTargets: pendingDoneTargets, pendingDoneTimestamps: pendingDoneTimestamps,
                                              selectedProjectId: selectedProjectId, nowMs: nowMs)
    }

    public static func parse(_ json: String, pendingDoneTargets: PendingTargets = .none,
                             pendingDoneTimestamps: PendingTimestamps = .none, selectedProjectId: String?,
                             nowMs: Int64) throws(SnapshotParseError) -> [WidgetTaskRow] {
        try parse(Array(json.utf8), pendingDoneTargets: pendingDoneTargets, pendingDoneTimestamps: pendingDoneTimestamps,
                  selectedProjectId: selectedProjectId, nowMs: nowMs)
    }

    /// Every project the blob offers for selection, in the app's order; `[]` for another
    /// version or a blob without `projects`. Throws when an entry is not an object or has no
    /// `id` or `title` — one broken entry breaks the whole list, as on Android.
    public static func parseProjects(_ blob: [UInt8]) throws(SnapshotParseError) -> [WidgetProject] {
        try SnapshotDocument(blob: blob).projectList()
    }

    public static func parseProjects(_ json: String) throws(SnapshotParseError) -> [WidgetProject] {
        try parseProjects(Array(json.utf8))
    }

    /// The title of the first project with this id (exact code points), nil when none;
    /// throws wherever `parseProjects` throws (Android's header for a project widget).
    public static func projectTitle(_ blob: [UInt8], projectId: String) throws(SnapshotParseError) -> String? {
        try SnapshotDocument(blob: blob).projectTitle(id: projectId)
    }

    public static func projectTitle(_ json: String, projectId: String) throws(SnapshotParseError) -> String? {
        try projectTitle(Array(json.utf8), projectId: projectId)
    }

    /// The task being tracked, or nil: nothing tracked, another version, or a blob or
    /// `currentTask` that cannot be read (it never throws, like `parseMeta`).
    public static func currentTask(_ blob: [UInt8]) -> WidgetCurrentTask? {
        (try? SnapshotDocument(blob: blob))?.trackedTask
    }

    public static func currentTask(_ json: String) -> WidgetCurrentTask? { currentTask(Array(json.utf8)) }
}

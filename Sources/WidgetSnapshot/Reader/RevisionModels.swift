/// A project a widget can show instead of Today (revision 2's `projects` entries, as
/// `WidgetData.parseProjects` lists them for a configuration screen).
public struct WidgetProject: Equatable, Sendable {
    public var id: String
    public var title: String

    public init(id: String, title: String) {
        self.id = id
        self.title = title
    }

    /// Code-point equality, as for `WidgetTaskRow`.
    public static func == (lhs: WidgetProject, rhs: WidgetProject) -> Bool {
        sameCodePoints(lhs.id, rhs.id) && sameCodePoints(lhs.title, rhs.title)
    }
}

/// The task being tracked right now, on this device or another one (revision 3's
/// `currentTask`): what a widget shows in its "now" line. `sinceTs` and `focusCycle` are
/// display only and nil when the blob leaves them out.
public struct WidgetCurrentTask: Equatable, Sendable {
    public var id: String
    public var title: String
    /// The tracked task's project, nil when it has none (CONTRACT.md §8.3: a decision of
    /// this project; the app's Android reader does not read it).
    public var projectId: String?
    /// Which device tracks it (`"Desktop"`, `"Android"`…); `""` when the blob has none.
    public var deviceLabel: String
    /// Tracked on this device (true) or seen through sync presence (false).
    public var isLocal: Bool
    /// Epoch ms the tracking session began, nil unless positive.
    public var sinceTs: Int64?
    /// The focus session's cycle number, nil when absent or JSON null.
    public var focusCycle: Int32?

    public init(id: String, title: String, projectId: String?, deviceLabel: String, isLocal: Bool,
                sinceTs: Int64?, focusCycle: Int32?) {
        self.id = id
        self.title = title
        self.projectId = projectId
        self.deviceLabel = deviceLabel
        self.isLocal = isLocal
        self.sinceTs = sinceTs
        self.focusCycle = focusCycle
    }

    /// Code-point equality, as for `WidgetTaskRow`.
    public static func == (lhs: WidgetCurrentTask, rhs: WidgetCurrentTask) -> Bool {
        lhs.isLocal == rhs.isLocal && lhs.sinceTs == rhs.sinceTs && lhs.focusCycle == rhs.focusCycle
            && sameCodePoints(lhs.id, rhs.id) && sameCodePoints(lhs.title, rhs.title)
            && sameCodePoints(lhs.projectId, rhs.projectId) && sameCodePoints(lhs.deviceLabel, rhs.deviceLabel)
    }
}

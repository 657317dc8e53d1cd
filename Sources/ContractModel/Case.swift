import WidgetSnapshot

/// One input every reader decodes (CONTRACT §6): a blob's exact bytes, the pending
/// done-taps and their times, the selected project, the instant, the zone and the device's
/// locale. Malformed blobs are cases too.
package struct Case: Equatable, Sendable {
    /// A queued check-box tap: the task's id (exact code points) and its target state.
    package struct PendingTarget: Equatable, Sendable {
        package var taskId: JSONString
        package var isDone: Bool
        package init(taskId: JSONString, isDone: Bool) {
            self.taskId = taskId
            self.isDone = isDone
        }
    }

    /// The time of a tap that marked a task done (revision 2, CONTRACT §8.1): the task's id
    /// (exact code points) and the tap's epoch milliseconds.
    package struct PendingTimestamp: Equatable, Sendable {
        package var taskId: JSONString
        package var ms: Int64
        package init(taskId: JSONString, ms: Int64) {
            self.taskId = taskId
            self.ms = ms
        }
    }

    /// `fixture/operator[#param]@zone@instant`.
    package var id: String
    /// The blob's exact bytes (not necessarily UTF-8, not necessarily JSON).
    package var blob: [UInt8]
    /// In stream order; a later entry for the same id wins (last-wins queue).
    package var pendingDoneTargets: [PendingTarget]
    /// The tap-time queue (revision 2), in stream order; a later entry for the same id wins.
    package var pendingDoneTimestamps: [PendingTimestamp]
    /// The project a project widget shows (revision 2); nil: the Today widget.
    package var selectedProjectId: JSONString?
    /// The rows the widget can show (the display question, CONTRACT.md §9.1): 0 or more,
    /// `Case.androidCapacity` unless the case names another.
    package var capacity: Int
    package var nowMs: Int64
    /// An IANA zone name, e.g. `Europe/Berlin`.
    package var timeZone: String
    /// The device's locale, calendar and digits the readers run under (CONTRACT.md §4, §6);
    /// nil: the case names none, and each reader runs under its process's own.
    package var deviceLocale: DeviceLocale?

    /// Android's widget shows 20 rows (`MAX_TASKS`): the capacity of a case that names none.
    package static let androidCapacity = WidgetData.androidCapacity

    package init(id: String, blob: [UInt8], pendingDoneTargets: [PendingTarget] = [],
                 pendingDoneTimestamps: [PendingTimestamp] = [], selectedProjectId: JSONString? = nil,
                 capacity: Int = Case.androidCapacity, nowMs: Int64, timeZone: String, deviceLocale: DeviceLocale? = nil) {
        self.id = id
        self.blob = blob
        self.pendingDoneTargets = pendingDoneTargets
        self.pendingDoneTimestamps = pendingDoneTimestamps
        self.selectedProjectId = selectedProjectId
        self.capacity = capacity
        self.nowMs = nowMs
        self.timeZone = timeZone
        self.deviceLocale = deviceLocale
    }

    /// The fixture a case belongs to: its id up to the first `/`.
    package var fixtureName: Substring {
        CaseID.fixture(of: id)
    }
}

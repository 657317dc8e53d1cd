extension AppState {
    /// What the app knows about the task being tracked (CONTRACT.md §7.1, `tracking`): the
    /// inputs of revision 3's `currentTask` (§7.2 W7). Exists so a generated or hand-made state
    /// carries them to the writer end and to `WriterState`, which derive the tracked task alike.
    package struct Tracking: Equatable, Sendable {
        /// This device's tracking: its current task id and label, and the session's start when known.
        package struct Local: Equatable, Sendable {
            package var taskId: AppText
            package var deviceLabel: AppText
            /// nil while the app does not know the session's start (a `null` session).
            package var session: Session?

            package init(taskId: AppText, deviceLabel: AppText, session: Session? = nil) {
                self.taskId = taskId
                self.deviceLabel = deviceLabel
                self.session = session
            }
        }

        /// A session's start (epoch ms) and, while a focus session runs, its cycle.
        package struct Session: Equatable, Sendable {
            package var sinceTs: Int64
            package var focusCycle: Int64?

            package init(sinceTs: Int64, focusCycle: Int64? = nil) {
                self.sinceTs = sinceTs
                self.focusCycle = focusCycle
            }
        }

        /// The last session another device announced, as this device sees it.
        package struct Remote: Equatable, Sendable {
            /// `tracking`, or false for `stopped`.
            package var isTracking: Bool
            package var isStale: Bool
            /// nil: JSON null.
            package var taskId: AppText?
            package var deviceLabel: AppText
            package var session: Session

            package init(isTracking: Bool = true, isStale: Bool = false, taskId: AppText?, deviceLabel: AppText, session: Session) {
                self.isTracking = isTracking
                self.isStale = isStale
                self.taskId = taskId
                self.deviceLabel = deviceLabel
                self.session = session
            }
        }

        package var local: Local?
        package var remote: Remote?

        package init(local: Local? = nil, remote: Remote? = nil) {
            self.local = local
            self.remote = remote
        }
    }
}

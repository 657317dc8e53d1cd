import ContractModel
import Foundation

/// One case as a testee receives it (CONTRACT.md §6), decoded for the reader under test:
/// the blob's exact bytes (from `blob` or `blobBase64`), the queued taps in order with exact
/// code points, revision 2's tap times and selected project, the instant and the zone.
public struct TesteeCase: Sendable {
    public let id: String
    /// The blob's bytes: not necessarily UTF-8, not necessarily JSON.
    public let blob: [UInt8]
    /// The queued check-box taps, in queue order (a later entry for the same id wins); the ids
    /// keep their exact code points (`"e\u{301}"` and `"é"` are two entries).
    public let pendingDoneTargets: [(taskId: String, isDone: Bool)]
    /// Revision 2: the times of the queued taps that marked a task done, in queue order (a later
    /// entry for the same id wins), exact code points as for the targets; empty in a revision-1 case.
    public let pendingDoneTimestamps: [(taskId: String, doneAtMs: Int64)]
    /// Revision 2: the project a project widget shows; nil for the Today widget (`""` is a selection).
    public let selectedProjectId: String?
    /// The display question (CONTRACT.md §9.1): the rows the widget can show; 20 (Android's)
    /// unless the case names another. An iOS family maps it to its own row count.
    public let capacity: Int
    public let nowMs: Int64
    /// The IANA name, e.g. `Europe/Berlin`.
    public let timeZoneName: String

    public init(id: String, blob: [UInt8], pendingDoneTargets: [(taskId: String, isDone: Bool)],
                pendingDoneTimestamps: [(taskId: String, doneAtMs: Int64)] = [], selectedProjectId: String? = nil,
                capacity: Int = 20, nowMs: Int64, timeZoneName: String) {
        self.id = id
        self.blob = blob
        self.pendingDoneTargets = pendingDoneTargets
        self.pendingDoneTimestamps = pendingDoneTimestamps
        self.selectedProjectId = selectedProjectId
        self.capacity = capacity
        self.nowMs = nowMs
        self.timeZoneName = timeZoneName
    }

    /// The blob as text when it is valid UTF-8 (what a reader taking `String` gets), else nil.
    public var blobText: String? { UTF8Text.decode(blob) }

    /// Foundation's zone of that name; nil when this machine's tzdata lacks it (CONTRACT.md §4:
    /// then no day can be computed, `dayMs` is null).
    public var timeZone: TimeZone? { TimeZone(identifier: timeZoneName) }
}

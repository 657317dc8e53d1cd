import ContractModel
import WidgetSnapshot

/// One golden base blob and the settings it runs under (`golden/fixtures/<name>.json`).
///
/// Fixtures are blobs the app's writer could really produce (or, for `legacy`, once did);
/// mutations derive every other case from them, so their stamps must be the writer's own.
package struct Fixture: Equatable, Sendable {
    /// How the writer stamped the blob: `validUntil` is local midnight of the day after
    /// `dayStr` in `timeZone`, plus `startOfNextDayOffsetMs`.
    package struct WriterStamp: Equatable, Sendable {
        package var dayStr: String
        package var timeZone: String
        package var startOfNextDayOffsetMs: Int64

        package init(dayStr: String, timeZone: String, startOfNextDayOffsetMs: Int64) {
            self.dayStr = dayStr
            self.timeZone = timeZone
            self.startOfNextDayOffsetMs = startOfNextDayOffsetMs
        }
    }

    /// A named `now` the fixture's cases run at (`before`, `at`, `after`, `far`, …).
    package struct Instant: Equatable, Sendable {
        package var name: String
        package var epochMs: Int64

        package init(name: String, epochMs: Int64) {
            self.name = name
            self.epochMs = epochMs
        }
    }

    /// The fixture that size and fixture-independent operators run on.
    package static let canonicalName = "canonical"
    /// The revision-2 fixture (a project widget's blob: `projects`, `doneOn`) that the
    /// project, selection, `doneOn`, grace and tap-time families run on.
    package static let projectsName = "projects"
    /// The revision-3 fixture (`currentTask`) that the tracked-task family runs on.
    package static let currentTaskName = "current-task"
    /// The revision a fixture without a `revision` field belongs to: the first. A fixture's
    /// revision names a set of the contract description (`"revision": 2` is the set `2`).
    package static let firstRevision = 1

    /// The file's base name, `[a-z0-9-]+`: the first word of every case id.
    package var name: String
    /// One line saying what the fixture is for.
    package var description: String
    /// True when the current writer produces exactly this blob (then `writer` is set).
    package var writerValid: Bool
    package var writer: WriterStamp?
    /// IANA zone names, in case order.
    package var zones: [String]
    /// In case order.
    package var instants: [Instant]
    package var pendingDoneTargets: [Case.PendingTarget]
    /// The contract revision whose writer made the blob (1 when the file says none): what
    /// the compatibility family reads older blobs by.
    package var revision: Int
    /// The times of the queued taps that marked a task done (revision 2), in queue order.
    package var pendingDoneTimestamps: [Case.PendingTimestamp]
    /// The project a project widget shows (revision 2); nil for the Today widget.
    package var selectedProjectId: JSONString?
    /// The blob as the writer builds it, in its key order.
    package var blob: JSONObject

    package init(name: String, description: String, writerValid: Bool, writer: WriterStamp?, zones: [String],
                instants: [Instant], pendingDoneTargets: [Case.PendingTarget] = [], revision: Int = Fixture.firstRevision,
                pendingDoneTimestamps: [Case.PendingTimestamp] = [], selectedProjectId: JSONString? = nil, blob: JSONObject) {
        self.name = name
        self.description = description
        self.writerValid = writerValid
        self.writer = writer
        self.zones = zones
        self.instants = instants
        self.pendingDoneTargets = pendingDoneTargets
        self.revision = revision
        self.pendingDoneTimestamps = pendingDoneTimestamps
        self.selectedProjectId = selectedProjectId
        self.blob = blob
    }

    /// The base case's exact text: what `JSON.stringify` writes for the blob.
    package var blobText: [UInt8] { JSONWriter.compact(.object(blob)) }

    /// The instant with this name, if the fixture has it.
    package func instant(named name: String) -> Instant? {
        instants.first { $0.name == name }
    }
}

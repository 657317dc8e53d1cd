import ContractModel
import WidgetSnapshot

/// One named, deterministic way to turn a fixture's blob into a test case.
///
/// Operators exist so that every case in the corpus says *what* was done to a real blob
/// (`dates.impossible-day#2026-02-30`), and so that the same id always yields the same
/// bytes. The result is bytes, not a JSON value, because many interesting inputs (BOM,
/// truncation, invalid UTF-8, `1.0` vs `1`) are not representable as values.
package struct MutationOperator: Sendable {
    /// What an operator reads: the fixture's blob, its case inputs (queued taps, their times,
    /// the selected project) and its named instants.
    package struct Input: Sendable {
        package var blob: JSONObject
        package var pendingDoneTargets: [Case.PendingTarget]
        package var pendingDoneTimestamps: [Case.PendingTimestamp]
        package var selectedProjectId: JSONString?
        /// The rows the widget can show: 20 on a fixture; what an earlier operator of a fuzz
        /// chain set (`display.capacity`), so the next one keeps it.
        package var capacity: Int
        /// The device locale: none on a fixture; what an earlier operator of a fuzz chain set
        /// (`device.calendar`), so the next one keeps it.
        package var deviceLocale: DeviceLocale?
        /// The fixture's instants (an operator that sets a time relative to one: the grace).
        package var instants: [Fixture.Instant]

        package init(blob: JSONObject, pendingDoneTargets: [Case.PendingTarget] = [],
                     pendingDoneTimestamps: [Case.PendingTimestamp] = [], selectedProjectId: JSONString? = nil,
                     capacity: Int = Case.androidCapacity, deviceLocale: DeviceLocale? = nil, instants: [Fixture.Instant] = []) {
            self.blob = blob
            self.pendingDoneTargets = pendingDoneTargets
            self.pendingDoneTimestamps = pendingDoneTimestamps
            self.selectedProjectId = selectedProjectId
            self.capacity = capacity
            self.deviceLocale = deviceLocale
            self.instants = instants
        }

        /// A fixture's blob and case inputs.
        package init(_ fixture: Fixture) {
            self.init(blob: fixture.blob, pendingDoneTargets: fixture.pendingDoneTargets,
                      pendingDoneTimestamps: fixture.pendingDoneTimestamps, selectedProjectId: fixture.selectedProjectId,
                      instants: fixture.instants)
        }
    }

    /// What an operator makes: the blob's exact bytes and the case inputs that go with it.
    package struct Output: Equatable, Sendable {
        package var blob: [UInt8]
        package var pendingDoneTargets: [Case.PendingTarget]
        package var pendingDoneTimestamps: [Case.PendingTimestamp]
        package var selectedProjectId: JSONString?
        /// The rows the widget can show (the display question); 20 unless an operator sets it.
        package var capacity: Int
        /// The device locale the readers run under; none unless an operator sets it.
        package var deviceLocale: DeviceLocale?

        package init(blob: [UInt8], pendingDoneTargets: [Case.PendingTarget],
                     pendingDoneTimestamps: [Case.PendingTimestamp] = [], selectedProjectId: JSONString? = nil,
                     capacity: Int = Case.androidCapacity, deviceLocale: DeviceLocale? = nil) {
            self.blob = blob
            self.pendingDoneTargets = pendingDoneTargets
            self.pendingDoneTimestamps = pendingDoneTimestamps
            self.selectedProjectId = selectedProjectId
            self.capacity = capacity
            self.deviceLocale = deviceLocale
        }
    }

    /// Which fixtures, zones and instants an operator's cases run at.
    package enum Reach: Sendable {
        /// Every fixture, every zone × instant: the outcome depends on the fixture's own
        /// stamp or tasks (meta, pending taps, the identity).
        case everyFixture
        /// The canonical fixture, every zone × instant: the outcome depends only on the
        /// mutated spot, so other fixtures would repeat the same verdicts.
        case canonicalFixture
        /// The canonical fixture at its first zone and first instant only (large blobs:
        /// keeps golden files small).
        case canonicalSingleCase
        /// The canonical fixture at its first zone, every instant: a case input whose effect
        /// no zone changes (the device's locale), asked fresh and stale.
        case canonicalFirstZone
        /// The fixture of this name, every zone × instant: the families of a later
        /// revision's inputs, each on the fixture that has what they edit (`projects`).
        case fixture(String)
        /// The fixture of this name at its first zone and the named instant only: a case
        /// whose times are set relative to that instant (the grace boundary), or one that a
        /// hole generated mutants found needs once, since no zone or instant changes it.
        case fixtureAt(String, instant: String)
        /// Every fixture of a revision before this one, every zone × instant: old persisted
        /// blobs read with the inputs that revision added (the compatibility family).
        case revisionsBefore(Int)
    }

    /// Stable, `[a-z0-9._-]`, starting with the family (`version.float-one`).
    package let id: String
    package let family: MutationFamily
    /// One line: what the operator does.
    package let summary: String
    /// Parameter names (`[a-z0-9._-]`), in case order; empty for an operator without.
    package let parameters: [String]
    package let reach: Reach
    private let body: @Sendable (Input, String?) -> Output?

    package init(id: String, family: MutationFamily, summary: String, parameters: [String] = [], reach: Reach,
                body: @escaping @Sendable (Input, String?) -> Output?) {
        self.id = id
        self.family = family
        self.summary = summary
        self.parameters = parameters
        self.reach = reach
        self.body = body
    }

    /// The variants to run: each parameter, or a single `nil` when there are none.
    package var variants: [String?] { parameters.isEmpty ? [nil] : parameters.map { $0 } }

    /// The mutated blob and taps, or nil when the operator does not apply to this input
    /// (a task operator on a blob without tasks, a meta operator on a legacy blob, …) or
    /// `parameter` is not one of `parameters`.
    package func apply(_ input: Input, parameter: String? = nil) -> Output? {
        if let parameter {
            guard parameters.contains(parameter) else { return nil }
        } else if !parameters.isEmpty {
            return nil
        }
        return body(input, parameter)
    }
}

// MARK: - Reading the input

extension MutationOperator.Input {
    /// The blob as an editable draft.
    package var draft: BlobDraft { BlobDraft(.object(blob)) }

    /// The blob's `JSON.stringify` text.
    package var text: [UInt8] { JSONWriter.compact(.object(blob)) }

    /// An output of these bytes (and these taps, when given) with every other case input
    /// as it came in.
    package func output(_ bytes: [UInt8], pendingDoneTargets targets: [Case.PendingTarget]? = nil) -> MutationOperator.Output {
        MutationOperator.Output(blob: bytes, pendingDoneTargets: targets ?? pendingDoneTargets,
                                pendingDoneTimestamps: pendingDoneTimestamps, selectedProjectId: selectedProjectId,
                                capacity: capacity, deviceLocale: deviceLocale)
    }

    /// The epoch ms of the fixture's instant of this name.
    package func instant(named name: String) -> Int64? {
        instants.first { $0.name == name }?.epochMs
    }

    /// The `tasks` array's objects with their positions (non-objects skipped).
    package var tasks: [(index: Int, task: JSONObject)] {
        guard let elements = blob["tasks"]?.arrayValue else { return [] }
        return elements.enumerated().compactMap { index, element in element.objectValue.map { (index, $0) } }
    }

    /// The position of the first task satisfying `predicate`.
    package func firstTask(where predicate: (JSONObject) -> Bool) -> Int? {
        tasks.first { predicate($0.task) }?.index
    }

    /// The blob's integer `validUntil`, if it has one.
    package var validUntil: Int64? {
        if case .integer(let number)? = blob["validUntil"] { return number }
        return nil
    }

    /// What the widget would show for a task before mutation: its queued tap, else its
    /// boolean `isDone` (false otherwise).
    package func effectiveIsDone(_ task: JSONObject) -> Bool {
        if let id = task["id"]?.stringValue, let queued = pendingDoneTargets.last(where: { $0.taskId == id }) {
            return queued.isDone
        }
        if case .bool(let flag)? = task["isDone"] { return flag }
        return false
    }
}

extension Array where Element == Case.PendingTarget {
    /// Queues a tap at the end, as the app's queue does: an id tapped before is then queued
    /// twice, and the readers apply the last tap (CONTRACT §6; the stream repeats the key).
    package func queuing(_ taskId: JSONString, _ isDone: Bool) -> [Case.PendingTarget] {
        self + [Case.PendingTarget(taskId: taskId, isDone: isDone)]
    }
}

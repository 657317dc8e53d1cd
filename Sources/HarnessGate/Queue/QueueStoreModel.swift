import ContractModel
import HarnessCorpus
import WidgetSnapshot

/// The contract's queue writer (CONTRACT.md §10.3), as the judge follows a case: the pending
/// taps (last target per task, the time of a done tap, a revision per tap), the stored values it
/// could not read (kept aside until handed over), and what a lease handed. Every writer end is
/// compared with it operation by operation.
package struct QueueStoreModel: Sendable {
    package struct Pending: Equatable, Sendable {
        package var target: Bool
        package var time: Int64?
        package var revision: Int
    }

    package private(set) var order: [JSONString] = []
    package private(set) var pending: [JSONString: Pending] = [:]
    /// Stored values set aside unread, until a handoff carries them.
    package private(set) var unreadable: [JSONString] = []
    private var revisions = 0
    private var leased: (revisions: [JSONString: Int], unreadable: [JSONString])?

    /// The taps the stored slots hold, read as a writer of `features` in `format` reads them; an
    /// unreadable targets value is kept aside.
    package init(format: String?, stored: [(slot: String, text: JSONString)], features: QueueFeatures,
                 description: QueueDescription = .current) {
        guard let format, let targetsSlot = description.slot(of: format, holding: "targets"),
              let text = stored.first(where: { $0.slot == targetsSlot })?.text else { return }
        let times = description.slot(of: format, holding: "tapTimes").flatMap { slot in stored.first { $0.slot == slot }?.text }
        switch Self.storedTaps(text, format: format, legacyArray: features.has("legacyArray"), times: times) {
        case .taps(let taps):
            for tap in taps { set(tap.id, tap.target, time: tap.time) }
        case .unreadable:
            unreadable.append(text)
        }
    }

    /// What a stored targets value holds for a writer.
    package enum StoredReading: Equatable, Sendable {
        case taps([StoredTap])
        /// Not a form the writer reads: kept aside whole.
        case unreadable
    }

    package struct StoredTap: Equatable, Sendable {
        package var id: JSONString
        package var target: Bool
        package var time: Int64?
    }

    /// `android`: the object form's boolean members (other values are kept in the object, no
    /// taps), or with `legacyArray` the first version's array as done taps. `ios`: an object of
    /// entries `{target, revision[, tappedAt]}`, every member one.
    package static func storedTaps(_ text: JSONString, format: String, legacyArray: Bool, times: JSONString? = nil) -> StoredReading {
        guard let value = try? QueueText.parser.parse(text.utf8) else { return .unreadable }
        switch (format, value) {
        case ("ios", .object(let object)):
            var taps: [StoredTap] = []
            for member in object.members {
                guard case .object(let fields) = member.value, case .bool(let target)? = fields["target"],
                      case .string? = fields["revision"] else { return .unreadable }
                var time: Int64?
                if case .integer(let ms)? = fields["tappedAt"], target { time = ms }
                taps.append(StoredTap(id: member.key, target: target, time: time))
            }
            return .taps(taps)
        case ("android", .object(let object)):
            let stamps = DrainModel.times(times)
            return .taps(object.members.compactMap { member in
                guard case .bool(let target) = member.value else { return nil }
                return StoredTap(id: member.key, target: target, time: target ? stamps[member.key] : nil)
            })
        case ("android", .array(let elements)) where legacyArray:
            let stamps = DrainModel.times(times)
            return .taps(elements.compactMap(\.stringValue).map { StoredTap(id: $0, target: true, time: stamps[$0]) })
        default:
            return .unreadable
        }
    }

    package var isEmpty: Bool { pending.isEmpty && unreadable.isEmpty }

    /// The pending targets in tap order.
    package var targets: [(id: JSONString, target: Bool)] { order.compactMap { id in pending[id].map { (id, $0.target) } } }

    /// The times of the pending done taps.
    package var times: [(id: JSONString, time: Int64)] {
        order.compactMap { id in pending[id].flatMap { entry in entry.time.map { (id, $0) } } }
    }

    /// A done tap on a task whose pending tap is done already keeps that tap's time: the task
    /// was completed then (CONTRACT.md §10.3).
    package mutating func tap(_ tap: QueueTap) {
        let earlier = pending[tap.task].flatMap { $0.target ? $0.time : nil }
        set(tap.task, tap.done, time: tap.done ? (earlier ?? tap.atMs) : nil)
    }

    private mutating func set(_ id: JSONString, _ target: Bool, time: Int64?) {
        revisions += 1
        if pending[id] == nil { order.append(id) }
        pending[id] = Pending(target: target, time: time, revision: revisions)
    }

    /// The destructive handoff: everything, then nothing is pending.
    package mutating func handOff() {
        order = []
        pending = [:]
        unreadable = []
        leased = nil
    }

    /// A lease: remembers what it handed.
    package mutating func lease() {
        leased = (pending.mapValues(\.revision), unreadable)
    }

    /// Removes what the last lease handed, except each task tapped since.
    package mutating func acknowledge() {
        guard let leased else { return }
        for (id, revision) in leased.revisions where pending[id]?.revision == revision {
            pending[id] = nil
            order.removeAll { $0 == id }
        }
        unreadable.removeAll { leased.unreadable.contains($0) }
        self.leased = nil
    }
}

import Foundation

/// The widget's queue of check-box taps (CONTRACT.md §10), for an iOS widget and its app:
/// the widget's intent calls `setTarget`, its timeline provider `peek`s to overlay pending
/// taps on the snapshot, and the app takes the queue with `lease` and `acknowledge`s it once
/// its changes are durable (or with `handOff`, the destructive read).
///
/// The last tap per task wins; a tap that marks a task done keeps its time (for the project
/// widget's grace and the task's `doneOn`); ids are kept by exact code points (a `String`-keyed
/// dictionary would merge `"é"` and `"e\u{301}"`). A stored value the queue cannot read is
/// never thrown away: it is kept aside and handed to the app with the next handoff, and the
/// tap is queued as usual. Its format is the app's iOS port's (`{taskId: {target, revision}}`,
/// plus `tappedAt`), so either can read what the other wrote.
public final class WidgetDoneQueue: @unchecked Sendable {
    /// The slot that holds the pending taps.
    public static let targetsSlot = "widget-done-targets.json"
    /// The slot that holds stored values the queue could not read, until they are handed over.
    public static let unreadableSlot = "widget-done-targets.unreadable"

    private let storage: any DoneQueueStorage
    private let clock: @Sendable () -> Int64
    private let newRevision: @Sendable () -> String

    /// `clock` gives a tap's time in epoch milliseconds (the device's clock by default).
    public init(storage: any DoneQueueStorage,
                clock: @escaping @Sendable () -> Int64 = { Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)) },
                newRevision: @escaping @Sendable () -> String = { UUID().uuidString }) {
        self.storage = storage
        self.clock = clock
        self.newRevision = newRevision
    }

    /// Queues a tap: `taskId` should become done (`true`) or not done. Replaces any earlier
    /// tap on the same task; a done tap records the time (a second done tap keeps the first's).
    public func setTarget(taskId: String, isDone: Bool) throws {
        try setTarget(JSONString(taskId), isDone: isDone, atMs: clock())
    }

    package func setTarget(_ taskId: JSONString, isDone: Bool, atMs: Int64) throws {
        try storage.withExclusiveAccess {
            var entries = try readEntriesKeepingAsideWhatIsUnreadable()
            // A done tap on a task whose pending tap is done already keeps that tap's time.
            let earlier = entries[taskId].flatMap { $0.target ? $0.tappedAt : nil }
            entries.set(taskId, DoneQueueEntries.Entry(target: isDone, revision: newRevision(), tappedAt: isDone ? (earlier ?? atMs) : nil))
            try storage.write(Self.targetsSlot, entries.isEmpty ? nil : entries.encoded())
        }
    }

    /// The pending taps, for the widget to paint over the snapshot. Never changes the store; a
    /// stored value it cannot read reads as no taps.
    public func peek() throws -> WidgetQueuePeek {
        try storage.withExclusiveAccess {
            let entries = (try? DoneQueueEntries.decode(try storage.read(Self.targetsSlot))) ?? DoneQueueEntries()
            return WidgetQueuePeek(entries)
        }
    }

    /// Everything pending, handed to the app without removing it: acknowledge the lease once
    /// the app's changes are durable. Nil when nothing is pending.
    public func lease() throws -> WidgetQueueLease? {
        try storage.withExclusiveAccess {
            let entries = try readEntriesKeepingAsideWhatIsUnreadable()
            let unreadable = try storage.read(Self.unreadableSlot)
            if entries.isEmpty && unreadable == nil { return nil }
            return WidgetQueueLease(entries: entries, unreadable: unreadable)
        }
    }

    /// Removes what `lease` handed over, except each task tapped again since (its revision
    /// changed: a later tap survives even when it returns to the leased target).
    public func acknowledge(_ lease: WidgetQueueLease) throws {
        try storage.withExclusiveAccess {
            var entries = try readEntriesKeepingAsideWhatIsUnreadable()
            for (taskId, revision) in lease.revisions where entries[taskId]?.revision == revision {
                entries.remove(taskId)
            }
            try storage.write(Self.targetsSlot, entries.isEmpty ? nil : entries.encoded())
            if let handed = lease.unreadable, try storage.read(Self.unreadableSlot) == handed {
                try storage.write(Self.unreadableSlot, nil)
            }
        }
    }

    /// The destructive read: everything pending, removed at once. A lease is safer (a process
    /// killed between this call and the app's write loses the taps).
    public func handOff() throws -> WidgetQueueLease? {
        try storage.withExclusiveAccess {
            guard let lease = try lease() else { return nil }
            try acknowledge(lease)
            return lease
        }
    }

    /// The pending taps; a targets slot that is not the queue's form is moved whole to the
    /// unreadable slot (appended to what is there) and the queue starts empty.
    private func readEntriesKeepingAsideWhatIsUnreadable() throws -> DoneQueueEntries {
        let stored = try storage.read(Self.targetsSlot)
        do {
            return try DoneQueueEntries.decode(stored)
        } catch {
            guard let stored else { return DoneQueueEntries() }
            // (A slot that is not an array of texts is kept too, as one value.)
            var kept = (try storage.read(Self.unreadableSlot)).map { UnreadableValues.decode($0) ?? [$0] } ?? []
            kept.append(stored)
            try storage.write(Self.unreadableSlot, UnreadableValues.encode(kept))
            try storage.write(Self.targetsSlot, nil)
            return DoneQueueEntries()
        }
    }
}

/// What the widget overlays: each pending task's target, and the time of each done tap.
public struct WidgetQueuePeek: Sendable {
    /// In the stored order (by id).
    public let targets: PendingTargets
    public let timestamps: PendingTimestamps
    /// The same, as (id, value) pairs (ids with exact code points).
    public let targetList: [(taskId: String, isDone: Bool)]
    public let timestampList: [(taskId: String, doneAtMs: Int64)]

    package let exactTargets: [(JSONString, Bool)]
    package let exactTimes: [(JSONString, Int64)]

    init(_ entries: DoneQueueEntries) {
        exactTargets = entries.ordered.map { ($0.id, $0.entry.target) }
        exactTimes = entries.ordered.compactMap { item in item.entry.tappedAt.map { (item.id, $0) } }
        targets = PendingTargets(exactTargets)
        timestamps = PendingTimestamps(exactTimes)
        targetList = exactTargets.map { (taskId: $0.0.string, isDone: $0.1) }
        timestampList = exactTimes.map { (taskId: $0.0.string, doneAtMs: $0.1) }
    }
}

/// The queue as handed to the app: the texts its drain reads (`targetsJSON` is
/// `{taskId: targetIsDone}`, `timestampsJSON` `{taskId: epochMs}` of the done taps), any stored
/// value the queue could not read (for the app to report), and what `acknowledge` removes.
public struct WidgetQueueLease: Sendable, Equatable {
    public let targetsJSON: String
    public let timestampsJSON: String
    /// The unreadable values kept aside, as a JSON array of their texts; nil when none.
    public let unreadableJSON: String?
    /// What to hand back to `acknowledge` across a process boundary (`WidgetQueueLease(token:)`).
    public let token: String

    package let revisions: [(JSONString, String)]
    let unreadable: [UInt8]?

    init(entries: DoneQueueEntries, unreadable: [UInt8]?) {
        let pairs = entries.ordered
        targetsJSON = String(decoding: DoneQueueEntries.object(pairs.map { ($0.id, JSONValue.bool($0.entry.target)) }), as: UTF8.self)
        timestampsJSON = String(decoding: DoneQueueEntries.object(pairs.compactMap { item in item.entry.tappedAt.map { (item.id, JSONValue.integer($0)) } }), as: UTF8.self)
        unreadableJSON = unreadable.map { String(decoding: $0, as: UTF8.self) }
        revisions = pairs.map { ($0.id, $0.entry.revision) }
        self.unreadable = unreadable
        var leased = JSONObject()
        for (id, revision) in revisions { leased[id] = .string(JSONString(revision)) }
        let handed: JSONValue = unreadable.map { .string(JSONString(String(decoding: $0, as: UTF8.self))) } ?? .null
        self.token = String(decoding: DoneQueueEntries.object([("revisions", .object(leased)), ("unreadable", handed)]), as: UTF8.self)
    }

    /// A lease read back from its token (the app hands the token over a bridge).
    public init(token: String) throws {
        guard case .object(let object) = try JSONParser().parse(token), case .object(let revisions)? = object["revisions"] else {
            throw DoneQueueFormatError.notTheQueue
        }
        var pairs: [(JSONString, String)] = []
        for member in revisions.members {
            guard case .string(let revision) = member.value else { throw DoneQueueFormatError.notTheQueue }
            pairs.append((member.key, revision.string))
        }
        self.revisions = pairs
        if case .string(let text)? = object["unreadable"] { unreadable = text.utf8 } else { unreadable = nil }
        self.token = token
        targetsJSON = ""
        timestampsJSON = ""
        unreadableJSON = unreadable.map { String(decoding: $0, as: UTF8.self) }
    }

    public static func == (lhs: WidgetQueueLease, rhs: WidgetQueueLease) -> Bool { lhs.token == rhs.token }
}

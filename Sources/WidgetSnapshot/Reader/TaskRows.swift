/// The rows of a task array, read off the tape task by task with the rules
/// `SnapshotDocument.rows` documents (CONTRACT.md §2): a task that is not an object, or has
/// no `id` or no `title`, fails the whole parse; `id`, `title` and the colour are org.json
/// text; a pending tap overrides `isDone`. With revision-2 inputs each row also gets its
/// `doneOn`, and a project's done rows leave after the grace (CONTRACT.md §8).
enum TaskRows {
    /// What revision 2's `parse` adds to a row read: the tap times, the instant, and whether
    /// these rows are a project's (the grace applies) or Today's.
    struct Revision2 {
        var pendingDoneTimestamps: PendingTimestamps
        var nowMs: Int64
        var isProjectRows: Bool

        /// How long a project's done row stays after it was done (CONTRACT.md §8).
        static let graceMs: Int64 = 5_000
    }

    static func read(_ reader: JSONTapeReader, tasks: Int, colors: MemberLookup?,
                     pendingDoneTargets: PendingTargets, revision2: Revision2? = nil) throws(SnapshotParseError) -> [WidgetTaskRow] {
        let end = reader.after(tasks)
        var count = 0
        var element = tasks + 1
        while element < end {
            count += 1
            element = reader.after(element)
        }
        var rows: [WidgetTaskRow] = []
        rows.reserveCapacity(count)
        element = tasks + 1
        var index = 0
        while element < end {
            guard reader.kind(element) == .object else { throw .taskNotAnObject(index: index) }
            var id: Int?, title: Int?, projectId: Int?, isDone: Int?, doneOnMember: Int?
            reader.forEachMember(of: element) { name, value in
                switch name.count {
                case 2 where JSONTapeReader.equal(name, "id"): id = value
                case 5 where JSONTapeReader.equal(name, "title"): title = value
                case 6 where JSONTapeReader.equal(name, "isDone"): isDone = value
                case 6 where JSONTapeReader.equal(name, "doneOn"): doneOnMember = value
                case 9 where JSONTapeReader.equal(name, "projectId"): projectId = value
                default: break
                }
            }
            guard let id else { throw .missingField(index: index, field: "id") }
            guard let title else { throw .missingField(index: index, field: "title") }
            let (idText, pending, tapTime) = reader.withTextBytes(id) { bytes in
                (String(decoding: bytes, as: UTF8.self), pendingDoneTargets.isDone(forID: bytes),
                 revision2?.pendingDoneTimestamps.doneAtMs(forID: bytes))
            }
            var color: String?
            if let projectId, reader.kind(projectId) != .null, let colors,
               let entry = reader.withTextBytes(projectId, { colors.find($0) }), reader.kind(entry) != .null {
                color = reader.text(entry)
            }
            let done = pending ?? isDone.flatMap(reader.bool) ?? false
            var doneOn: Int64?
            if let revision2 {
                if pending == true {
                    doneOn = tapTime ?? revision2.nowMs
                } else if let member = doneOnMember, let stamp = reader.int64(member), stamp > 0 {
                    doneOn = stamp
                }
            }
            if revision2.map({ $0.keeps(isDone: done, doneOn: doneOn) }) ?? true {
                rows.append(WidgetTaskRow(id: idText, title: reader.text(title), isDone: done, projectColor: color, doneOn: doneOn))
            }
            element = reader.after(element)
            index += 1
        }
        return rows
    }
}

extension TaskRows.Revision2 {
    /// Today keeps every row; a project keeps a row that is not done, and a done one only
    /// while `nowMs < doneOn + 5000` (Java's `long` addition, which wraps).
    func keeps(isDone: Bool, doneOn: Int64?) -> Bool {
        guard isProjectRows, isDone else { return true }
        guard let doneOn else { return false }
        return nowMs < doneOn &+ Self.graceMs
    }
}

/// Repeated lookups in one object (`projectColors`, once per task), the last duplicate
/// winning: a scan of its members while it is small, else a hash table of its member names
/// built once (open addressing over key entries, seeded `Hasher`), so that many colours and
/// many tasks stay linear and no lookup allocates.
struct MemberLookup {
    private let reader: JSONTapeReader
    private let object: Int
    /// Per slot, the key entry index + 1 of the last member with that name (0: empty); nil
    /// while the object is small.
    private var slots: [Int]?
    private var mask = 0
    private static let indexThreshold = 8

    init(_ reader: JSONTapeReader, object: Int) {
        self.reader = reader
        self.object = object
        let count = reader.memberCount(of: object)
        guard count > Self.indexThreshold else { return }
        var size = 16
        while size < count * 2 { size <<= 1 }
        mask = size - 1
        var table = [Int](repeating: 0, count: size)
        let end = reader.after(object)
        var key = object + 1
        while key < end {
            reader.withName(key) { name in
                var slot = Self.hash(name) & mask
                while table[slot] != 0 && !reader.withName(table[slot] - 1, { JSONTapeReader.equal($0, name) }) {
                    slot = (slot + 1) & mask
                }
                table[slot] = key + 1
            }
            key = reader.after(key + 1)
        }
        slots = table
    }

    /// The value of the last member named `name`, nil when there is none.
    func find(_ name: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let slots else { return reader.member(of: object, named: name) }
        var slot = Self.hash(name) & mask
        while slots[slot] != 0 {
            let key = slots[slot] - 1
            if reader.withName(key, { JSONTapeReader.equal($0, name) }) { return key + 1 }
            slot = (slot + 1) & mask
        }
        return nil
    }

    private static func hash(_ name: UnsafeBufferPointer<UInt8>) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(name))
        return hasher.finalize()
    }
}

/// A blob parsed once, from which both the rows and the stamp are read — what a widget
/// timeline provider does on every render, so the JSON is scanned a single time.
///
/// The blob is validated into a `JSONTape` (the same scanner, grammar, depth limit and
/// errors as `JSONParser()`), not into a `JSONValue` tree: only the fields a row or the
/// stamp shows are decoded, strings straight from the blob's bytes. Member lookups keep
/// `JSONObject`'s rule: the last of duplicate names wins.
public struct SnapshotDocument: Sendable {
    private let blob: [UInt8]
    private let tape: JSONTape
    /// Tape indices of the root members the reader reads (the last of duplicates), nil when absent.
    private let tasks: Int?, projectColors: Int?, dayStr: Int?, validUntil: Int?
    /// Revision 2's `projects` and revision 3's `currentTask`, nil when absent.
    private let projects: Int?, currentTask: Int?
    /// `optInt("v", -1) == 1`, decided once.
    public let isSupportedVersion: Bool

    /// Parses the blob; fails when it is not RFC 8259 JSON or not an object.
    public init(blob: [UInt8]) throws(SnapshotParseError) {
        let tape: JSONTape
        do {
            tape = try blob.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) -> JSONTape in try JSONTape(buffer) }
        } catch {
            throw .syntax(error)
        }
        guard tape.root.kind == .object else { throw .notAnObject }
        self.blob = blob
        self.tape = tape
        var v: Int?, tasks: Int?, projectColors: Int?, dayStr: Int?, validUntil: Int?, projects: Int?, currentTask: Int?
        let version = Self.read(blob, tape) { reader -> Int32? in
            reader.forEachMember(of: 0) { name, value in
                switch name.count {
                case 1 where JSONTapeReader.equal(name, "v"): v = value
                case 5 where JSONTapeReader.equal(name, "tasks"): tasks = value
                case 6 where JSONTapeReader.equal(name, "dayStr"): dayStr = value
                case 8 where JSONTapeReader.equal(name, "projects"): projects = value
                case 11 where JSONTapeReader.equal(name, "currentTask"): currentTask = value
                case 10 where JSONTapeReader.equal(name, "validUntil"): validUntil = value
                case 13 where JSONTapeReader.equal(name, "projectColors"): projectColors = value
                default: break
                }
            }
            return v.flatMap(reader.int32)
        }
        (self.tasks, self.projectColors, self.dayStr, self.validUntil) = (tasks, projectColors, dayStr, validUntil)
        (self.projects, self.currentTask) = (projects, currentTask)
        self.isSupportedVersion = version == WidgetData.supportedVersion
    }

    /// The rows (CONTRACT §3.1 and CONTRACT.md §2).
    public func rows(pendingDoneTargets: PendingTargets = .none) throws(SnapshotParseError) -> [WidgetTaskRow] {
        guard isSupportedVersion, let tasks else { return [] }
        return try Self.read(blob, tape) { (reader) throws(SnapshotParseError) -> [WidgetTaskRow] in
            guard reader.kind(tasks) == .array else { return [] }
            var colors: MemberLookup?
            if let projectColors, reader.kind(projectColors) == .object {
                colors = MemberLookup(reader, object: projectColors)
            }
            return try TaskRows.read(reader, tasks: tasks, colors: colors, pendingDoneTargets: pendingDoneTargets)
        }
    }

    /// Revision 2's rows (CONTRACT.md §8.1): with a selection, the `tasks` of the first
    /// `projects` entry whose id text is the selection (every entry must be an object), else —
    /// no selection, no `projects` array, no such entry, or an entry without a `tasks` array —
    /// the top-level `tasks`. Each row gets its `doneOn`; a project's done rows stay only for
    /// the 5-second grace.
    public func rows(pendingDoneTargets: PendingTargets = .none, pendingDoneTimestamps: PendingTimestamps = .none,
                     selectedProjectId: String?, nowMs: Int64) throws(SnapshotParseError) -> [WidgetTaskRow] {
        guard isSupportedVersion else { return [] }
        let (tasks, projects, projectColors) = (self.tasks, self.projects, self.projectColors)
        return try Self.read(blob, tape) { (reader) throws(SnapshotParseError) -> [WidgetTaskRow] in
            var projectTasks: Int?
            if let selectedProjectId, let projects, reader.kind(projects) == .array,
               let entry = try ProjectEntries.selected(reader, projects: projects, id: selectedProjectId),
               let entryTasks = ProjectEntries.member(reader, entry, "tasks"), reader.kind(entryTasks) == .array {
                projectTasks = entryTasks
            }
            guard let rowsArray = projectTasks ?? tasks.flatMap({ reader.kind($0) == .array ? $0 : nil }) else { return [] }
            var colors: MemberLookup?
            if let projectColors, reader.kind(projectColors) == .object {
                colors = MemberLookup(reader, object: projectColors)
            }
            let revision2 = TaskRows.Revision2(pendingDoneTimestamps: pendingDoneTimestamps, nowMs: nowMs,
                                               isProjectRows: projectTasks != nil)
            return try TaskRows.read(reader, tasks: rowsArray, colors: colors, pendingDoneTargets: pendingDoneTargets,
                                     revision2: revision2)
        }
    }

    /// Revision 2's `parseProjects` (CONTRACT.md §8.2): `[]` for another version or without
    /// a `projects` array; throws when an entry is not an object or lacks `id` or `title`.
    public func projectList() throws(SnapshotParseError) -> [WidgetProject] {
        guard isSupportedVersion, let projects else { return [] }
        return try Self.read(blob, tape) { (reader) throws(SnapshotParseError) -> [WidgetProject] in
            guard reader.kind(projects) == .array else { return [] }
            return try ProjectEntries.list(reader, projects: projects)
        }
    }

    /// Revision 2's `projectTitle` (CONTRACT.md §8.2): the title of the first listed project
    /// whose id has the same code points, nil when none; throws where `projectList` throws.
    public func projectTitle(id: String) throws(SnapshotParseError) -> String? {
        Self.projectTitle(id: id, in: try projectList())
    }

    /// `projectTitle`'s match on a list `projectList` already gave: the title of the first
    /// project whose id has the same code points.
    package static func projectTitle(id: String, in projects: [WidgetProject]) -> String? {
        projects.first { sameCodePoints($0.id, id) }?.title
    }

    /// Revision 3's `currentTask` (CONTRACT.md §8.3): nil for another version, when absent,
    /// not an object, or without `id` or `title`.
    public var trackedTask: WidgetCurrentTask? {
        guard isSupportedVersion, let currentTask else { return nil }
        return Self.read(blob, tape) { reader in CurrentTaskReader.read(reader, currentTask: currentTask) }
    }

    /// The stamp (CONTRACT §3.2): both nil for another version; `dayStr` nil when absent,
    /// JSON null or empty; `validUntil` nil unless `optLong` gives a positive value.
    public var meta: SnapshotMeta {
        guard isSupportedVersion else { return .unknown }
        return Self.read(blob, tape) { reader in
            var day: String?
            if let dayStr, reader.kind(dayStr) != .null {
                let text = reader.text(dayStr)
                day = text.isEmpty ? nil : text
            }
            var until: Int64?
            if let validUntil, let number = reader.int64(validUntil), number > 0 {
                until = number
            }
            return SnapshotMeta(dayStr: day, validUntil: until)
        }
    }

    /// Lends a reader over the blob and its tape to `body`.
    private static func read<Result, Failure: Error>(_ blob: [UInt8], _ tape: JSONTape,
                                                     _ body: (JSONTapeReader) throws(Failure) -> Result) throws(Failure) -> Result {
        try blob.withUnsafeBufferPointer { (bytes) throws(Failure) -> Result in
            try tape.withEntries { (entries) throws(Failure) -> Result in
                try body(JSONTapeReader(bytes: bytes, entries: entries))
            }
        }
    }
}

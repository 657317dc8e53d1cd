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
        var v: Int?, tasks: Int?, projectColors: Int?, dayStr: Int?, validUntil: Int?
        let version = Self.read(blob, tape) { reader -> Int32? in
            reader.forEachMember(of: 0) { name, value in
                switch name.count {
                case 1 where JSONTapeReader.equal(name, "v"): v = value
                case 5 where JSONTapeReader.equal(name, "tasks"): tasks = value
                case 6 where JSONTapeReader.equal(name, "dayStr"): dayStr = value
                case 10 where JSONTapeReader.equal(name, "validUntil"): validUntil = value
                case 13 where JSONTapeReader.equal(name, "projectColors"): projectColors = value
                default: break
                }
            }
            return v.flatMap(reader.int32)
        }
        (self.tasks, self.projectColors, self.dayStr, self.validUntil) = (tasks, projectColors, dayStr, validUntil)
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

/// A blob parsed once, from which both the rows and the stamp are read — what a widget
/// timeline provider does on every render, so the JSON is scanned a single time.
public struct SnapshotDocument: Sendable {
    private let root: JSONObject
    /// `optInt("v", -1) == 1`, decided once.
    public let isSupportedVersion: Bool

    /// The member names the reader looks up, made once rather than per lookup.
    private enum Key {
        static let v = JSONString("v"), tasks = JSONString("tasks"), projectColors = JSONString("projectColors")
        static let id = JSONString("id"), title = JSONString("title"), projectId = JSONString("projectId")
        static let isDone = JSONString("isDone"), dayStr = JSONString("dayStr"), validUntil = JSONString("validUntil")
    }

    /// Parses the blob; fails when it is not RFC 8259 JSON or not an object.
    public init(blob: [UInt8]) throws(SnapshotParseError) {
        let value: JSONValue
        do {
            value = try JSONParser().parse(blob)
        } catch {
            throw .syntax(error)
        }
        guard case .object(let root) = value else { throw .notAnObject }
        self.root = root
        self.isSupportedVersion = root[Key.v].flatMap(OrgJSONCoercion.int32) == WidgetData.supportedVersion
    }

    /// The rows (CONTRACT §3.1 and CONTRACT.md §2).
    public func rows(pendingDoneTargets: PendingTargets = .none) throws(SnapshotParseError) -> [WidgetTaskRow] {
        guard isSupportedVersion, case .array(let tasks)? = root[Key.tasks] else { return [] }
        let colors = root[Key.projectColors]?.objectValue
        var rows: [WidgetTaskRow] = []
        rows.reserveCapacity(tasks.count)
        for (index, element) in tasks.enumerated() {
            guard case .object(let task) = element else { throw .taskNotAnObject(index: index) }
            guard let idValue = task[Key.id] else { throw .missingField(index: index, field: "id") }
            guard let titleValue = task[Key.title] else { throw .missingField(index: index, field: "title") }
            let id = OrgJSONCoercion.textBytes(idValue)
            var color: String?
            if let projectId = task[Key.projectId], !projectId.isNull, let colors,
               let entry = colors[OrgJSONCoercion.textBytes(projectId)], !entry.isNull {
                color = OrgJSONCoercion.text(entry)
            }
            let isDone = pendingDoneTargets[id] ?? task[Key.isDone].flatMap(OrgJSONCoercion.bool) ?? false
            rows.append(WidgetTaskRow(id: id.string, title: OrgJSONCoercion.text(titleValue), isDone: isDone, projectColor: color))
        }
        return rows
    }

    /// The stamp (CONTRACT §3.2): both nil for another version; `dayStr` nil when absent,
    /// JSON null or empty; `validUntil` nil unless `optLong` gives a positive value.
    public var meta: SnapshotMeta {
        guard isSupportedVersion else { return .unknown }
        var dayStr: String?
        if let value = root[Key.dayStr], !value.isNull {
            let text = OrgJSONCoercion.text(value)
            dayStr = text.isEmpty ? nil : text
        }
        var validUntil: Int64?
        if let value = root[Key.validUntil], let number = OrgJSONCoercion.int64(value), number > 0 {
            validUntil = number
        }
        return SnapshotMeta(dayStr: dayStr, validUntil: validUntil)
    }
}

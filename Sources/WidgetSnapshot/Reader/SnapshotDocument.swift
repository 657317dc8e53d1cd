/// A blob parsed once, from which both the rows and the stamp are read — what a widget
/// timeline provider does on every render, so the JSON is scanned a single time.
public struct SnapshotDocument: Sendable {
    private let root: JSONObject

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
    }

    /// `optInt("v", -1) == 1`.
    public var isSupportedVersion: Bool {
        root["v"].flatMap(OrgJSONCoercion.int32) == WidgetData.supportedVersion
    }

    /// The rows (CONTRACT §3.1 and CONTRACT.md §2).
    public func rows(pendingDoneTargets: PendingTargets = .none) throws(SnapshotParseError) -> [WidgetTaskRow] {
        guard isSupportedVersion, case .array(let tasks)? = root["tasks"] else { return [] }
        let colors = root["projectColors"]?.objectValue
        var rows: [WidgetTaskRow] = []
        rows.reserveCapacity(tasks.count)
        for (index, element) in tasks.enumerated() {
            guard case .object(let task) = element else { throw .taskNotAnObject(index: index) }
            guard let idValue = task["id"] else { throw .missingField(index: index, field: "id") }
            guard let titleValue = task["title"] else { throw .missingField(index: index, field: "title") }
            let id = OrgJSONCoercion.text(idValue)
            var color: String?
            if let projectId = task["projectId"], !projectId.isNull, let colors,
               let entry = colors[JSONString(OrgJSONCoercion.text(projectId))], !entry.isNull {
                color = OrgJSONCoercion.text(entry)
            }
            let isDone = pendingDoneTargets[JSONString(id)] ?? task["isDone"].flatMap(OrgJSONCoercion.bool) ?? false
            rows.append(WidgetTaskRow(id: id, title: OrgJSONCoercion.text(titleValue), isDone: isDone, projectColor: color))
        }
        return rows
    }

    /// The stamp (CONTRACT §3.2): both nil for another version; `dayStr` nil when absent,
    /// JSON null or empty; `validUntil` nil unless `optLong` gives a positive value.
    public var meta: SnapshotMeta {
        guard isSupportedVersion else { return .unknown }
        var dayStr: String?
        if let value = root["dayStr"], !value.isNull {
            let text = OrgJSONCoercion.text(value)
            dayStr = text.isEmpty ? nil : text
        }
        var validUntil: Int64?
        if let value = root["validUntil"], let number = OrgJSONCoercion.int64(value), number > 0 {
            validUntil = number
        }
        return SnapshotMeta(dayStr: dayStr, validUntil: validUntil)
    }
}

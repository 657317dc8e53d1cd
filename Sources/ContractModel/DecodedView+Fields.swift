/// The compared fields one view holds, each with its value: what a reader's conformance counts
/// (CONTRACT §6, "Conformance"). A field is held when the view has something there — a value,
/// `null` or an error; a row field (`parse.tasks[].title`) once per row, so only when the list
/// has a row; `header.dayMs` only under an outdated header; nothing the line leaves out ("not
/// implemented") and nothing under an error, a `null` or an empty list.
extension DecodedView {
    /// Calls `body` for every compared field the view holds, in canonical order, with its value:
    /// a leaf's value, a list's length (`.int`), the kind of a member that may be an error or
    /// `null` (`.error("")`, `.null`, or `.text("value")` when it holds one). A row field is called once per row.
    package func forEachField(_ body: (FieldPath.Name, ViewValue) -> Void) {
        switch parse {
        case .error:
            body(.parse, .error(""))
        case .tasks(let rows):
            body(.parse, .text("value"))
            body(.tasks, .int(Int64(rows.count)))
            let addedRowMembers = addedRowValues.isEmpty ? [] : ContractDescription.current.addedRowMembers
            for (index, row) in rows.enumerated() {
                body(.taskId, .text(row.id))
                body(.taskTitle, .text(row.title))
                body(.taskIsDone, .bool(row.isDone))
                body(.taskProjectColor, .optionalText(row.projectColor))
                for member in addedRowMembers {
                    if let value = addedValue(member, row: index) { Self.walk(member, value, body) }
                }
            }
        }
        if !notImplemented.contains(.dayStr) { body(.dayStr, .optionalText(meta.dayStr)) }
        if !notImplemented.contains(.validUntil) { body(.validUntil, .optionalInt(meta.validUntil)) }
        if !notImplemented.contains(.stale) { body(.stale, .bool(stale)) }
        if !notImplemented.contains(.headerKind) {
            switch header {
            case .today:
                body(.headerKind, .text("today"))
            case .outdated(let dayMs):
                body(.headerKind, .text("outdated"))
                if !notImplemented.contains(.headerDayMs) { body(.headerDayMs, .optionalInt(dayMs)) }
            }
        }
        guard !added.isEmpty else { return }
        for member in ContractDescription.current.addedMembers {
            if let value = added[member.name] { Self.walk(member, value, body) }
        }
    }

    private static func walk(_ member: ViewMember, _ value: ViewValue, _ body: (FieldPath.Name, ViewValue) -> Void) {
        let name = member.isComparedField ? FieldPath.Name(rawValue: member.path) : nil
        switch value {
        case .omitted:
            return
        case .null:
            if let name { body(name, .null) }
        case .error:
            if let name { body(name, .error("")) }
        case .list(let elements):
            if let name { body(name, .int(Int64(elements.count))) }
            for element in elements {
                guard case .object(let values) = element else { continue }
                for (inner, innerValue) in zip(member.members, values) { walk(inner, innerValue, body) }
            }
        case .object(let values):
            if let name { body(name, .text("value")) }
            for (inner, innerValue) in zip(member.members, values) { walk(inner, innerValue, body) }
        default:
            if let name { body(name, value) }
        }
    }
}

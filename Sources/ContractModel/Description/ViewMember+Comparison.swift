import WidgetSnapshot

/// The comparison of a described field (one a revision after 1 adds), by its type: a kind
/// that differs (an error, null or a value) differs at the member's own name, a list's length
/// at the list's name, then element by element (`projects[2].title`) and member by member.
/// Error reasons are informational, never compared. `FieldDifference.between` calls it for
/// every such field.
extension ViewMember {
    /// The differences between two values of this member; `row` is the row of the list
    /// element holding it (a row field of `parse.tasks`), if any.
    package func differences(expected: ViewValue, got: ViewValue, row: Int? = nil, into out: inout [FieldDifference]) {
        Self.compare(expected, got, path: path, type: type, row: row, into: &out)
    }

    /// The differences of a member the reader's line leaves out (it agrees with nothing): one
    /// per highest compared field at or below it.
    package func notImplemented(expected: ViewValue, row: Int? = nil) -> [FieldDifference] {
        guard isComparedField else {
            guard case .object(let values) = expected else { return [] }
            return zip(members, values).flatMap { $0.notImplemented(expected: $1, row: row) }
        }
        return [FieldDifference(path: Self.fieldPath(path, row: row), expected: Self.summary(expected, type: type),
                                got: FieldDifference.notImplemented)]
    }

    /// The differences of a member only the other side has (`expected` left it out): one per
    /// highest compared field at or below it, `expected` "not implemented".
    package func appeared(got: ViewValue, row: Int? = nil) -> [FieldDifference] {
        notImplemented(expected: got, row: row).map {
            FieldDifference(path: $0.path, expected: FieldDifference.notImplemented, got: $0.expected)
        }
    }

    private static func compare(_ expected: ViewValue, _ got: ViewValue, path: String, type: ViewType, row: Int?,
                                into out: inout [FieldDifference]) {
        func differ() {
            out.append(FieldDifference(path: fieldPath(path, row: row), expected: summary(expected, type: type), got: summary(got, type: type)))
        }
        switch (expected, got) {
        case (.omitted, _), (_, .omitted):
            return  // an object's member a line leaves out: its object's loop below reports it
        case (.error, .error), (.null, .null):
            return
        case (.error, _), (_, .error), (.null, _), (_, .null):
            return differ()
        case (.list(let want), .list(let have)):
            guard want.count == have.count else { return differ() }
            guard case .list(let element) = type else { return }
            let elementPath = path + "[]"
            for (index, (a, b)) in zip(want, have).enumerated() {
                compare(a, b, path: elementPath, type: element, row: index, into: &out)
            }
        case (.object(let want), .object(let have)):
            guard case .object(let members) = type else { return }
            for (member, (a, b)) in zip(members, zip(want, have)) {
                if b == .omitted {
                    if a != .omitted { out += member.notImplemented(expected: a, row: row) }
                    continue
                }
                if a == .omitted {
                    out += member.appeared(got: b, row: row)
                    continue
                }
                compare(a, b, path: member.path, type: member.type, row: row, into: &out)
            }
        default:
            if expected != got { differ() }
        }
    }

    /// The path as a field with its row, when it is a row field.
    private static func fieldPath(_ path: String, row: Int?) -> FieldPath {
        guard let name = FieldPath.Name(rawValue: path) else {
            preconditionFailure("`\(path)` is not a field of the contract description")
        }
        return FieldPath(name, row: name.isRowField ? row : nil)
    }

    /// A value as short text in a difference: a string quoted (cut after 120 bytes), `null`,
    /// `error (…)`, `N entries`, an object as `{name:value,…}` (cut likewise).
    package static func summary(_ value: ViewValue, type: ViewType) -> String {
        switch value {
        case .null: return "null"
        case .omitted: return FieldDifference.notImplemented
        case .bool(let flag): return String(flag)
        case .int(let number): return String(number)
        case .text(let text): return FieldDifference.quoted(text)
        case .error(let reason): return "error (\(reason))"
        case .list(let elements): return elements.count == 1 ? "1 entry" : "\(elements.count) entries"
        case .object(let values):
            guard case .object(let members) = type else { return "an object" }
            let text = "{" + zip(members, values).map { "\($0.name):\(summary($1, type: $0.type))" }.joined(separator: ",") + "}"
            return text.utf8.count > 120 ? String(decoding: text.utf8.prefix(120), as: UTF8.self) + "…" : text
        }
    }
}

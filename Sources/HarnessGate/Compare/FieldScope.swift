import ContractModel

/// The `[FIELDS]` of a divergence entry: which compared fields (or which non-view
/// outcomes) it excuses, so that a reviewed entry for one field cannot hide a regression
/// in another field of the same case.
///
/// Names are the ones reports use (`parse.tasks[].isDone`, `meta.dayStr`, `header.dayMs`),
/// from the contract description; a prefix covers its subfields (`header` = `header.kind`
/// and `header.dayMs`, `parse` = everything under it, `projects` its entries' fields); `*` covers every view field. The outcomes `crash` and `missing`
/// (a reader that gave no view) are covered only when named: `*` does not cover them.
package struct FieldScope: Equatable, Sendable, CustomStringConvertible {
    /// Every compared view field, as reports name them, in report order.
    package static let viewFields = FieldPath.Name.allCases.filter { !outcomeNames.contains($0) }.map(\.rawValue)
    /// Outcomes that are not a view: the reader crashed (or wrote garbage), or gave no line.
    package static let outcomes = outcomeNames.map(\.rawValue)
    private static let outcomeNames: [FieldPath.Name] = [.crash, .missing]
    /// The groups that are not fields themselves but cover fields (`meta`, `header`): every
    /// leading part of a field's name up to a `.` or `[`, in report order.
    package static let prefixes: [String] = {
        var seen = Set(viewFields)
        var groups: [String] = []
        for field in viewFields {
            for (offset, character) in field.enumerated() where character == "." || character == "[" {
                let prefix = String(field.prefix(offset))
                if seen.insert(prefix).inserted { groups.append(prefix) }
            }
        }
        return groups
    }()
    /// Names that may appear in a list: the fields, their prefixes, the outcomes and `*`.
    package static let allowedNames = Set(viewFields + prefixes + outcomes + ["*"])

    package let names: [String]

    package var description: String { "[" + names.joined(separator: ",") + "]" }

    /// Reads the text between the brackets; the error message says what is wrong.
    package static func parse(_ text: Substring) -> Result<FieldScope, ScopeError> {
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard !names.isEmpty, !names.contains(where: \.isEmpty) else { return .failure(ScopeError("empty field name in `[\(text)]`")) }
        for name in names where !allowedNames.contains(name) {
            return .failure(ScopeError("unknown field `\(name)` (fields: \(viewFields.joined(separator: ", ")); prefixes \(prefixes.joined(separator: ", ")) and a field for the fields under it; * for every field; crash, missing for no view)"))
        }
        for (index, name) in names.enumerated() {
            for (otherIndex, other) in names.enumerated() where otherIndex != index && FieldScope(names: [other]).covers(name) {
                return .failure(ScopeError(name == other ? "field `\(name)` is named twice" : "field `\(name)` is already covered by `\(other)`"))
            }
        }
        return .success(FieldScope(names: names))
    }

    /// Whether this scope excuses a difference in `field` (a name from `viewFields`, with
    /// or without row indices, or an outcome).
    package func covers(_ field: String) -> Bool {
        let field = Self.canonical(field)
        return names.contains { name in
            if name == "*" { return !Self.outcomes.contains(field) }
            return field == name || field.hasPrefix(name + ".") || field.hasPrefix(name + "[")
        }
    }

    /// True when two scopes share a field (a second entry with the same pattern would be ambiguous).
    package func overlaps(_ other: FieldScope) -> Bool {
        (Self.viewFields + Self.outcomes).contains { covers($0) && other.covers($0) }
    }

    /// `parse.tasks[3].isDone` → `parse.tasks[].isDone`: row indices dropped (`FieldPath.key`).
    package static func canonical(_ field: String) -> String {
        FieldPath(field)?.key ?? field
    }

    package struct ScopeError: Error {
        package let message: String
        package init(_ message: String) { self.message = message }
    }
}

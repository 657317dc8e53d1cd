/// The type of one view field as the contract description states it (`schemas/contract.json`):
/// what the canonical line, the line reader, the comparison and the view schema know of a field
/// a feature adds, so that none of them is edited for a new field.
package indirect enum ViewType: Equatable, Sendable {
    case text
    case int
    case bool
    /// Text from a fixed set.
    case enumeration([String])
    /// Members in their canonical order.
    case object([ViewMember])
    /// Elements of one type (an object: the description allows no list inside a list).
    case list(ViewType)
}

/// One member of the view (top level, or inside an object) as the description states it.
package struct ViewMember: Equatable, Sendable {
    /// Its key in the view line.
    package var name: String
    package var type: ViewType
    /// The value may be `null`.
    package var nullable: Bool
    /// The question may fail instead: `{"error":"reason"}` (the reason is informational).
    package var orError: Bool
    /// The feature that added it (its members inherit it): a name in the description's `features`.
    package var feature: String
    /// Its field name (`projects[].title`): the dotted path from the top, `[]` for a list's elements.
    package var path: String
    /// For a member a feature adds to rows: the container it goes in (`parse.tasks[]`).
    package var container: String?
    package var note: String?

    package init(name: String, type: ViewType, nullable: Bool = false, orError: Bool = false, feature: String, path: String,
                 container: String? = nil, note: String? = nil) {
        self.name = name
        self.type = type
        self.nullable = nullable
        self.orError = orError
        self.feature = feature
        self.path = path
        self.container = container
        self.note = note
    }

    /// Whether the member's own path is a compared field: a leaf, a list (its length), or a
    /// member whose kind can differ (null, or an error, instead of a value).
    package var isComparedField: Bool {
        switch type {
        case .object: return nullable || orError
        default: return true
        }
    }

    /// Its compared field names and theirs below it, in canonical order, with the feature
    /// each belongs to.
    package var fieldNames: [(name: String, feature: String)] {
        var names: [(String, String)] = isComparedField ? [(path, feature)] : []
        switch type {
        case .object(let members): for member in members { names += member.fieldNames }
        case .list(.object(let members)): for member in members { names += member.fieldNames }
        default: break
        }
        return names
    }

    /// The highest compared fields at or below it (its own name when it is one, else its
    /// members'): what a line that leaves the member out differs in, "not implemented".
    package var topFieldNames: [String] {
        isComparedField ? [path] : members.flatMap(\.topFieldNames)
    }

    /// The members of its object type, or of its list's element objects; empty otherwise.
    package var members: [ViewMember] {
        switch type {
        case .object(let members), .list(.object(let members)): return members
        default: return []
        }
    }
}

import Foundation
import WidgetSnapshot

/// The value of a view field that a later revision adds (`projects`, `parse.tasks[].doneOn` …),
/// held by its description type (`ViewType`) rather than by a Swift type of its own, so that a
/// new field needs no new code in the view, the line or the comparison. Not `indirect`: its
/// lists and objects are arrays (already out of line), so a `.bool` or `.text` is held in
/// place instead of in a heap box of its own (a box per value was a good part of every view's
/// allocations in `fuzz states`).
package enum ViewValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int64)
    /// Text (an `enum` value too), compared by code points.
    case text(String)
    case list([ViewValue])
    /// The object's members, in its type's order.
    case object([ViewValue])
    /// The question failed; the reason is informational, never compared.
    case error(String)
    /// A member of an object the reader's line leaves out ("not implemented"; only from a
    /// testee's or a recording's line).
    case omitted

    /// Code-point equality for text, as everywhere in the view (Swift's `==` on `String` would
    /// call `"é"` and `"e\u{301}"` equal); error reasons count.
    package static func == (lhs: ViewValue, rhs: ViewValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null), (.omitted, .omitted): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.text(let a), .text(let b)), (.error(let a), .error(let b)): return SameText.same(a, b)
        case (.list(let a), .list(let b)), (.object(let a), .object(let b)): return a == b
        default: return false
        }
    }

    /// A text, or null when there is none.
    package static func optionalText(_ value: String?) -> ViewValue { value.map(ViewValue.text) ?? .null }
    /// An integer, or null when there is none.
    package static func optionalInt(_ value: Int64?) -> ViewValue { value.map(ViewValue.int) ?? .null }

    /// An object value of the described object at `path` (`currentTask`, `projects[]`), its
    /// members given by name in any order and put in the description's; a name the
    /// description does not have there, or one missing, is a programming error.
    package static func object(at path: String, _ values: KeyValuePairs<String, ViewValue>) -> ViewValue {
        ObjectShape(path).object(values)
    }

    /// The member names of the described object at one path, looked up once: the readers
    /// build the same objects for every row of every case (`display.rows[]`), and looking the
    /// path up and copying its `ViewMember`s for each was a tenth of `fuzz states`'s
    /// instructions. A path the description has no object at is a programming error.
    package struct ObjectShape: Sendable {
        package let path: String
        private let names: [String]

        package init(_ path: String) {
            guard let members = ContractDescription.current.objectMembers(at: path) else {
                preconditionFailure("the contract description has no object at `\(path)`")
            }
            self.path = path
            names = members.map(\.name)
        }

        /// A shape whose members must be exactly `names`, in this order (checked once, here):
        /// its objects are then built from their values alone (`object(positional:)`).
        package init(_ path: String, members names: [String]) {
            self.init(path)
            precondition(self.names == names, "the members of `\(path)` are \(self.names), not \(names)")
        }

        /// The object of `values`, in the order of the names the shape was made with.
        package func object(positional values: [ViewValue]) -> ViewValue {
            precondition(values.count == names.count, "the members of `\(path)` are \(names): \(values.count) values given")
            return .object(values)
        }

        /// The object whose members are `values`, by name in any order, put in the description's.
        package func object(_ values: KeyValuePairs<String, ViewValue>) -> ViewValue {
            // As many values as members, and each member's found: the values are the members (this
            // runs for every row of every view, so nothing is checked twice).
            precondition(names.count == values.count, "the members of `\(path)` are \(names), not \(values.map(\.key))")
            // Every call site names them in the description's order, so that is tried first.
            if zip(names, values).allSatisfy({ $0 == $1.key }) { return .object(values.map(\.value)) }
            return .object(names.map { name in
                guard let value = values.first(where: { $0.key == name })?.value else {
                    preconditionFailure("the members of `\(path)` are \(names), not \(values.map(\.key))")
                }
                return value
            })
        }
    }
}

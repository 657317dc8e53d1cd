import ContractModel
import WidgetSnapshot

/// Plain values for every field the contract description adds after revision 1, so that a
/// test about revision 1's part of the line stays complete however many fields are added.
package enum DescribedValues {
    /// The simplest value of a member's type: null where allowed, else an error where the
    /// question may fail, else an empty list, `""`, 0, false, the first enum value.
    package static func minimal(_ member: ViewMember) -> ViewValue {
        if member.nullable { return .null }
        if member.orError { return .error("none") }
        return minimal(member.type)
    }

    private static func minimal(_ type: ViewType) -> ViewValue {
        switch type {
        case .text: return .text("")
        case .int: return .int(0)
        case .bool: return .bool(false)
        case .enumeration(let values): return .text(values[0])
        case .object(let members): return .object(members.map(minimal))
        case .list: return .list([])
        }
    }

    /// Every added top-level field with its minimal value.
    package static var added: AddedValues {
        AddedValues(Dictionary(uniqueKeysWithValues: ContractDescription.current.addedMembers.map { ($0.name, minimal($0)) }))
    }

    /// Every added row field with its minimal value.
    package static var row: AddedValues {
        AddedValues(Dictionary(uniqueKeysWithValues: ContractDescription.current.addedRowMembers.map { ($0.name, minimal($0)) }))
    }

    /// The view with every added field filled in (rows too), as a complete line has them.
    package static func complete(_ view: DecodedView) -> DecodedView {
        var view = view
        view.added = added
        if case .tasks(let rows) = view.parse { view.addedRowValues = rows.map { _ in row } }
        return view
    }

    /// `,"name":value…` of the added top-level fields (what follows `header` in a line).
    package static var addedTail: String { tail(ContractDescription.current.addedMembers) }
    /// `,"name":value…` of the added row fields (what follows `projectColor` in a row).
    package static var rowTail: String { tail(ContractDescription.current.addedRowMembers) }

    private static func tail(_ members: [ViewMember]) -> String {
        var out: [UInt8] = []
        for member in members {
            out += Array(",\"\(member.name)\":".utf8)
            member.appendValue(minimal(member), to: &out)
        }
        return String(decoding: out, as: UTF8.self)
    }
}

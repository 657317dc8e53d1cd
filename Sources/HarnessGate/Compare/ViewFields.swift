import ContractModel

/// The compared fields one view holds, by position in `FieldTally.fields`, each with its one
/// value when every place holding it (every row, for a row field) holds the same: what the
/// tally counts a case by and tells a field answered with one value everywhere by. A view holds
/// a field where it has something there — a value, `null` or an error; a row field once per
/// row, so only when the list has a row; `header.dayMs` only under an outdated header; nothing
/// the line leaves out ("not implemented") and nothing under an error, a `null` or an empty
/// list (CONTRACT.md §6, "Conformance"). Made once per expected view for every reader (the gate
/// shares them), and for a reader's view only where it differs from the expected one.
package struct ViewFields: Sendable {
    /// The fields the view holds.
    private(set) var held = FieldSet()
    /// Per field held: its one value, nil when the view holds several; kept only when asked for.
    private(set) var values: [Int: ViewValue] = [:]
    private var several = FieldSet()
    private let keepsValues: Bool

    /// The fields of `view`, with their values when `values` (what tells a field answered with one value everywhere).
    package init(_ view: DecodedView, values: Bool = false) {
        keepsValues = values
        let plan = Plan.current
        switch view.parse {
        case .error:
            hold(plan.parse, .error(""))
        case .tasks(let rows):
            hold(plan.parse, .text("value"))
            hold(plan.tasks, .int(Int64(rows.count)))
            for (index, row) in rows.enumerated() {
                hold(plan.taskId, .text(row.id))
                hold(plan.taskTitle, .text(row.title))
                hold(plan.taskIsDone, .bool(row.isDone))
                hold(plan.taskProjectColor, .optionalText(row.projectColor))
                // Without values, one row says which row fields the list holds, unless rows carry added members.
                if !keepsValues && view.addedRowValues.isEmpty { break }
                guard index < view.addedRowValues.count else { continue }
                let added = view.addedRowValues[index]
                for (name, node) in plan.addedRows { if let value = added[name] { walk(node, value) } }
            }
        }
        let left = view.notImplemented
        let all = left.isEmpty
        if all || !left.contains(.dayStr) { hold(plan.dayStr, .optionalText(view.meta.dayStr)) }
        if all || !left.contains(.validUntil) { hold(plan.validUntil, .optionalInt(view.meta.validUntil)) }
        if all || !left.contains(.stale) { hold(plan.stale, .bool(view.stale)) }
        if all || !left.contains(.headerKind) {
            switch view.header {
            case .today:
                hold(plan.headerKind, .text("today"))
            case .outdated(let dayMs):
                hold(plan.headerKind, .text("outdated"))
                if all || !left.contains(.headerDayMs) { hold(plan.headerDayMs, .optionalInt(dayMs)) }
            }
        }
        if !view.added.isEmpty {
            for (name, node) in plan.added { if let value = view.added[name] { walk(node, value) } }
        }
    }

    /// The fields of an outcome's view; nil for a failure.
    package static func of(_ outcome: ReaderOutcome) -> ViewFields? {
        outcome.view.map { ViewFields($0) }
    }

    /// Whether the view holds `field`.
    package func holds(_ field: String) -> Bool { FieldTally.position[field].map(held.contains) ?? false }

    private mutating func hold(_ index: Int?, _ value: @autoclosure () -> ViewValue) {
        guard let index else { return }
        guard keepsValues else { return held.insert(index) }
        if !held.contains(index) {
            held.insert(index)
            values[index] = value()
        } else if !several.contains(index), values[index] != value() {
            several.insert(index)
            values[index] = nil
        }
    }

    /// A member of the description as a value holds it: a list's length, an object's or a
    /// nullable's kind, a leaf's value; then its members'.
    private mutating func walk(_ node: Plan.Node, _ value: ViewValue) {
        switch value {
        case .omitted:
            return
        case .null:
            hold(node.index, .null)
        case .error:
            hold(node.index, .error(""))
        case .list(let elements):
            hold(node.index, .int(Int64(elements.count)))
            for element in elements {
                guard case .object(let members) = element else { continue }
                for (child, member) in zip(node.children, members) { walk(child, member) }
            }
        case .object(let members):
            hold(node.index, .text("value"))
            for (child, member) in zip(node.children, members) { walk(child, member) }
        default:
            hold(node.index, value)
        }
    }

    /// The description's view resolved once to positions in `FieldTally.fields`, so that a view
    /// is walked without looking a name up.
    private struct Plan: Sendable {
        struct Node: Sendable {
            /// Its position when it is a compared field.
            var index: Int?
            /// Its members', in the description's order.
            var children: [Node]

            init(_ member: ViewMember) {
                index = member.isComparedField ? FieldTally.position[member.path] : nil
                children = member.members.map(Node.init)
            }
        }

        static let current = Plan()

        let parse = Self.position(.parse), tasks = Self.position(.tasks), taskId = Self.position(.taskId)
        let taskTitle = Self.position(.taskTitle), taskIsDone = Self.position(.taskIsDone)
        let taskProjectColor = Self.position(.taskProjectColor), dayStr = Self.position(.dayStr)
        let validUntil = Self.position(.validUntil), stale = Self.position(.stale), headerKind = Self.position(.headerKind)
        let headerDayMs = Self.position(.headerDayMs)
        /// The top-level members after the typed ones, and the rows' added members, by name.
        let added = ContractDescription.current.addedMembers.map { ($0.name, Node($0)) }
        let addedRows = ContractDescription.current.addedRowMembers.map { ($0.name, Node($0)) }

        private static func position(_ name: FieldPath.Name) -> Int? { FieldTally.position[name.rawValue] }
    }
}

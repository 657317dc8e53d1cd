import ContractModel
import WidgetSnapshot

extension WriterSchema {
    /// Per object of `value` (by JSON pointer, `/` for the top), the member names the schema
    /// declares there (`properties`, through `$ref` and `items`): what the compatibility check
    /// asks to tell a member a side never had from one it made required.
    func declaredMembers(of value: JSONValue) -> [String: Set<String>] {
        var found: [String: Set<String>] = [:]
        var path = Pointer()
        collect(value, rootNode, &path, &found)
        return found
    }

    private func collect(_ value: JSONValue, _ node: Node, _ path: inout Pointer, _ found: inout [String: Set<String>]) {
        guard node.hasRules else { return }
        if let target = node.ref?.target { collect(value, target, &path, &found) }
        switch value {
        case .object(let object):
            found[path.shown, default: []].formUnion(node.properties.map(\.key.string))
            for member in object.members {
                guard let declared = node.properties.first(where: { $0.key == member.key })?.node else { continue }
                path.steps.append(.key(member.key))
                collect(member.value, declared, &path, &found)
                path.steps.removeLast()
            }
        case .array(let items):
            guard let itemSchema = node.items else { return }
            for (index, item) in items.enumerated() {
                path.steps.append(.index(index))
                collect(item, itemSchema, &path, &found)
                path.steps.removeLast()
            }
        default:
            break
        }
    }

    /// `at P: K is required but missing` read back: the pointer and the member.
    static func missingMember(_ violation: String) -> (pointer: String, key: String)? {
        let suffix = " is required but missing"
        guard violation.hasPrefix("at "), violation.hasSuffix(suffix), let colon = violation.range(of: ": ") else { return nil }
        let pointer = String(violation[violation.index(violation.startIndex, offsetBy: 3)..<colon.lowerBound])
        let key = String(violation[colon.upperBound..<violation.index(violation.endIndex, offsetBy: -suffix.count)])
        return (pointer, key)
    }
}

import ContractModel
import WidgetSnapshot

/// Where a tree's `schemas/contract.json` differs from the description built into the running
/// harness: the JSON paths whose values differ (`revisions[2].viewFields[0].type`), members
/// only one side has, so `schemas` can say exactly what a rebuild would change instead of
/// leaving a stale binary to judge a tree it was not built for. Formatting and key order are
/// not differences; what differs is named, never shown whole.
package enum DescriptionDrift {
    /// The differing paths in document order (empty when both say the same); nil when `tree`
    /// is not JSON at all.
    package static func differences(tree: [UInt8], builtIn: [UInt8]) -> [String]? {
        guard let treeValue = try? JSONParser().parse(tree), let builtInValue = try? JSONParser().parse(builtIn) else { return nil }
        var out: [String] = []
        compare(treeValue, builtInValue, at: "", into: &out)
        return out
    }

    private static func compare(_ tree: JSONValue, _ builtIn: JSONValue, at path: String, into out: inout [String]) {
        switch (tree, builtIn) {
        case (.object(let a), .object(let b)):
            for member in a.members {
                let inner = path.isEmpty ? member.key.string : "\(path).\(member.key.string)"
                if let other = b[member.key.string] {
                    compare(member.value, other, at: inner, into: &out)
                } else {
                    out.append("\(inner) (only in the tree)")
                }
            }
            for member in b.members where a[member.key.string] == nil {
                out.append((path.isEmpty ? member.key.string : "\(path).\(member.key.string)") + " (only built in)")
            }
        case (.array(let a), .array(let b)):
            for index in 0..<max(a.count, b.count) {
                let inner = "\(path)[\(index)]" + label(index < a.count ? a[index] : b[index])
                if index >= b.count { out.append("\(inner) (only in the tree)") }
                else if index >= a.count { out.append("\(inner) (only built in)") }
                else { compare(a[index], b[index], at: inner, into: &out) }
            }
        default:
            if tree != builtIn { out.append(path.isEmpty ? "the whole file" : path) }
        }
    }

    /// ` (name)` for an element that has a name or revision, so a path reads without counting.
    private static func label(_ element: JSONValue) -> String {
        guard case .object(let object) = element else { return "" }
        if case .string(let name)? = object["name"] { return "{\(name.string)}" }
        if case .integer(let number)? = object["revision"] { return "{revision \(number)}" }
        return ""
    }
}

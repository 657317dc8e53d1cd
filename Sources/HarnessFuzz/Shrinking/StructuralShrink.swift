import ContractModel
import WidgetSnapshot

/// The structural shrinking pass: on a blob that parses as JSON, drops object members and
/// array elements (halves of long arrays first) and simplifies scalars (`""`, half a
/// string, `0`), keeping each edit that still shows the disagreement.
///
/// Runs before byte-level delta debugging because one structural edit removes what would
/// take many byte deletions, and it never produces text that is not JSON.
enum StructuralShrink {
    /// One step down a JSON tree.
    enum Step: Equatable {
        case member(Int)
        case element(Int)
    }

    /// One candidate edit at a path.
    enum Edit {
        case removeMember(Int)
        case removeElements(Range<Int>)
        case replace(JSONValue)
    }

    /// The shrunk blob text, or nil when the blob is not JSON or its compact rendering
    /// no longer shows the disagreement (the byte pass then works on the original).
    static func run(_ start: Case, session: ShrinkSession) -> Case? {
        guard var tree = try? JSONParser().parse(start.blob) else { return nil }
        var current = start
        current.blob = JSONWriter.compact(tree)
        if current.blob != start.blob, !session.fails(current) { return nil }
        var position = 0
        var passHadEdits = true
        while passHadEdits, !session.exhausted {
            passHadEdits = false
            position = 0
            while !session.exhausted {
                let edits = candidates(tree)
                guard position < edits.count else { break }
                let slice = edits[position...].prefix(64)
                let trees = slice.map { apply($0.edit, at: $0.path[...], to: tree) }
                let cases = trees.map { candidate -> Case in
                    var next = current
                    next.blob = JSONWriter.compact(candidate)
                    return next
                }
                if let hit = session.firstFailing(cases) {
                    tree = trees[hit]
                    current = cases[hit]
                    position += hit
                    passHadEdits = true
                } else {
                    position += slice.count
                }
            }
        }
        return current
    }

    /// Every edit, parents before children: removals first at each node, then
    /// simplifications of scalars.
    static func candidates(_ tree: JSONValue) -> [(path: [Step], edit: Edit)] {
        var out: [(path: [Step], edit: Edit)] = []
        collect(tree, path: [], into: &out)
        return out
    }

    private static func collect(_ value: JSONValue, path: [Step], into out: inout [(path: [Step], edit: Edit)]) {
        switch value {
        case .object(let object):
            for index in object.members.indices { out.append((path, .removeMember(index))) }
            for (index, member) in object.members.enumerated() { collect(member.value, path: path + [.member(index)], into: &out) }
        case .array(let elements):
            if elements.count >= 4 {
                let half = elements.count / 2
                out.append((path, .removeElements(0..<half)))
                out.append((path, .removeElements(half..<elements.count)))
            }
            for index in elements.indices { out.append((path, .removeElements(index..<(index + 1)))) }
            for (index, element) in elements.enumerated() { collect(element, path: path + [.element(index)], into: &out) }
        case .string(let text):
            guard !text.isEmpty else { return }
            out.append((path, .replace(.string(""))))
            let scalars = Array(text.string.unicodeScalars)
            if scalars.count > 1 {
                var half = String.UnicodeScalarView()
                half.append(contentsOf: scalars.prefix(scalars.count / 2))
                out.append((path, .replace(.string(JSONString(String(half))))))
                var rest = String.UnicodeScalarView()
                rest.append(contentsOf: scalars.suffix(scalars.count - scalars.count / 2))
                out.append((path, .replace(.string(JSONString(String(rest))))))
            }
        case .integer(let number):
            if number != 0 { out.append((path, .replace(.integer(0)))) }
            if number != 1 && number != 0 { out.append((path, .replace(.integer(1)))) }
        case .double:
            out.append((path, .replace(.integer(0))))
        case .bool, .null:
            break
        }
    }

    static func apply(_ edit: Edit, at path: ArraySlice<Step>, to value: JSONValue) -> JSONValue {
        if let step = path.first {
            let rest = path.dropFirst()
            switch (step, value) {
            case (.member(let index), .object(let object)):
                var edited = object
                let member = object.members[index]
                edited[member.key] = apply(edit, at: rest, to: member.value)
                return .object(edited)
            case (.element(let index), .array(var elements)):
                elements[index] = apply(edit, at: rest, to: elements[index])
                return .array(elements)
            default:
                return value
            }
        }
        switch (edit, value) {
        case (.removeMember(let index), .object(let object)):
            var edited = JSONObject()
            for (position, member) in object.members.enumerated() where position != index {
                edited[member.key] = member.value
            }
            return .object(edited)
        case (.removeElements(let range), .array(var elements)):
            elements.removeSubrange(range)
            return .array(elements)
        case (.replace(let replacement), _):
            return replacement
        default:
            return value
        }
    }
}

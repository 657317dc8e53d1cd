import WidgetSnapshot

/// Indented JSON (what `JSON.stringify(value, null, 2)` writes): for people (explain,
/// RECORDING.json) and for the `base.pretty` mutation. The one indented writer; the
/// canonical forms stay compact.
package enum PrettyJSON {
    package static func render(_ value: JSONValue, indent: String = "  ") -> String {
        String(decoding: bytes(value, indent: indent), as: UTF8.self)
    }

    package static func bytes(_ value: JSONValue, indent: String = "  ") -> [UInt8] {
        var out: [UInt8] = []
        append(value, depth: 0, indent: Array(indent.utf8), to: &out)
        return out
    }

    private static func append(_ value: JSONValue, depth: Int, indent: [UInt8], to out: inout [UInt8]) {
        func newline(_ level: Int) {
            out.append(UInt8(ascii: "\n"))
            for _ in 0..<level { out += indent }
        }
        switch value {
        case .array(let elements) where !elements.isEmpty:
            out.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                newline(depth + 1)
                append(element, depth: depth + 1, indent: indent, to: &out)
            }
            newline(depth)
            out.append(UInt8(ascii: "]"))
        case .object(let object) where !object.isEmpty:
            out.append(UInt8(ascii: "{"))
            for (index, member) in object.members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                newline(depth + 1)
                JSONWriter.appendString(member.key.utf8, to: &out)
                out += Array(": ".utf8)
                append(member.value, depth: depth + 1, indent: indent, to: &out)
            }
            newline(depth)
            out.append(UInt8(ascii: "}"))
        default:
            JSONWriter.append(value, to: &out)
        }
    }
}

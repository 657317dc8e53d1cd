import WidgetSnapshot

/// Indented JSON text (what `JSON.stringify(blob, null, 2)` writes), for `base.pretty`.
enum PrettyText {
    static func render(_ value: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        append(value, indent: 0, to: &out)
        return out
    }

    private static func newline(_ indent: Int, _ out: inout [UInt8]) {
        out.append(UInt8(ascii: "\n"))
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
    }

    private static func append(_ value: JSONValue, indent: Int, to out: inout [UInt8]) {
        switch value {
        case .array(let elements) where !elements.isEmpty:
            out.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                newline(indent + 1, &out)
                append(element, indent: indent + 1, to: &out)
            }
            newline(indent, &out)
            out.append(UInt8(ascii: "]"))
        case .object(let object) where !object.isEmpty:
            out.append(UInt8(ascii: "{"))
            for (position, member) in object.members.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                newline(indent + 1, &out)
                JSONWriter.appendString(member.key.utf8, to: &out)
                out.append(contentsOf: ": ".utf8)
                append(member.value, indent: indent + 1, to: &out)
            }
            newline(indent, &out)
            out.append(UInt8(ascii: "}"))
        default:
            JSONWriter.append(value, to: &out)
        }
    }
}

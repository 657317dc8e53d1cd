import WidgetSnapshot

/// The identity and the harmless rewrites: blobs every reader must decode exactly like the
/// fixture itself (same JSON, other text or extra fields).
enum BaseMutations {
    static let all: [MutationOperator] = [
        MutationOperator(id: "base", family: .base, summary: "the fixture's blob unchanged (JSON.stringify text)",
                         reach: .everyFixture) { input, _ in
            MutationOperator.Output(blob: input.text, pendingDoneTargets: input.pendingDoneTargets)
        },
        .edit("base.reordered-keys", .base, "top-level keys in reverse order") { draft, _ in
            guard let members = draft.members, members.count > 1 else { return false }
            draft = .object(members.reversed())
            return true
        },
        .edit("base.unknown-fields", .base, "unknown top-level fields and an unknown field in every task") { draft, _ in
            draft.append("schema", .string("widget/1"))
            draft.append("extra", BlobDraft(.object(JSONObject([
                "nested": .array([.integer(1), .double(2.5), .object(JSONObject(["x": .null]))]),
                "flag": .bool(true),
            ]))))
            draft.updateEveryTask { task in task.append("note", .string("unknown field")) }
            return true
        },
        .bytes("base.pretty", .base, "pretty-printed with two-space indentation and CRLF-free newlines") { text in
            (try? JSONParser().parse(text)).map { PrettyText.render($0) }
        },
    ]
}

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

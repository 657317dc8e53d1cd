import WidgetSnapshot

/// The identity and the harmless rewrites: blobs every reader must decode exactly like the
/// fixture itself (same JSON, other text or extra fields).
enum BaseMutations {
    static let all: [MutationOperator] = [
        MutationOperator(id: "base", family: .base, summary: "the fixture's blob unchanged (JSON.stringify text)",
                         reach: .everyFixture) { input, _ in
            input.output(input.text)
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
        .bytes("base.pretty", .base, "pretty-printed as JSON.stringify(blob, null, 2) writes it") { text in
            (try? JSONParser().parse(text)).map { PrettyJSON.bytes($0) }
        },
    ]
}

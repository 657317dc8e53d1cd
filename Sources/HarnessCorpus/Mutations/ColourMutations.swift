import WidgetSnapshot

/// `projectColors`: only a JSON object counts (`optJSONObject`), a JSON-null entry means
/// no colour, and any other entry is read as text.
enum ColourMutations {
    /// Replaces the value of the map's first entry.
    private static func setFirstEntry(_ draft: inout BlobDraft, _ value: BlobDraft) -> Bool {
        draft.update("projectColors") { colours in
            guard case .object(var members) = colours, !members.isEmpty else { return false }
            members[0].value = value
            colours = .object(members)
            return true
        }
    }

    static let all: [MutationOperator] = [
        .edit("colours.missing-map", .colours, "removes projectColors") { draft, _ in draft.remove("projectColors") },
        .edit("colours.null-map", .colours, "projectColors is JSON null") { draft, _ in
            draft.replace("projectColors", with: .jsonNull)
        },
        .edit("colours.not-object", .colours, "projectColors is not an object", [
            ("array", "[\"#ff0000\"]"),
            ("string", "\"{\\\"p1\\\":\\\"#ff0000\\\"}\""),
        ]) { draft, _, literal in draft.replace("projectColors", with: .text(literal)) },
        .edit("colours.empty-map", .colours, "projectColors is {}") { draft, input in
            guard let colours = input.blob["projectColors"]?.objectValue, !colours.isEmpty else { return false }
            return draft.replace("projectColors", with: .value(.object(JSONObject())))
        },
        .edit("colours.null-entry", .colours, "the first colour entry is JSON null (no colour)") { draft, _ in
            setFirstEntry(&draft, .jsonNull)
        },
        .edit("colours.non-string", .colours, "the first colour entry is not a string (read as its text)", [
            ("integer", "16711680"),
            ("double", "1.5"),
            ("bool", "true"),
            ("object", "{\"hex\":\"#ff0000\"}"),
            ("array", "[255,0,0]"),
            // Every escape of org.json's JSONStringer: quote, backslash, solidus, the named
            // controls, another control as \u00xx, and an empty string.
            ("escapes", #"["a/b","q\"\\","\u0001\b\t\n\f\r\u001f",""]"#),
            // controls whose \u00xx holds the digit 9 and the letter a, and a solidus within the
            // first eight bytes of a longer string (holes generated mutants found)
            ("escapes-nine-and-a", #"["\u0019\u001a"]"#),
            ("long-solidus", #"["abcdefgh/ijklmnop"]"#),
        ]) { draft, _, literal in setFirstEntry(&draft, .text(literal)) },
        .edit("colours.unknown-project", .colours, "colours and projects that do not meet", [
            ("unused-entry", false),
            ("task-points-elsewhere", true),
        ]) { draft, input, retarget in
            if retarget {
                guard let colours = input.blob["projectColors"]?.objectValue,
                      let task = input.firstTask(where: { task in
                          task["projectId"]?.stringValue.map { colours[$0] != nil } ?? false
                      }) else { return false }
                return draft.updateTask(task) { $0.replace("projectId", with: .string("p-unknown")) }
            }
            return draft.update("projectColors") { $0.append("p-unused", .string("#00ff00")) }
        },
        // More than 8 entries: Swift looks colours up through a hashed index above 8.
        .edit("colours.many-entries", .colours, "nine more colour entries no task uses (a map of more than 8)") { draft, _ in
            draft.update("projectColors") { colours in
                (1...9).allSatisfy { colours.append("p\($0)-unused", .string("#0000ff")) }
            }
        },
        // 16 entries, the first one's name written again last: the hashed index (above 8) must
        // keep the last value, and a lookup that misses (p2) must end in a table of 32 slots
        // that would be full at 16 (holes generated mutants found).
        .edit("colours.many-entries-repeated", .colours, "14 more colour entries no task uses, then the first entry's name again (16 entries)") {
            draft, input in
            guard let first = input.blob["projectColors"]?.objectValue?.keys.first else { return false }
            return draft.update("projectColors") { colours in
                (1...14).allSatisfy { colours.append("p\($0)-unused", .string("#0000ff")) } && colours.append(first.string, .string("#00ff00"))
            }
        },
        // A table of 31 names in 64 slots and 24 tasks, each with a project of its own, every
        // other one without a colour: Swift's hashed lookup then probes past slots other names
        // took, for all but about 1 in 10,000 Hasher seeds.
        .edit("colours.probing", .colours, "24 tasks, each its own project, every other one coloured, among 31 colour entries") { draft, _ in
            let tasks = (0..<24).map { n in
                BlobDraft.object([.init("id", .string("t\(n)")), .init("title", .string("Task \(n)")),
                                  .init("projectId", .string("q\(n)"))])
            }
            var colours = BlobDraft.object([])
            for key in stride(from: 0, to: 24, by: 2).map({ "q\($0)" }) + (0..<19).map({ "f\($0)" }) {
                colours.append(key, .string("#00ff00"))
            }
            return draft.set("tasks", .array(tasks)) && draft.set("projectColors", colours)
        },
        // The colour map's entry name spelled with \u escapes: the same name, found by its
        // decoded text (holes generated mutants found: a lookup that compares raw bytes only).
        .edit("colours.escaped-key", .colours, "the first colour entry's name spelled with \\u escapes (the same name)") { draft, input in
            guard let first = input.blob["projectColors"]?.objectValue?.keys.first, first.string == "p1" else { return false }
            return draft.update("projectColors") { $0.rekey("p1", to: "\"\\u0070\\u0031\"") }
        },
        // A map of more than 8 entries (the hashed index) where an entry's value is the text of the
        // coloured project's id ("u1":"p1" after "p1"): a walk that steps onto values takes that value
        // for a name and finds the entry after it (holes generated mutants found).
        .edit("colours.value-names-a-project", .colours, "nine more entries, the first of them with the value \"p1\" (10 entries)",
              reach: .fixtureAt(Fixture.canonicalName, instant: "before")) { draft, input in
            guard let first = input.blob["projectColors"]?.objectValue?.keys.first else { return false }
            return draft.update("projectColors") { colours in
                colours.append("u1", .string(first.string)) && (2...9).allSatisfy { colours.append("u\($0)", .string("#0000ff")) }
            }
        },
        // 16 and 32 distinct names (p1 and unused ones) while t3's p2 has no colour: the hashed
        // index's table (twice the count, at least 16 slots) is never full, so the missing name's
        // probe ends (holes generated mutants found: a table sized to the count, or a count of half).
        .edit("colours.many-distinct-entries", .colours, "the map grows to 16 or 32 distinct names; one task's project has none",
              [("16", 16), ("32", 32)]) { draft, input, total in
            guard let colours = input.blob["projectColors"]?.objectValue, colours.count == 1 else { return false }
            return draft.update("projectColors") { map in (1..<total).allSatisfy { map.append("u\($0)", .string("#0000ff")) } }
        },
    ]
}

/// `tasks[].projectId` on the first task that has one: JSON null means "no project" (not
/// the text `null`), and other kinds are read as text (org.json `optString`). The
/// `coloured` variants add a colour under the text the value would coerce to, so a reader
/// that coerces wrongly shows a colour it should not (or misses one it should show).
enum ProjectIdMutations {
    /// A replacement `projectId` and the `projectColors` key it would be looked up under.
    private static func setProjectId(_ id: String, _ summary: String, value: BlobDraft, colourKey: String)
        -> MutationOperator {
        .edit(id, .projectId, summary, [("plain", false), ("coloured", true)]) { draft, input, coloured in
            guard let task = input.firstTask(where: { $0["projectId"] != nil }) else { return false }
            guard draft.updateTask(task, { $0.replace("projectId", with: value) }) else { return false }
            if coloured {
                return draft.update("projectColors") { $0.set(colourKey, .string("#00ff00")) }
            }
            return true
        }
    }

    static let all: [MutationOperator] = [
        setProjectId("projectid.null", "null projectId: means no project, even when a colour is keyed \"null\"",
                     value: .jsonNull, colourKey: "null"),
        .edit("projectid.missing", .projectId, "removes the first task's projectId") { draft, input in
            guard let task = input.firstTask(where: { $0["projectId"] != nil }) else { return false }
            return draft.updateTask(task) { $0.remove("projectId") }
        },
        setProjectId("projectid.empty", "projectId is \"\"", value: .string(""), colourKey: ""),
        // The ids are matched by exact text: " p1 " is not p1 (whose colour the fixtures set); a reader
        // that trims it shows p1's colour (a hole a generated text mutant found).
        setProjectId("projectid.padded", "projectId is \" p1 \" (spaces around a coloured project's id)",
                     value: .string(" p1 "), colourKey: " p1 "),
        // … and "P1" is not p1 either: a reader that changes the case of the id shows p1's colour.
        setProjectId("projectid.upper-case", "projectId is \"P1\" (a coloured project's id in upper case)",
                     value: .string("P1"), colourKey: "P1"),
        // An id with a NUL: the C reference keeps a NUL in a key as \u0001\u0001 (jansson cannot hold
        // one) and must look the colour up under the same encoding (holes generated mutants found).
        setProjectId("projectid.nul", "projectId is \"p\\u0000\" (a NUL inside a coloured project's id)",
                     value: .string("p\u{0}"), colourKey: "p\u{0}"),
        // … also when the key is written with whitespace before its ':' (the C pre-pass must still
        // see it as a key to encode; holes generated mutants found).
        .edit("projectid.nul-key-spaced", .projectId,
              "projectId \"p\\u0000\", coloured under a key written with whitespace before its ':'") { draft, input in
            guard let task = input.firstTask(where: { $0["projectId"] != nil }),
                  draft.updateTask(task, { $0.replace("projectId", with: .string("p\u{0}")) }) else { return false }
            return draft.update("projectColors") {
                $0.set("p\u{0}", .string("#00ff00")) && $0.rekey("p\u{0}", to: "\"p\\u0000\" \t\r\n")
            }
        },
        // … and \u0001, which that encoding must tell apart from the NUL's.
        setProjectId("projectid.soh", "projectId is \"p\\u0001\" (U+0001 inside a coloured project's id)",
                     value: .string("p\u{1}"), colourKey: "p\u{1}"),
        setProjectId("projectid.null-text", "projectId is the text \"null\" (a real id)", value: .string("null"),
                     colourKey: "null"),
        setProjectId("projectid.number", "projectId is the number 7 (read as the text \"7\")", value: .integer(7),
                     colourKey: "7"),
        setProjectId("projectid.object", "projectId is an object (read as its org.json text)",
                     value: .text("{\"k\":\"p1\"}"), colourKey: "{\"k\":\"p1\"}"),
        // An array holding a precomposed letter, coloured under its org.json text: the colour is found
        // by the exact code points of that text (holes generated mutants found: a reader that
        // normalises a container's text, NFD, misses it).
        .edit("projectid.array-precomposed", .projectId, "projectId is [\"\u{E9}\"], coloured under the text [\"\u{E9}\"]",
              reach: .fixtureAt(Fixture.canonicalName, instant: "before")) { draft, input in
            guard let task = input.firstTask(where: { $0["projectId"] != nil }),
                  draft.updateTask(task, { $0.replace("projectId", with: .text("[\"\u{E9}\"]")) }) else { return false }
            return draft.update("projectColors") { $0.set("[\"\u{E9}\"]", .string("#00ff00")) }
        },
        // org.json cannot print [1e400] (CONTRACT D6): optString(k, null) is null, so no
        // colour, even beside a colour keyed "" (what optString(k) would have looked up;
        // adequacy mutant k-projectid-optstring). Swift and C refuse the blob.
        setProjectId("projectid.unprintable", "projectId is [1e400], which org.json keeps but cannot print",
                     value: .text("[1e400]"), colourKey: ""),
    ]
}

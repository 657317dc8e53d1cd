/// The stamp (`dayStr`, `validUntil`): each field must degrade to null on its own, never
/// to a plausible default, and `validUntil` is read as org.json's `optLong` reads it.
/// Runs on every fixture: the verdict depends on the fixture's own boundary and zone.
enum MetaMutations {
    /// Text derived from the fixture's own `validUntil`.
    private typealias Derived = @Sendable (Int64) -> String

    private static let stringForms: [(String, Derived)] = [
        ("exact", { "\($0)" }),
        ("padded", { " \($0) " }),
        ("exponent", { TextEdit.exponentForm($0) }),
        ("word", { _ in "soon" }),
    ]

    private static let fractions: [(String, Derived)] = [
        ("minus-tenth", { "\($0 &- 1).9" }),  // wrapping: fuzz chains can reach Int64.min
        ("plus-half", { "\($0).5" }),
    ]

    private static func setValidUntil(_ id: String, _ summary: String, _ value: BlobDraft) -> MutationOperator {
        .edit(id, .meta, summary, reach: .everyFixture) { draft, _ in draft.replace("validUntil", with: value) }
    }

    private static func setDayStr(_ id: String, _ summary: String, _ value: BlobDraft) -> MutationOperator {
        .edit(id, .meta, summary, reach: .everyFixture) { draft, _ in draft.replace("dayStr", with: value) }
    }

    static let all: [MutationOperator] = [
        .edit("meta.missing-daystr", .meta, "removes `dayStr`", reach: .everyFixture) { draft, _ in
            draft.remove("dayStr")
        },
        .edit("meta.missing-validuntil", .meta, "removes `validUntil`", reach: .everyFixture) { draft, _ in
            draft.remove("validUntil")
        },
        .edit("meta.missing-both", .meta, "missing meta: removes `dayStr` and `validUntil`", reach: .everyFixture) {
            draft, _ in draft.remove("dayStr") && draft.remove("validUntil")
        },
        setDayStr("meta.daystr-null", "`dayStr` is JSON null", .jsonNull),
        setDayStr("meta.daystr-number", "`dayStr` is the number 20260717", .integer(20_260_717)),
        setValidUntil("meta.validuntil-null", "`validUntil` is JSON null", .jsonNull),
        setValidUntil("meta.validuntil-zero", "`validUntil` is 0 (1970, never a real stamp)", .integer(0)),
        setValidUntil("meta.validuntil-negative", "`validUntil` is -1", .integer(-1)),
        setValidUntil("meta.validuntil-bool", "`validUntil` is true", .bool(true)),
        .edit("meta.validuntil-string", .meta, "`validUntil` as a string (optLong parses it with Double.parseDouble)",
              reach: .everyFixture, stringForms) { draft, input, text in
            guard let validUntil = input.validUntil else { return false }
            return draft.replace("validUntil", with: .string(text(validUntil)))
        },
        // Java's word for infinity read as (long): Long.MAX_VALUE, a stamp that never goes stale.
        .edit("meta.validuntil-infinity", .meta, "`validUntil` is the string \"Infinity\" (Java's (long) saturates to Long.MAX_VALUE)") {
            draft, _ in draft.replace("validUntil", with: .string("Infinity"))
        },
        .edit("meta.validuntil-fraction", .meta, "`validUntil` with a fraction (Java's (long) truncates toward zero)",
              reach: .everyFixture, fractions) { draft, input, text in
            guard let validUntil = input.validUntil else { return false }
            return draft.replace("validUntil", with: .text(text(validUntil)))
        },
        setValidUntil("meta.validuntil-beyond-int64", "`validUntil` is 9223372036854775808 (a double; (long) saturates)",
                      .text("9223372036854775808")),
    ]
}

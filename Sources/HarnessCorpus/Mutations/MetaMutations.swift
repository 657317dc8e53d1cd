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

    /// One rule of Java's Double.parseDouble grammar each (CONTRACT §3), on the fixture's own
    /// `validUntil` V where a number is kept: what optLong reads is the view's meta.validUntil
    /// (null for a text that is not a number, or for one read as 0 or less). Holes generated
    /// mutants of the C reference's grammar found: the trim's bound (0x20 trimmed, `!` not), a
    /// sign, Infinity's exact spelling, a hex float's upper-case X and P, its letter digits (a, A,
    /// f, F; `!` is none), its fraction and its
    /// required exponent, a decimal fraction, an exponent's sign and digits, each type suffix,
    /// text after a suffix, and NaN (Java's (long) of NaN is 0).
    private static let javaGrammar: [(String, Derived)] = [
        ("leading-bang", { "!\($0)" }),
        ("trailing-bang", { "\($0)!" }),
        ("control-padded", { "\u{1}\($0)\u{1F}" }),
        ("plus", { "+\($0)" }),
        ("minus", { "-\($0)" }),
        ("infinity-padded", { _ in "Infinity " }),
        ("infinity-misspelt", { _ in "Infinitx" }),
        ("plus-infinity", { _ in "+Infinity" }),
        ("minus-infinity", { _ in "-Infinity" }),
        ("nan", { _ in "NaN" }),
        ("hex-upper", { _ in "0X1P0" }),
        ("hex-fraction", { _ in "0x1.8p1" }),
        ("hex-letter-fraction", { _ in "0x1.ap0" }),
        ("hex-without-exponent", { _ in "0x1" }),
        ("hex-digit-letters", { _ in "0xaAfFp0" }),
        ("hex-bang", { _ in "0x1!p0" }),
        ("fraction", { "\($0).5" }),
        ("fraction-then-letters", { "\($0).5ab" }),
        ("letters", { "\($0)ab" }),
        ("leading-dot-exponent", { _ in ".5e13" }),
        ("exponent-signed", { TextEdit.exponentForm($0, marker: "E+") }),
        ("exponent-without-digits", { "\($0)e" }),
        ("suffix-upper-d", { "\($0)D" }),
        ("suffix-f", { "\($0)f" }),
        ("suffix-upper-f", { "\($0)F" }),
        ("not-a-suffix", { "\($0)x" }),
        ("two-suffixes", { "\($0)dd" }),
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
        .edit("meta.validuntil-java-grammar", .meta, "`validUntil` as a string testing one rule of Java's Double.parseDouble",
              reach: .canonicalFixture, javaGrammar) { draft, input, text in
            guard let validUntil = input.validUntil else { return false }
            return draft.replace("validUntil", with: .string(text(validUntil)))
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

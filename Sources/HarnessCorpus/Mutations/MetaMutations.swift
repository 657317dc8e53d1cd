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
        // Rules of Java's Double.parseDouble grammar, each where optLong shows the number it reads
        // (holes generated mutants found): hex digits that are letters in either case, 0X, P, a
        // hex fraction, an exponent's sign, a leading + or dot, a type suffix, NaN (0), the
        // infinities and a value below Long.MIN_VALUE (saturated).
        .edit("meta.validuntil-java-grammar", .meta, "`validUntil` is a string that tests one rule of Java's Double.parseDouble grammar",
              reach: .fixtureAt(Fixture.canonicalName, instant: "before"), [
                ("hex-upper-letters", "0xA.FP4"), ("hex-lower-letters", "0xa.fp4"), ("hex-upper-x", "0XAp0"),
                ("hex-minus-exponent", "0x8p-2"), ("hex-plus-exponent", "0x1p+4"), ("hex-fraction", "0x1.8p1"),
                ("hex-without-p", "0x10"), ("plus-sign", "+5"), ("plus-infinity", "+Infinity"), ("minus-infinity", "-Infinity"),
                ("leading-dot", ".5e4"), ("exponent-plus", "2e+3"), ("suffix-f", "7f"), ("zero", "0"), ("nan", "NaN"),
                ("below-long-min", "-1e19"),
              ]) { draft, _, text in draft.replace("validUntil", with: .string(text)) },
        .edit("meta.validuntil-fraction", .meta, "`validUntil` with a fraction (Java's (long) truncates toward zero)",
              reach: .everyFixture, fractions) { draft, input, text in
            guard let validUntil = input.validUntil else { return false }
            return draft.replace("validUntil", with: .text(text(validUntil)))
        },
        setValidUntil("meta.validuntil-beyond-int64", "`validUntil` is 9223372036854775808 (a double; (long) saturates)",
                      .text("9223372036854775808")),
    ]
}

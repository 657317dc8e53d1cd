/// The version gate `v`: every value but 1 (as org.json's `optInt("v", -1)` reads it)
/// means "not for me". Some spellings of 1 (`1.0`, `"1"`, `4294967297`) still read as 1.
enum VersionMutations {
    private static func setV(_ id: String, _ summary: String, _ value: BlobDraft) -> MutationOperator {
        .edit(id, .version, summary) { draft, _ in draft.replace("v", with: value) }
    }

    static let all: [MutationOperator] = [
        .edit("version.missing", .version, "removes `v`") { draft, _ in draft.remove("v") },
        setV("version.null", "`v` is JSON null", .jsonNull),
        setV("version.zero", "`v` is 0", .integer(0)),
        setV("version.two", "`v` is 2 (a future format)", .integer(2)),
        setV("version.minus-one", "`v` is -1 (optInt's fallback value)", .integer(-1)),
        setV("version.string-one", "`v` is the string \"1\"", .string("1")),
        setV("version.float-one", "`v` is the literal 1.0", .text("1.0")),
        setV("version.fraction", "`v` is the literal 1.5 (Java's (int) truncates it to 1)", .text("1.5")),
        setV("version.bool-true", "`v` is true", .bool(true)),
        .edit("version.huge", .version, "`v` is an integer beyond int32 or int64 (Java's intValue wraps, (int) saturates)", [
            ("2pow31", "2147483648"),
            ("2pow32-plus-1", "4294967297"),
            ("int64-max", "9223372036854775807"),
            ("beyond-int64", "18446744073709551617"),
        ]) { draft, _, literal in draft.replace("v", with: .text(literal)) },
        .edit("version.string-forms", .version, "`v` is a string that Java's Double.parseDouble may or may not read as 1", [
            ("float", "1.0"),
            ("padded", " 1 "),
            ("exponent", "1e0"),
            ("suffix-d", "1d"),
            ("hex-float", "0x1p0"),
            ("word", "one"),
            ("empty", ""),
        ]) { draft, _, text in draft.replace("v", with: .string(text)) },
        // Spots of Java's grammar a parser can slip on (holes generated mutants found): the sign, an
        // exponent's own sign, a hex digit that is a letter (0xa × 2^-3 = 1.25, read as 1), an
        // exponent without digits.
        .edit("version.java-grammar", .version, "`v` is a string that tests one rule of Java's Double.parseDouble grammar", [
            ("minus-one", "-1"),
            ("signed-exponent", "1e+0"),
            ("hex-letter-digit", "0xap-3"),
            ("exponent-without-digits", "1e"),
        ]) { draft, _, text in draft.replace("v", with: .string(text)) },
        .edit("version.container", .version, "`v` is an object or an array holding 1", [
            ("object", "{\"v\":1}"),
            ("array", "[1]"),
        ]) { draft, _, literal in draft.replace("v", with: .text(literal)) },
        .edit("version.near-one", .version, "`v` is a double literal near 1 (Java's (int) truncates each to 1)", [
            ("rounds-to-one", "0.99999999999999999"),
            ("next-after-one", "1.0000000000000002"),
            ("one-point-nine", "1.9"),
        ]) { draft, _, literal in draft.replace("v", with: .text(literal)) },
    ]
}

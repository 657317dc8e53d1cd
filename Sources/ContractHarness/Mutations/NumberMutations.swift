/// Number literals written as exact text: overflow to infinity (not JSON), `-0`, integers
/// at and beyond int64, exponent forms, underflow, and literals JSON does not allow.
enum NumberMutations {
    /// Where a literal goes: replacing `v` or `validUntil`, or appended as an unknown field.
    private enum Spot: Sendable {
        case version, validUntil, ignoredField

        func put(_ literal: String, into draft: inout BlobDraft) -> Bool {
            switch self {
            case .version: return draft.replace("v", with: .text(literal))
            case .validUntil: return draft.replace("validUntil", with: .text(literal))
            case .ignoredField: return draft.append("extra", .text(literal))
            }
        }
    }

    private static func literals(_ id: String, _ summary: String, _ table: [(String, (Spot, String))]) -> MutationOperator {
        .edit(id, .numbers, summary, table) { draft, _, entry in entry.0.put(entry.1, into: &draft) }
    }

    static let all: [MutationOperator] = [
        literals("numbers.overflow", "a literal whose double is infinite (not a JSON value)", [
            ("validuntil", (.validUntil, "1e400")),
            ("version", (.version, "1e400")),
            ("negative", (.validUntil, "-1e400")),
            ("ignored-field", (.ignoredField, "1e400")),
            ("long-integer", (.ignoredField, "1" + String(repeating: "0", count: 400))),
        ]),
        literals("numbers.negative-zero", "-0 and -0.0", [
            ("version", (.version, "-0")),
            ("validuntil", (.validUntil, "-0")),
            ("validuntil-double", (.validUntil, "-0.0")),
        ]),
        literals("numbers.big-int", "integers at the int64 limits and beyond", [
            ("int64-max", (.validUntil, "9223372036854775807")),
            ("int64-min", (.validUntil, "-9223372036854775808")),
            ("ignored-field", (.ignoredField, "123456789012345678901234567890")),
        ]),
        .edit("numbers.exponent", .numbers, "validUntil in exponent or trailing-zero form (the same value)", [
            ("lower", "e"),
            ("upper-plus", "E+"),
            ("trailing-zeros", ""),
        ]) { draft, input, marker in
            guard let validUntil = input.validUntil else { return false }
            let literal = marker.isEmpty ? "\(validUntil).000" : TextEdit.exponentForm(validUntil, marker: marker)
            return draft.replace("validUntil", with: .text(literal))
        },
        literals("numbers.underflow", "validUntil is 1e-400 (underflows to 0)", [
            ("validuntil", (.validUntil, "1e-400")),
        ]),
        literals("numbers.invalid-literal", "v as a number literal RFC 8259 forbids", [
            ("leading-zero", (.version, "01")),
            ("plus", (.version, "+1")),
            ("hex", (.version, "0x1")),
            ("nan", (.version, "NaN")),
            ("infinity", (.version, "Infinity")),
            ("trailing-dot", (.version, "1.")),
            ("leading-dot", (.version, ".1")),
        ]),
    ]
}

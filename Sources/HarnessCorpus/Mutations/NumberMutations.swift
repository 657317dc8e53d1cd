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

    /// Where `[1e400]` goes: a value org.json keeps inside an array (D6) but cannot print,
    /// so `optString` falls back and `getString` throws; Swift and C refuse the blob.
    private enum ArraySpot: Sendable {
        case ignoredField, projectId, colour, title

        func put(_ literal: String, into draft: inout BlobDraft, _ input: MutationOperator.Input) -> Bool {
            switch self {
            case .ignoredField:
                return draft.append("extra", .text(literal))
            case .projectId:
                guard let task = input.firstTask(where: { $0["projectId"] != nil }) else { return false }
                return draft.updateTask(task) { $0.replace("projectId", with: .text(literal)) }
            case .colour:
                guard let task = input.tasks.first(where: { $0.task["projectId"]?.stringValue != nil }),
                      let key = task.task["projectId"]?.stringValue,
                      input.blob["projectColors"]?.objectValue?[key] != nil else { return false }
                return draft.update("projectColors") { $0.replace(String(decoding: key.utf8, as: UTF8.self), with: .text(literal)) }
            case .title:
                guard let task = input.tasks.first?.index else { return false }
                return draft.updateTask(task) { $0.replace("title", with: .text(literal)) }
            }
        }
    }

    /// Sets the first task's `id` and `title` to one number literal, read as Java's
    /// `Double.toString` text (subnormals print two digits: `5e-324` is `4.9E-324`).
    private static func asText(_ id: String, _ summary: String, _ table: [(String, String)]) -> MutationOperator {
        .edit(id, .numbers, summary, table) { draft, input, literal in
            guard let task = input.tasks.first?.index else { return false }
            return draft.updateTask(task) {
                $0.replace("id", with: .text(literal)) && $0.replace("title", with: .text(literal))
            }
        }
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
            // a negative one, and a fraction whose digits after the dot would be one beyond int64
            // (holes generated mutants of the C pre-pass found)
            ("ignored-field-negative", (.ignoredField, "-123456789012345678901234567890")),
            ("ignored-fraction-long-digits", (.ignoredField, "0.12345678901234567890123")),
        ]),
        // An escaped quote in the first task's title, then an integer beyond int64 at the end: a
        // string's end found past the escape (the pre-pass must still reach the integer).
        .edit("numbers.big-int-after-escaped-quote", .numbers,
              "the first title holds an escaped quote; an integer beyond int64 comes after it") { draft, input in
            guard let task = input.tasks.first?.index else { return false }
            return draft.updateTask(task) { $0.replace("title", with: .text(#""say \"hi\"""#)) }
                && draft.append("extra", .text("123456789012345678901234567890"))
        },
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
        .edit("numbers.overflow-in-array", .numbers, "[1e400] as a value org.json keeps (D6) but cannot print", [
            ("ignored-field", ArraySpot.ignoredField),
            ("projectid", .projectId),
            ("colour", .colour),
            ("title", .title),
        ]) { draft, input, spot in spot.put("[1e400]", into: &draft, input) },
        asText("numbers.double-text", "the first task's id and title are a subnormal or boundary double", [
            ("min-subnormal", "5e-324"),
            ("two-min-subnormal", "1e-323"),
            ("ten-min-subnormal", "5e-323"),
            ("twelve-min-subnormal", "6e-323"),
            ("max-subnormal", "2.225073858507201e-308"),
            ("min-normal", "2.2250738585072014e-308"),
            ("max-double", "1.7976931348623157e308"),
            ("below-plain", "9.999999999999998e-4"),
            ("plain-low-edge", "0.001"),
            ("below-exponent", "9999999.999999998"),
            ("exponent-edge", "1e7"),
            ("beyond-2pow53", "9007199254740993.0"),
            // a negative one-digit double (Java keeps the sign of the two-digit form) and 1.0
            // (a double equal to a whole number is still printed with its ".0")
            ("negative-min-subnormal", "-5e-324"),
            ("one", "1.0"),
            // powers of two whose shortest digits are the upper neighbour of the nearest rounding
            // (2^-24, 2^89), a whole double with zeros after its digits, and the zeros
            ("two-pow-minus-24", "5.9604644775390625e-8"), ("two-pow-89", "6.18970019642690137449562112e26"),
            ("twelve-hundred", "1200.0"), ("zero", "0.0"), ("negative-zero", "-0.0"),
        ]),
        literals("numbers.big-validuntil", "validUntil above 2^53 (a long keeps it; a double or a string rounds it)", [
            ("2pow53-plus-1", (.validUntil, "9007199254740993")),
            ("2pow53-plus-1-double", (.validUntil, "9007199254740993.0")),
            ("2pow53-plus-1-string", (.validUntil, "\"9007199254740993\"")),
            ("1e16-exponent", (.validUntil, "1e16")),
        ]),
    ]
}

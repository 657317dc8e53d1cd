import WidgetSnapshot

/// Text that is not RFC 8259 JSON (Swift and C must reject it; Android's org.json accepts
/// much of it: CONTRACT.md §5 D2), plus whitespace that is JSON and must change nothing.
enum SyntaxMutations {
    static let all: [MutationOperator] = [
        .bytes("syntax.trailing-garbage", .syntax, "something after the top-level object", [
            ("text", Array("x".utf8)),
            ("second-object", Array("{}".utf8)),
            ("comma", Array(",".utf8)),
            ("nul-byte", [0x00]),
        ]) { text, tail in text + tail },
        .bytes("syntax.whitespace", .syntax, "RFC 8259 whitespace around the object, or after a string holding an escape (valid JSON)", [
            ("leading", "leading"),
            ("trailing", "trailing"),
            // C's pre-pass looks past the whitespace after an escaped string for a `:`.
            ("after-escaped-string", "after-escaped-string"),
        ]) { text, place in
            let space = Array(" \t\r\n".utf8)
            switch place {
            case "leading": return space + text
            case "trailing": return text + space
            default:
                guard text.first == UInt8(ascii: "{") else { return nil }
                return Array(#"{"note":"say \"hi\"""#.utf8) + space + Array(",".utf8) + text.dropFirst()
            }
        },
        .edit("syntax.trailing-comma", .syntax, "a comma before a closing bracket", [
            ("object", ""),
            ("array", "tasks"),
            ("nested-object", "projectColors"),
        ]) { draft, _, key in
            func withComma(_ part: BlobDraft) -> BlobDraft? {
                var bytes = part.render()
                guard bytes.count > 2 else { return nil }
                bytes.insert(UInt8(ascii: ","), at: bytes.count - 1)
                return .raw(bytes)
            }
            if key.isEmpty {
                guard let patched = withComma(draft) else { return false }
                draft = patched
                return true
            }
            return draft.update(key) { part in
                guard let patched = withComma(part) else { return false }
                part = patched
                return true
            }
        },
        .bytes("syntax.comment", .syntax, "a comment after the opening brace", [
            ("line", "// written by the app\n"),
            ("block", "/* written by the app */"),
            ("hash", "# written by the app\n"),
        ]) { text, comment in
            guard text.first == UInt8(ascii: "{") else { return nil }
            return [UInt8(ascii: "{")] + Array(comment.utf8) + text.dropFirst()
        },
        .edit("syntax.single-quotes", .syntax, "single quotes around a key or a string value", [
            ("key", true),
            ("value", false),
        ]) { draft, input, onKey in
            if onKey { return draft.rekey("v", to: "'v'") }
            guard let day = input.blob["dayStr"]?.stringValue else { return false }
            return draft.replace("dayStr", with: .text("'\(day.string)'"))
        },
        .edit("syntax.unquoted-key", .syntax, "the key v without quotes") { draft, _ in draft.rekey("v", to: "v") },
        // A byte before a member name's opening quote (x"v"): not JSON; a scanner that skips the byte
        // where a quote must be reads the name v (holes generated mutants found).
        .edit("syntax.byte-before-key", .syntax, "the key v written x\"v\" (a byte before its opening quote)",
              reach: .fixtureAt(Fixture.canonicalName, instant: "before")) { draft, _ in draft.rekey("v", to: "x\"v\"") },
        .bytes("syntax.bom", .syntax, "a UTF-8 byte-order mark (EF BB BF) before the object") { text in
            [0xEF, 0xBB, 0xBF] + text
        },
        .bytes("syntax.truncated", .syntax, "the text cut short", [
            ("half", "half"),
            ("last-byte", "last-byte"),
            ("empty", "empty"),
            ("inside-string", "inside-string"),
            // Eight bytes into dayStr's value: the scanner's eight-at-a-time skip reaches the end.
            ("inside-string-8", "inside-string-8"),
            // The last string ends in an escaped quote, so it never closes (C's pre-pass steps
            // past the end over the escape).
            ("after-escaped-quote", "after-escaped-quote"),
        ]) { text, cut in
            switch cut {
            case "half": return Array(text.prefix(text.count / 2))
            case "last-byte": return Array(text.dropLast())
            case "empty": return []
            default:
                let key = Array("\"dayStr\":\"".utf8)
                guard let at = TextEdit.firstIndex(of: key, in: text) else { return nil }
                switch cut {
                case "inside-string-8": return Array(text.prefix(at + key.count + 8))
                case "after-escaped-quote": return Array(text.prefix(at + key.count + 4)) + Array("\\\"".utf8)
                default: return Array(text.prefix(at + 12))
                }
            }
        },
        .bytes("syntax.not-object", .syntax, "a top-level value that is not an object", [
            ("array", "array"),
            ("null", "null"),
            ("string", "string"),
            ("number", "number"),
        ]) { text, kind in
            switch kind {
            case "array": return Array("[".utf8) + text + Array("]".utf8)
            case "null": return Array("null".utf8)
            case "number": return Array("1".utf8)
            default:
                var out: [UInt8] = []
                JSONWriter.appendString(text, to: &out)
                return out
            }
        },
        .bytes("syntax.separators", .syntax, "org.json's other separators: = and => for :, ; for ,", [
            ("equals", ("\"v\":1,", "\"v\"=1,")),
            ("arrow", ("\"v\":1,", "\"v\"=>1,")),
            ("semicolon", ("\"v\":1,", "\"v\":1;")),
        ]) { text, swap in TextEdit.replacingFirst(swap.0, with: swap.1, in: text) },
        // A raw NUL where jansson's stream reader once stepped over it (fuzz finding
        // golden/findings/20261129-35006.json): never JSON, so every reader must refuse it.
        .bytes("syntax.raw-nul", .syntax, "a raw NUL byte right after a scalar inside the object (not JSON)", [
            ("after-number", "number"),
            ("after-literal", "literal"),
        ]) { text, after in
            let end: Int?
            if after == "number" {
                end = text.indices.dropLast().first { text[$0] >= UInt8(ascii: "0") && text[$0] <= UInt8(ascii: "9") && text[$0 + 1] == UInt8(ascii: ",") }
            } else {
                let word = Array("false".utf8)
                end = text.indices.first { text[$0...].starts(with: word) }.map { $0 + word.count - 1 }
            }
            guard let end else { return nil }
            return Array(text[...end]) + [0x00] + Array(text[(end + 1)...])
        },
        // RFC 8259 whitespace is space, tab, LF and CR only: a form feed (or a vertical tab)
        // between tokens is not JSON (adequacy mutant s-whitespace-ff).
        .bytes("syntax.non-json-whitespace", .syntax, "a control byte RFC 8259 does not call whitespace after the opening brace", [
            ("form-feed", UInt8(0x0C)),
            ("vertical-tab", UInt8(0x0B)),
        ]) { text, byte in
            guard text.first == UInt8(ascii: "{") else { return nil }
            return [UInt8(ascii: "{"), byte] + text.dropFirst()
        },
        // A container closed by the other bracket, and a misspelt literal: not JSON, the parse fails
        // (holes generated mutants found: a scanner that takes any closer, or checks only a
        // literal's first letter, reads them).
        .edit("syntax.wrong-closer", .syntax, "v is an array closed by } or an object closed by ] (not JSON)", [
            ("array", "[1}"), ("object", "{\"a\":1]"),
        ]) { draft, _, literal in draft.replace("v", with: .text(literal)) },
        .edit("syntax.bad-literal", .syntax, "v is a misspelt literal (not JSON; org.json reads the word as a string)", [
            ("true", "tru3"), ("null", "nul1"),
        ]) { draft, _, literal in draft.replace("v", with: .text(literal)) },
        // A backslash before a non-ASCII character, and a \u escape cut by one: not JSON (Android's
        // org.json reads the character, D2). jansson's error text quotes the token up to the
        // character's first byte only (`invalid escape near '"\<C3>'`), so the C reference's view
        // writer meets a truncated UTF-8 sequence there (holes generated mutants found in view_json.c).
        .edit("syntax.escaped-non-ascii", .syntax, "v is a string whose escape is cut by a non-ASCII character (not JSON)",
              reach: .fixtureAt(Fixture.canonicalName, instant: "before"), [
            ("two-byte", "\"\\\u{E9}\""), ("three-byte", "\"\\\u{20AC}\""), ("four-byte", "\"\\\u{1F600}\""),
            ("in-u-escape", "\"\\u12\u{1F600}\""),
        ]) { draft, _, literal in draft.replace("v", with: .text(literal)) },
    ]
}

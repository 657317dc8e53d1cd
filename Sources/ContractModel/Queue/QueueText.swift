import WidgetSnapshot

/// How the queue's lines carry texts that may hold a lone UTF-16 surrogate (a task id the
/// widget read from a blob, CONTRACT.md §10.5). The harness holds such a text as a
/// `JSONString` whose lone surrogate is the six characters of its escape (`\ud800`), as
/// `JSONParser(loneSurrogates: .keepAsEscapeText)` reads it, so that it stays unequal to
/// U+FFFD; on a line it is written back as the escape itself. (A text that literally holds a
/// backslash, `u` and a surrogate's hex digits reads the same: the queue cases make none.)
package enum QueueText {
    /// The parser for every line of the queue protocols.
    package static let parser = JSONParser(loneSurrogates: .keepAsEscapeText)

    /// A JSON string literal of `text`, its escape texts written as escapes.
    package static func append(_ text: JSONString, to out: inout [UInt8]) {
        let start = out.count
        JSONWriter.appendString(text.utf8, to: &out)
        guard text.utf8.contains(UInt8(ascii: "\\")) else { return }
        // JSONWriter wrote the escape text's backslash as `\\`: make each `\\udXXX` whose
        // hex names a surrogate one `\udXXX` again, walking escape pairs from the start.
        var fixed: [UInt8] = []
        fixed.reserveCapacity(out.count - start)
        var index = start
        while index < out.count {
            let byte = out[index]
            if byte == UInt8(ascii: "\\"), index + 1 < out.count {
                if out[index + 1] == UInt8(ascii: "\\"), isSurrogateEscape(out, at: index + 2) {
                    fixed.append(byte)
                    index += 2
                    continue
                }
                fixed.append(byte)
                fixed.append(out[index + 1])
                index += 2
                continue
            }
            fixed.append(byte)
            index += 1
        }
        out.replaceSubrange(start..., with: fixed)
    }

    /// A compact JSON object of `members` in order (a key may repeat), each key written as
    /// `append` writes a text: what a Kotlin or JavaScript end writes for ids that hold lone surrogates.
    package static func object(_ members: [(JSONString, JSONValue)]) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "{")]
        for (position, member) in members.enumerated() {
            if position > 0 { out.append(UInt8(ascii: ",")) }
            append(member.0, to: &out)
            out.append(UInt8(ascii: ":"))
            if case .string(let text) = member.1 { append(text, to: &out) } else { JSONWriter.append(member.1, to: &out) }
        }
        out.append(UInt8(ascii: "}"))
        return out
    }

    /// A compact JSON array of texts, each written as `append` writes it.
    package static func array(_ texts: [JSONString]) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "[")]
        for (position, text) in texts.enumerated() {
            if position > 0 { out.append(UInt8(ascii: ",")) }
            append(text, to: &out)
        }
        out.append(UInt8(ascii: "]"))
        return out
    }

    /// A text from Swift (`String` never holds a lone surrogate).
    package static func append(_ text: String, to out: inout [UInt8]) {
        append(JSONString(text), to: &out)
    }

    /// Whether `text` holds a lone surrogate (as its escape text).
    package static func hasLoneSurrogate(_ text: JSONString) -> Bool {
        let bytes = text.utf8
        guard bytes.contains(UInt8(ascii: "\\")) else { return false }
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\\") && isSurrogateEscape(bytes, at: index + 1) {
            return true
        }
        return false
    }

    /// `text` as a Swift string reads it: each lone surrogate U+FFFD (what an iOS widget holds).
    package static func asSwiftReadsIt(_ text: JSONString) -> JSONString {
        guard hasLoneSurrogate(text) else { return text }
        var out: [UInt8] = []
        let bytes = text.utf8
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\"), isSurrogateEscape(bytes, at: index + 1) {
                out += [0xEF, 0xBF, 0xBD]
                index += 6
                continue
            }
            out.append(bytes[index])
            index += 1
        }
        return JSONString(utf8: out)
    }

    /// `u`, `d`, one of `8`…`f`, two hex digits at `index`: a surrogate's escape after its backslash.
    private static func isSurrogateEscape(_ bytes: [UInt8], at index: Int) -> Bool {
        guard index + 4 < bytes.count, bytes[index] == UInt8(ascii: "u"), bytes[index + 1] == UInt8(ascii: "d") || bytes[index + 1] == UInt8(ascii: "D") else {
            return false
        }
        let third = bytes[index + 2] | 0x20
        guard (UInt8(ascii: "8")...UInt8(ascii: "9")).contains(third) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(third) else { return false }
        return isHex(bytes[index + 3]) && isHex(bytes[index + 4])
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
    }
}

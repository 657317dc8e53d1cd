/// The two compact JSON spellings the contract meets: the writer's `JSON.stringify`
/// (also the canonical view form) and org.json's `toString()`, which a lenient accessor
/// returns as the text of a container. They differ only in `/` and in how doubles print.
package struct JSONDialect: Sendable {
    /// org.json writes `/` as `\/`.
    package var escapesSolidus: Bool
    package var doubleText: @Sendable (Double) -> String

    /// `JSON.stringify`: doubles as JavaScript's `Number#toString`.
    package static let javaScript = JSONDialect(escapesSolidus: false, doubleText: { DecimalDigits($0).javaScriptText })

    /// `JSON.stringify`'s text with each double as Java's `Double.toString` (`42.0`, `1.0E7`):
    /// always a fraction or an exponent, so a double stays a double when read back and a reader
    /// that takes it as text (`String.valueOf`) reads what it read before. The tap queue's round
    /// trip rewrites blobs with it.
    package static let javaDoubles = JSONDialect(escapesSolidus: false, doubleText: { DecimalDigits($0).javaText })
}

/// Writes JSON text the way the contract's canonical outputs need it: compact, keys in
/// the order given, strings escaped as CONTRACT.md §6 says (which is also what
/// JavaScript's `JSON.stringify` does for well-formed strings).
package enum JSONWriter {
    /// Compact text of a value; doubles are written as JavaScript's `Number#toString` would.
    package static func compact(_ value: JSONValue, dialect: JSONDialect = .javaScript) -> [UInt8] {
        var out: [UInt8] = []
        append(value, to: &out, dialect: dialect)
        return out
    }

    package static func compactString(_ value: JSONValue) -> String {
        String(decoding: compact(value), as: UTF8.self)
    }

    package static func append(_ value: JSONValue, to out: inout [UInt8], dialect: JSONDialect = .javaScript) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
        case .integer(let number): appendInteger(number, to: &out)
        case .double(let number): out.append(contentsOf: dialect.doubleText(number).utf8)
        case .string(let string): appendString(string.utf8, to: &out, escapingSolidus: dialect.escapesSolidus)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                append(element, to: &out, dialect: dialect)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let object):
            out.append(UInt8(ascii: "{"))
            for (position, member) in object.members.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                appendString(member.key.utf8, to: &out, escapingSolidus: dialect.escapesSolidus)
                out.append(UInt8(ascii: ":"))
                append(member.value, to: &out, dialect: dialect)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    package static func appendInteger(_ number: Int64, to out: inout [UInt8]) {
        out.append(contentsOf: String(number).utf8)
    }

    /// A quoted string: `"` and `\` escaped, controls below U+0020 as `\b \t \n \f \r` or
    /// `\u00xx` (lower-case hex), everything else as raw UTF-8 (and `/` as `\/` for org.json).
    package static func appendString(_ utf8: [UInt8], to out: inout [UInt8], escapingSolidus: Bool = false) {
        out.append(UInt8(ascii: "\""))
        // Bytes written as they are go in runs, one copy each, found eight at a time where
        // no byte needs a look (a 100 KB title byte by byte was a tenth of a fuzz case's
        // generation); the bytes written are the same either way.
        utf8.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let raw = UnsafeRawPointer(base)
            let count = buffer.count
            var position = 0
            var runStart = 0
            while position < count {
                if !escapingSolidus {
                    position = JSONScanner.skipBytesNeedingNoLook(raw, from: position, count: count)
                    guard position < count else { break }
                }
                let byte = buffer[position]
                position += 1
                if byte >= 0x20, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte != UInt8(ascii: "/") || !escapingSolidus {
                    continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[runStart..<(position - 1)]))
                runStart = position
                out.append(UInt8(ascii: "\\"))
                switch byte {
                case 0x08: out.append(UInt8(ascii: "b"))
                case 0x09: out.append(UInt8(ascii: "t"))
                case 0x0A: out.append(UInt8(ascii: "n"))
                case 0x0C: out.append(UInt8(ascii: "f"))
                case 0x0D: out.append(UInt8(ascii: "r"))
                case 0..<0x20:
                    out.append(contentsOf: "u00".utf8)
                    out.append(hexDigit(byte >> 4))
                    out.append(hexDigit(byte & 0xF))
                default: out.append(byte) // `"`, `\`, `/`
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[runStart..<count]))
        }
        out.append(UInt8(ascii: "\""))
    }

    static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}

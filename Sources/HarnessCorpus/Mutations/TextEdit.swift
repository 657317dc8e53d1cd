import WidgetSnapshot

/// Byte-level helpers for operators that rewrite text.
enum TextEdit {
    /// `bytes` with the first occurrence of `pattern` replaced, or nil when absent.
    static func replacingFirst(_ pattern: String, with replacement: String, in bytes: [UInt8]) -> [UInt8]? {
        let needle = Array(pattern.utf8)
        guard let at = firstIndex(of: needle, in: bytes) else { return nil }
        var out = Array(bytes[..<at])
        out.append(contentsOf: replacement.utf8)
        out.append(contentsOf: bytes[(at + needle.count)...])
        return out
    }

    static func firstIndex(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard !needle.isEmpty, needle.count <= bytes.count else { return nil }
        for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] {
            if bytes[start..<(start + needle.count)].elementsEqual(needle) { return start }
        }
        return nil
    }

    /// A JSON string literal's text: `"` + the JSON-escaped `prefix` + `inserted` bytes
    /// verbatim + `"`. For putting escapes or invalid bytes inside a string.
    static func stringLiteral(_ prefix: JSONString, inserting inserted: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        JSONWriter.appendString(prefix.utf8, to: &out)
        out.removeLast()
        out.append(contentsOf: inserted)
        out.append(UInt8(ascii: "\""))
        return out
    }

    /// `1784325600000` → `1.7843256E12` (Java's `Double.toString` shape); `marker` is
    /// the text between mantissa and exponent (`E`, `e`, `E+`).
    static func exponentForm(_ number: Int64, marker: String = "E") -> String {
        let digits = Array(String(number.magnitude))
        var fraction = digits.dropFirst()
        while fraction.last == "0" { fraction.removeLast() }
        let sign = number < 0 ? "-" : ""
        return "\(sign)\(digits[0]).\(fraction.isEmpty ? "0" : String(fraction))\(marker)\(digits.count - 1)"
    }
}

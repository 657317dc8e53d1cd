/// Java's `Double.parseDouble`, which org.json applies to strings it coerces to numbers
/// (`optInt("v")` of `"1"`, `optLong("validUntil")` of `"1784325600000"`).
/// The grammar is Java's, not Swift's: `" 1 "`, `"1f"`, `"0x1p0"`, `"Infinity"` are numbers,
/// `"inf"`, `"1_0"`, `""` are not. See CONTRACT.md §3.
enum JavaDoubleGrammar {
    static func parse(_ bytes: [UInt8]) -> Double? {
        // String.trim(): drop every code unit <= U+0020 at both ends.
        var start = 0
        var end = bytes.count
        while start < end && bytes[start] <= 0x20 { start += 1 }
        while end > start && bytes[end - 1] <= 0x20 { end -= 1 }
        guard start < end else { return nil }
        var text = Array(bytes[start..<end])

        var negative = false
        if text[0] == UInt8(ascii: "+") || text[0] == UInt8(ascii: "-") {
            negative = text[0] == UInt8(ascii: "-")
            text.removeFirst()
        }
        let word = String(decoding: text, as: UTF8.self)
        if word == "NaN" { return .nan }
        if word == "Infinity" { return negative ? -.infinity : .infinity }
        // An optional type suffix ends the literal.
        if let last = text.last, "fFdD".utf8.contains(last) { text.removeLast() }
        guard !text.isEmpty else { return nil }

        let normalized: String?
        if text.count >= 2 && text[0] == UInt8(ascii: "0") && (text[1] == UInt8(ascii: "x") || text[1] == UInt8(ascii: "X")) {
            normalized = hexadecimal(Array(text[2...]))
        } else {
            normalized = decimal(text)
        }
        guard let normalized, let magnitude = Double(normalized) else { return nil }
        return negative ? -magnitude : magnitude
    }

    /// `digits [. digits] [e|E [+|-] digits]`, at least one mantissa digit.
    private static func decimal(_ text: [UInt8]) -> String? {
        var index = 0
        var mantissaDigits = 0
        while index < text.count && isDigit(text[index]) { index += 1; mantissaDigits += 1 }
        if index < text.count && text[index] == UInt8(ascii: ".") {
            index += 1
            while index < text.count && isDigit(text[index]) { index += 1; mantissaDigits += 1 }
        }
        guard mantissaDigits > 0 else { return nil }
        if index < text.count && (text[index] == UInt8(ascii: "e") || text[index] == UInt8(ascii: "E")) {
            index += 1
            if index < text.count && (text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-")) { index += 1 }
            var exponentDigits = 0
            while index < text.count && isDigit(text[index]) { index += 1; exponentDigits += 1 }
            guard exponentDigits > 0 else { return nil }
        }
        guard index == text.count else { return nil }
        var literal = String(decoding: text, as: UTF8.self)
        if literal.hasPrefix(".") { literal = "0" + literal }
        return literal
    }

    /// `hexdigits [. hexdigits] (p|P) [+|-] digits` after `0x`, at least one hex digit.
    private static func hexadecimal(_ text: [UInt8]) -> String? {
        var index = 0
        var mantissaDigits = 0
        while index < text.count && isHexDigit(text[index]) { index += 1; mantissaDigits += 1 }
        if index < text.count && text[index] == UInt8(ascii: ".") {
            index += 1
            while index < text.count && isHexDigit(text[index]) { index += 1; mantissaDigits += 1 }
        }
        guard mantissaDigits > 0, index < text.count, text[index] == UInt8(ascii: "p") || text[index] == UInt8(ascii: "P") else {
            return nil
        }
        index += 1
        if index < text.count && (text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-")) { index += 1 }
        var exponentDigits = 0
        while index < text.count && isDigit(text[index]) { index += 1; exponentDigits += 1 }
        guard exponentDigits > 0, index == text.count else { return nil }
        return "0x" + String(decoding: text, as: UTF8.self)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F"))
    }
}

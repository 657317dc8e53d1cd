/// The byte-level machinery behind `JSONParser`: an explicit stack instead of recursion.
struct JSONScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let maximumDepth: Int
    private let loneSurrogates: JSONParser.LoneSurrogates
    private var position = 0

    /// The kind of each open container, innermost last. Their contents live in separate
    /// stacks so that appending mutates a uniquely held buffer in place (a value-typed frame
    /// popped, extended and pushed back would copy the array on every element: O(n²)).
    private enum Open {
        case array
        case object
    }

    init(_ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int, loneSurrogates: JSONParser.LoneSurrogates) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        self.loneSurrogates = loneSurrogates
    }

    mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
        let value = try parseValue()
        skipWhitespace()
        if position < bytes.count { throw error("unexpected data after the top-level value") }
        return value
    }

    // MARK: - Values

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        var open: [Open] = []
        var arrays: [[JSONValue]] = []
        var objects: [JSONObject] = []
        var pendingKeys: [JSONString] = []
        while true {
            skipWhitespace()
            if open.count + 1 > maximumDepth {
                throw error("nesting deeper than \(maximumDepth)")
            }
            guard position < bytes.count else { throw error("unexpected end of input, a value was expected") }
            var value: JSONValue
            switch bytes[position] {
            case UInt8(ascii: "{"):
                position += 1
                skipWhitespace()
                if peek() == UInt8(ascii: "}") {
                    position += 1
                    value = .object(JSONObject())
                } else {
                    pendingKeys.append(try parseKey())
                    objects.append(JSONObject())
                    open.append(.object)
                    continue
                }
            case UInt8(ascii: "["):
                position += 1
                skipWhitespace()
                if peek() == UInt8(ascii: "]") {
                    position += 1
                    value = .array([])
                } else {
                    arrays.append([])
                    open.append(.array)
                    continue
                }
            case UInt8(ascii: "\""):
                position += 1
                value = .string(try parseStringBody())
            case UInt8(ascii: "t"):
                try expectLiteral("true")
                value = .bool(true)
            case UInt8(ascii: "f"):
                try expectLiteral("false")
                value = .bool(false)
            case UInt8(ascii: "n"):
                try expectLiteral("null")
                value = .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = try parseNumber()
            default:
                throw error("unexpected character \(describe(bytes[position])), a value was expected")
            }

            // Hand the finished value to the enclosing containers, closing those that end here.
            while let innermost = open.last {
                skipWhitespace()
                guard position < bytes.count else { throw error("unexpected end of input inside a container") }
                let next = bytes[position]
                position += 1
                switch innermost {
                case .array:
                    arrays[arrays.count - 1].append(value)
                    if next == UInt8(ascii: ",") { break }
                    guard next == UInt8(ascii: "]") else {
                        position -= 1
                        throw error("expected ',' or ']' but found \(describe(next))")
                    }
                    open.removeLast()
                    value = .array(arrays.removeLast())
                    continue
                case .object:
                    objects[objects.count - 1][pendingKeys.removeLast()] = value
                    if next == UInt8(ascii: ",") {
                        skipWhitespace()
                        pendingKeys.append(try parseKey())
                        break
                    }
                    guard next == UInt8(ascii: "}") else {
                        position -= 1
                        throw error("expected ',' or '}' but found \(describe(next))")
                    }
                    open.removeLast()
                    value = .object(objects.removeLast())
                    continue
                }
                break
            }
            if open.isEmpty { return value }
        }
    }

    /// A member name and its colon; the cursor is on the opening quote.
    private mutating func parseKey() throws(JSONSyntaxError) -> JSONString {
        guard peek() == UInt8(ascii: "\"") else {
            if position >= bytes.count { throw error("unexpected end of input, a member name was expected") }
            throw error("expected a member name in double quotes but found \(describe(bytes[position]))")
        }
        position += 1
        let key = try parseStringBody()
        skipWhitespace()
        guard peek() == UInt8(ascii: ":") else {
            if position >= bytes.count { throw error("unexpected end of input, ':' was expected") }
            throw error("expected ':' but found \(describe(bytes[position]))")
        }
        position += 1
        return key
    }

    // MARK: - Scalars

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        let count = literal.utf8CodeUnitCount
        let start = literal.utf8Start
        for offset in 0..<count {
            guard position + offset < bytes.count, bytes[position + offset] == start[offset] else {
                throw error("invalid literal, expected '\(literal)'")
            }
        }
        position += count
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
        let start = position
        var isInteger = true
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard let first = peek(), isDigit(first) else { throw error("a digit must follow '-'") }
        if first == UInt8(ascii: "0") {
            position += 1
            if let next = peek(), isDigit(next) { throw error("leading zeros are not allowed") }
        } else {
            while let next = peek(), isDigit(next) { position += 1 }
        }
        if peek() == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard let next = peek(), isDigit(next) else { throw error("a digit must follow '.'") }
            while let next = peek(), isDigit(next) { position += 1 }
        }
        if let e = peek(), e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            isInteger = false
            position += 1
            if let sign = peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { position += 1 }
            guard let next = peek(), isDigit(next) else { throw error("a digit must follow the exponent") }
            while let next = peek(), isDigit(next) { position += 1 }
        }
        let literal = UnsafeBufferPointer(rebasing: bytes[start..<position])
        if isInteger, let exact = Self.int64(literal) { return .integer(exact) }
        let text = String(decoding: literal, as: UTF8.self)
        guard let double = Double(text), double.isFinite else {
            position = start
            throw error("number out of range: \(text.prefix(40))")
        }
        return .double(double)
    }

    /// The exact value of an integer literal, or nil when it does not fit in int64.
    private static func int64(_ literal: UnsafeBufferPointer<UInt8>) -> Int64? {
        var index = 0
        let negative = literal[0] == UInt8(ascii: "-")
        if negative { index = 1 }
        var magnitude: UInt64 = 0
        while index < literal.count {
            let digit = UInt64(literal[index] &- UInt8(ascii: "0"))
            let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(digit)
            if overflow1 || overflow2 { return nil }
            magnitude = sum
            index += 1
        }
        if negative {
            if magnitude == UInt64(Int64.max) + 1 { return Int64.min }
            return magnitude <= UInt64(Int64.max) ? -Int64(magnitude) : nil
        }
        return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
    }

    /// The rest of a string after its opening quote, decoded to UTF-8.
    private mutating func parseStringBody() throws(JSONSyntaxError) -> JSONString {
        var out: [UInt8] = []
        var runStart = position
        while true {
            guard position < bytes.count else { throw error("unterminated string") }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<position]))
                position += 1
                return JSONString(utf8: out)
            } else if byte == UInt8(ascii: "\\") {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<position]))
                try parseEscape(into: &out)
                runStart = position
            } else if byte < 0x20 {
                throw error("control character \(describe(byte)) in a string must be escaped")
            } else if byte < 0x80 {
                position += 1
            } else {
                try skipMultiByteSequence()
            }
        }
    }

    private mutating func parseEscape(into out: inout [UInt8]) throws(JSONSyntaxError) {
        position += 1  // the backslash
        guard position < bytes.count else { throw error("unterminated escape") }
        let byte = bytes[position]
        position += 1
        switch byte {
        case UInt8(ascii: "\""): out.append(0x22)
        case UInt8(ascii: "\\"): out.append(0x5C)
        case UInt8(ascii: "/"): out.append(0x2F)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try parseHex4()
            var scalar = UInt32(unit)
            if (0xD800...0xDBFF).contains(unit) {
                // A high surrogate pairs only with an immediately following escaped low one.
                if position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") {
                    let save = position
                    position += 2
                    let low = try parseHex4()
                    if (0xDC00...0xDFFF).contains(low) {
                        scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                    } else {
                        position = save
                        return appendLoneSurrogate(unit, to: &out)
                    }
                } else {
                    return appendLoneSurrogate(unit, to: &out)
                }
            } else if (0xDC00...0xDFFF).contains(unit) {
                return appendLoneSurrogate(unit, to: &out)
            }
            Self.appendUTF8(scalar, to: &out)
        default:
            position -= 1
            throw error("invalid escape '\\\(describe(byte))'")
        }
    }

    private func appendLoneSurrogate(_ unit: UInt16, to out: inout [UInt8]) {
        switch loneSurrogates {
        case .replace:
            Self.appendUTF8(0xFFFD, to: &out)
        case .keepAsEscapeText:
            out.append(contentsOf: "\\u".utf8)
            for shift in stride(from: 12, through: 0, by: -4) { out.append(JSONWriter.hexDigit(UInt8((unit >> UInt16(shift)) & 0xF))) }
        }
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard position < bytes.count else { throw error("unterminated \\u escape") }
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("invalid \\u escape: \(describe(byte)) is not a hex digit")
            }
            value = value << 4 | UInt16(digit)
            position += 1
        }
        return value
    }

    /// Validates one UTF-8 sequence starting at the cursor (RFC 3629: no overlongs, no
    /// encoded surrogates, nothing above U+10FFFF) and steps over it.
    private mutating func skipMultiByteSequence() throws(JSONSyntaxError) {
        let lead = bytes[position]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; secondRange = 0x80...0x9F
        case 0xF0: length = 4; secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; secondRange = 0x80...0x8F
        default: throw error("invalid UTF-8 byte \(describe(lead))")
        }
        guard position + length <= bytes.count else { throw error("truncated UTF-8 sequence") }
        guard secondRange.contains(bytes[position + 1]) else { throw error("invalid UTF-8 sequence") }
        for offset in 2..<max(2, length) where !(0x80...0xBF).contains(bytes[position + offset]) {
            throw error("invalid UTF-8 sequence")
        }
        position += length
    }

    static func appendUTF8(_ scalar: UInt32, to out: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            out.append(UInt8(scalar))
        case 0x80..<0x800:
            out.append(UInt8(0xC0 | scalar >> 6))
            out.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            out.append(UInt8(0xE0 | scalar >> 12))
            out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            out.append(UInt8(0x80 | scalar & 0x3F))
        default:
            out.append(UInt8(0xF0 | scalar >> 18))
            out.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            out.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    // MARK: - Cursor helpers

    private func peek() -> UInt8? { position < bytes.count ? bytes[position] : nil }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    private func describe(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x" + (hex.count == 1 ? "0" + hex : hex)
    }

    private func error(_ message: String) -> JSONSyntaxError {
        var line = 1
        var lineStart = 0
        let end = min(position, bytes.count)
        for index in 0..<end where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return JSONSyntaxError(message: message, offset: position, line: line, column: position - lineStart + 1)
    }
}

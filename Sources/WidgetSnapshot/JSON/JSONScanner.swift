/// The byte-level machinery behind `JSONParser` and the snapshot reader: a strict RFC 8259
/// validator that reports what it reads to a `JSONScanSink`. An explicit stack instead of
/// recursion, so hostile depth costs heap, not stack. Strings are validated here
/// (`JSONScanner+Strings.swift`) and decoded only when a sink asks for them.
struct JSONScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    private let maximumDepth: Int
    let loneSurrogates: JSONParser.LoneSurrogates
    var position = 0

    /// Which open containers are objects, innermost last (the sink keeps their contents):
    /// one bit per level in a register for the first 64 levels, an array beyond.
    private struct OpenContainers {
        private(set) var count = 0
        private var firstLevels: UInt64 = 0
        private var deeperLevels: [Bool] = []

        var isEmpty: Bool { count == 0 }

        /// Whether the innermost open container is an object; nil when none is open.
        var innermostIsObject: Bool? {
            if count == 0 { return nil }
            if count > 64 { return deeperLevels[deeperLevels.count - 1] }
            return firstLevels & (1 << UInt64(count - 1)) != 0
        }

        mutating func push(isObject: Bool) {
            if count < 64 {
                if isObject { firstLevels |= 1 << UInt64(count) } else { firstLevels &= ~(1 << UInt64(count)) }
            } else {
                deeperLevels.append(isObject)
            }
            count += 1
        }

        mutating func pop() {
            count -= 1
            if count >= 64 { deeperLevels.removeLast() }
        }
    }

    init(_ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int, loneSurrogates: JSONParser.LoneSurrogates) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        self.loneSurrogates = loneSurrogates
    }

    /// Validates one JSON text (a single value with optional surrounding whitespace),
    /// reporting its values to `sink`.
    mutating func scanDocument<Sink: JSONScanSink>(into sink: inout Sink) throws(JSONSyntaxError) {
        try scanValue(into: &sink)
        skipWhitespace()
        if position < bytes.count { throw error("unexpected data after the top-level value") }
    }

    // MARK: - Values

    /// One value with its contents, reported to `sink`; an explicit stack, no recursion.
    private mutating func scanValue<Sink: JSONScanSink>(into sink: inout Sink) throws(JSONSyntaxError) {
        var open = OpenContainers()
        while true {
            skipWhitespace()
            if open.count + 1 > maximumDepth {
                throw error("nesting deeper than \(maximumDepth)")
            }
            guard position < bytes.count else { throw error("unexpected end of input, a value was expected") }
            let start = position
            switch bytes[position] {
            case UInt8(ascii: "{"):
                position += 1
                skipWhitespace()
                sink.openObject(at: start)
                if peek() == UInt8(ascii: "}") {
                    position += 1
                    sink.closeObject(at: position)
                } else {
                    try scanKey(into: &sink)
                    open.push(isObject: true)
                    continue
                }
            case UInt8(ascii: "["):
                position += 1
                skipWhitespace()
                sink.openArray(at: start)
                if peek() == UInt8(ascii: "]") {
                    position += 1
                    sink.closeArray(at: position)
                } else {
                    open.push(isObject: false)
                    continue
                }
            case UInt8(ascii: "\""):
                position += 1
                let escaped = try scanStringBody()
                sink.string(start: start + 1, end: position - 1, escaped: escaped)
            case UInt8(ascii: "t"):
                try expectLiteral("true")
                sink.scalar(.bool(true), start: start, end: position)
            case UInt8(ascii: "f"):
                try expectLiteral("false")
                sink.scalar(.bool(false), start: start, end: position)
            case UInt8(ascii: "n"):
                try expectLiteral("null")
                sink.scalar(.null, start: start, end: position)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let number = try parseNumber()
                sink.scalar(number, start: start, end: position)
            default:
                throw error("unexpected character \(describe(bytes[position])), a value was expected")
            }

            // The value is complete: read separators, closing the containers that end here.
            while let isObject = open.innermostIsObject {
                skipWhitespace()
                guard position < bytes.count else { throw error("unexpected end of input inside a container") }
                let next = bytes[position]
                position += 1
                if !isObject {
                    if next == UInt8(ascii: ",") { break }
                    guard next == UInt8(ascii: "]") else {
                        position -= 1
                        throw error("expected ',' or ']' but found \(describe(next))")
                    }
                    open.pop()
                    sink.closeArray(at: position)
                } else {
                    if next == UInt8(ascii: ",") {
                        skipWhitespace()
                        try scanKey(into: &sink)
                        break
                    }
                    guard next == UInt8(ascii: "}") else {
                        position -= 1
                        throw error("expected ',' or '}' but found \(describe(next))")
                    }
                    open.pop()
                    sink.closeObject(at: position)
                }
            }
            if open.isEmpty { return }
        }
    }

    /// A member name and its colon; the cursor is on the opening quote.
    private mutating func scanKey<Sink: JSONScanSink>(into sink: inout Sink) throws(JSONSyntaxError) {
        guard peek() == UInt8(ascii: "\"") else {
            if position >= bytes.count { throw error("unexpected end of input, a member name was expected") }
            throw error("expected a member name in double quotes but found \(describe(bytes[position]))")
        }
        position += 1
        let start = position
        let escaped = try scanStringBody()
        sink.key(start: start, end: position - 1, escaped: escaped)
        skipWhitespace()
        guard peek() == UInt8(ascii: ":") else {
            if position >= bytes.count { throw error("unexpected end of input, ':' was expected") }
            throw error("expected ':' but found \(describe(bytes[position]))")
        }
        position += 1
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
        if literal.count - index <= 18 {
            // At most 18 digits: below 10^18, no overflow to check.
            while index < literal.count {
                magnitude = magnitude &* 10 &+ UInt64(literal[index] &- UInt8(ascii: "0"))
                index += 1
            }
            return negative ? -Int64(magnitude) : Int64(magnitude)
        }
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

    // MARK: - Cursor helpers

    func peek() -> UInt8? { position < bytes.count ? bytes[position] : nil }

    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    @inline(__always)
    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    func describe(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x" + (hex.count == 1 ? "0" + hex : hex)
    }

    func error(_ message: String) -> JSONSyntaxError {
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

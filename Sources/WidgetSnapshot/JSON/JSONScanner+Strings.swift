/// Strings: validation (the scanner's hot loop, eight bytes at a time where nothing needs
/// a look) and decoding of escapes, which happens only for strings that have any.
extension JSONScanner {
    /// Validates the rest of a string after its opening quote and steps over its closing
    /// quote; true when the string holds an escape (its raw bytes are then not its value).
    mutating func scanStringBody() throws(JSONSyntaxError) -> Bool {
        var escaped = false
        let count = bytes.count
        guard let base = bytes.baseAddress else { throw error("unterminated string") }
        let raw = UnsafeRawPointer(base)
        while true {
            position = Self.skipBytesNeedingNoLook(raw, from: position, count: count)
            guard position < count else { throw error("unterminated string") }
            var byte = bytes[position]
            while byte >= 0x20 && byte < 0x80 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
                position += 1
                guard position < count else { throw error("unterminated string") }
                byte = bytes[position]
            }
            if byte == UInt8(ascii: "\"") {
                position += 1
                return escaped
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
                try validateEscape()
            } else if byte < 0x20 {
                throw error("control character \(describe(byte)) in a string must be escaped")
            } else {
                try skipMultiByteSequence()
            }
        }
    }

    /// Validates one escape by decoding it into a scratch buffer (escapes are rare; kept out
    /// of `scanStringBody` so the common path holds no buffer).
    @inline(never)
    private mutating func validateEscape() throws(JSONSyntaxError) {
        var discarded: [UInt8] = []
        try parseEscape(into: &discarded)
    }

    /// The first position at or after `position` whose byte may need a look (a quote, a
    /// backslash, a control character, not ASCII), or the start of the last < 8 bytes when
    /// no whole word holds one. Eight bytes at a time, first byte lowest; the lowest flagged
    /// byte of a word is exactly the first that needs a look (the flag tests only misfire
    /// above a true hit).
    @inline(__always)
    static func skipBytesNeedingNoLook(_ raw: UnsafeRawPointer, from position: Int, count: Int) -> Int {
        var position = position
        while position &+ 8 <= count {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: position, as: UInt64.self))
            let flags = bytesNeedingALook(word)
            if flags != 0 { return position &+ (flags.trailingZeroBitCount &>> 3) }
            position &+= 8
        }
        return position
    }

    /// The high bit of each of eight bytes (little-endian) that is a quote, a backslash, a
    /// control character or not ASCII — the classic has-zero-byte / has-byte-less-than
    /// tests, which can flag a byte wrongly only above a byte flagged rightly.
    @inline(__always)
    static func bytesNeedingALook(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        let quote = (quotes &- ones) & ~quotes
        let backslash = (backslashes &- ones) & ~backslashes
        let control = (word &- ones &* 0x20) & ~word
        return (quote | backslash | control | word) & highs
    }

    /// The decoded UTF-8 of a string that `scanStringBody` accepted, whose raw text (between
    /// the quotes) is `start..<end`: one exactly sized copy without escapes, else decoded.
    static func decodeString(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int, escaped: Bool,
                             loneSurrogates: JSONParser.LoneSurrogates) -> [UInt8] {
        guard escaped else { return Array(UnsafeBufferPointer(rebasing: bytes[start..<end])) }
        var scanner = JSONScanner(bytes, maximumDepth: 0, loneSurrogates: loneSurrogates)
        scanner.position = start
        do {
            return try scanner.decodeStringBody(capacity: end - start)
        } catch {
            preconditionFailure("a validated string failed to decode: \(error)")
        }
    }

    /// The rest of a string after its opening quote, decoded to UTF-8 (a decoded string is
    /// never longer than its raw text).
    private mutating func decodeStringBody(capacity: Int) throws(JSONSyntaxError) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(capacity)
        var runStart = position
        while true {
            guard position < bytes.count else { throw error("unterminated string") }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<position]))
                position += 1
                return out
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

}

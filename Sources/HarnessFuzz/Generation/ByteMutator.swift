/// Byte-level mutations of a blob's text: bit flips, interesting bytes, deletions,
/// duplications, truncation, splices with another fixture's text, and insertion of JSON
/// tokens from `FuzzDictionary` (including replacing a whole value with one, which keeps
/// the text JSON far more often than random bytes do).
///
/// Exists next to the named mutation operators because those only make the inputs someone
/// thought of; these make the ones nobody did. Every mutation is a pure function of the
/// generator's state and says what it did, so a finding can name how its blob was made.
package struct ByteMutator: Sendable {
    /// Texts of the other fixtures, for splicing.
    package let spliceSources: [[UInt8]]
    /// A blob never grows beyond this (duplications could otherwise double it repeatedly).
    package var maximumLength = 1 << 20

    package init(spliceSources: [[UInt8]]) {
        self.spliceSources = spliceSources.filter { !$0.isEmpty }
    }

    private static let interestingBytes: [UInt8] = [
        0x00, 0x01, 0x1F, 0x20, 0x7F, 0x80, 0xBF, 0xC0, 0xFF, UInt8(ascii: "\""), UInt8(ascii: "\\"),
        UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ","),
        UInt8(ascii: ":"), UInt8(ascii: "0"), UInt8(ascii: "1"), UInt8(ascii: "9"), UInt8(ascii: "-"),
        UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "+"), UInt8(ascii: "u"),
    ]

    /// Applies one random mutation to `bytes` and returns its description
    /// (`flip@12.3`, `token@40:"\u2028"`, `splice@7<legacy@31`, …), or "" when not `describe`
    /// (the same mutation: a description draws nothing).
    package func mutate(_ bytes: inout [UInt8], _ random: inout SeededRandom, describe: Bool = true) -> String {
        let kind = random.below(bytes.isEmpty ? 2 : 11)
        switch kind {
        case 0: // insert a dictionary token anywhere
            let token = random.pick(FuzzDictionary.all)
            let at = random.below(bytes.count + 1)
            insert(token, at: at, into: &bytes)
            return describe ? "token@\(at):\(Self.show(token))" : ""
        case 1: // splice: our prefix, another fixture's suffix
            guard let other = spliceSources.isEmpty ? nil : random.pick(spliceSources) else { return "none" }
            let cut = random.below(bytes.count + 1)
            let from = random.below(other.count)
            bytes = Array(bytes[..<cut]) + other[from...]
            return describe ? "splice@\(cut)<\(from)" : ""
        case 2, 3: // replace a value after `:`, `[` or `,` with a dictionary value
            return replaceValue(&bytes, &random, describe: describe)
        case 4:
            let at = random.below(bytes.count)
            let bit = random.below(8)
            bytes[at] ^= UInt8(1) << UInt8(bit)
            return describe ? "flip@\(at).\(bit)" : ""
        case 5:
            let at = random.below(bytes.count)
            let value = random.pick(Self.interestingBytes)
            bytes[at] = value
            return describe ? "byte@\(at)=\(value)" : ""
        case 6:
            let at = random.below(bytes.count)
            let length = min(bytes.count - at, 1 + random.below(random.chance(1, in: 4) ? 64 : 8))
            bytes.removeSubrange(at..<(at + length))
            return describe ? "delete@\(at)+\(length)" : ""
        case 7:
            let at = random.below(bytes.count)
            let length = min(bytes.count - at, 1 + random.below(32))
            let to = random.below(bytes.count + 1)
            insert(Array(bytes[at..<(at + length)]), at: to, into: &bytes)
            return describe ? "copy@\(at)+\(length)>\(to)" : ""
        case 8:
            let at = random.below(bytes.count)
            bytes.removeSubrange(at...)
            return describe ? "truncate@\(at)" : ""
        case 9: // insert a chunk of another fixture
            guard let other = spliceSources.isEmpty ? nil : random.pick(spliceSources) else { return "none" }
            let from = random.below(other.count)
            let length = min(other.count - from, 1 + random.below(48))
            let at = random.below(bytes.count + 1)
            insert(Array(other[from..<(from + length)]), at: at, into: &bytes)
            return describe ? "graft@\(at)<\(from)+\(length)" : ""
        default: // a random byte inserted
            let at = random.below(bytes.count + 1)
            let value = UInt8(truncatingIfNeeded: random.next())
            insert([value], at: at, into: &bytes)
            return describe ? "insert@\(at)=\(value)" : ""
        }
    }

    /// Finds a value start (just after `:`, `[` or `,`, outside strings when the text is
    /// well-formed) and replaces the scalar or container there with a dictionary value.
    private func replaceValue(_ bytes: inout [UInt8], _ random: inout SeededRandom, describe: Bool) -> String {
        let starts = Self.valueStarts(bytes)
        guard !starts.isEmpty else { return "none" }
        let at = random.pick(starts)
        let end = Self.valueEnd(bytes, from: at)
        let replacement: [UInt8]
        if random.chance(1, in: 6), at > 0, bytes[at - 1] != UInt8(ascii: ":") {
            replacement = Array(random.pick(FuzzDictionary.keys).utf8) + [UInt8(ascii: ":")] + Array(random.pick(FuzzDictionary.values).utf8)
        } else {
            replacement = Array(random.pick(FuzzDictionary.values).utf8)
        }
        bytes.replaceSubrange(at..<end, with: replacement)
        return describe ? "value@\(at)+\(end - at):\(Self.show(replacement))" : ""
    }

    /// Positions just after a structural `:`, `[` or `,` (string-aware, escape-aware).
    /// (Read through one buffer pointer, string bodies skipped to their next `"` or `\\`:
    /// byte by byte through the array it was a tenth of a case's generation on 100 KB blobs.)
    package static func valueStarts(_ bytes: [UInt8]) -> [Int] {
        var starts: [Int] = []
        bytes.withUnsafeBufferPointer { buffer in
            let count = buffer.count
            var position = 0
            while position < count {
                let byte = buffer[position]
                position += 1
                switch byte {
                case UInt8(ascii: "\""):
                    // The string's body: an escape skips the byte after it; the closing quote ends it.
                    while position < count {
                        let inner = buffer[position]
                        position += 1
                        if inner == UInt8(ascii: "\"") { break }
                        if inner == UInt8(ascii: "\\") { position += 1 }
                    }
                case UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: ","): starts.append(position)
                default: break
                }
            }
        }
        return starts
    }

    /// The end of the value starting at `start`: a string's closing quote, a container's
    /// matching bracket, or the next `,` `}` `]` for a bare token.
    static func valueEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var depth = 0
        var inString = false
        var escaped = false
        var position = start
        while position < bytes.count {
            let byte = bytes[position]
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    if depth == 0 { return position + 1 }
                }
            } else {
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if depth == 0 { return position }
                    depth -= 1
                    if depth == 0 { return position + 1 }
                case UInt8(ascii: ","):
                    if depth == 0 { return position }
                default: break
                }
            }
            position += 1
        }
        return bytes.count
    }

    private func insert(_ token: [UInt8], at position: Int, into bytes: inout [UInt8]) {
        guard bytes.count + token.count <= maximumLength else { return }
        bytes.insert(contentsOf: token, at: position)
    }

    /// A short printable form of a token for recipes: ASCII as is, other bytes as `\xNN`.
    static func show(_ token: [UInt8]) -> String {
        var text = ""
        for byte in token.prefix(24) {
            if byte >= 0x20, byte < 0x7F { text.append(Character(Unicode.Scalar(byte))) } else {
                let hex = String(byte, radix: 16)
                text += "\\x" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return token.count > 24 ? text + "…" : text
    }
}

/// A text of the app's state as the app holds it: UTF-16 code units, like a JavaScript
/// string. Exists because a title the app sliced in the middle of an emoji keeps a lone
/// surrogate, which a Swift `String` (and the harness's UTF-8 `JSONString`) cannot hold, and
/// the writer writes that surrogate as a `\udxxx` escape (CONTRACT.md §7.2 W1, departure D1).
package struct AppText: Hashable, Sendable, Comparable, ExpressibleByStringLiteral, CustomStringConvertible {
    package var units: [UInt16]

    package init(units: [UInt16]) { self.units = units }
    package init(_ text: String) { units = Array(text.utf16) }
    package init(stringLiteral value: String) { self.init(value) }

    package var isEmpty: Bool { units.isEmpty }

    /// Whether some unit is a surrogate that is not half of a proper pair.
    package var hasLoneSurrogate: Bool {
        var index = 0
        while index < units.count {
            let unit = units[index]
            if UTF16.isLeadSurrogate(unit), index + 1 < units.count, UTF16.isTrailSurrogate(units[index + 1]) {
                index += 2
                continue
            }
            if UTF16.isLeadSurrogate(unit) || UTF16.isTrailSurrogate(unit) { return true }
            index += 1
        }
        return false
    }

    /// The text with each lone surrogate as U+FFFD (what Swift and C read it as): what
    /// `String(decoding: units, as: UTF16.self)` gives, transcoded here straight into UTF-8
    /// (the standard library's UTF-16 path decodes unit by unit and was most of reading a
    /// state in `fuzz states`).
    package var description: String {
        String(unsafeUninitializedCapacity: units.count * 3) { bytes in
            var count = 0
            var index = 0
            while index < units.count {
                let unit = units[index]
                index += 1
                let scalar: UInt32
                switch unit {
                case 0..<0x80:
                    bytes[count] = UInt8(unit)
                    count += 1
                    continue
                case 0xD800...0xDBFF where index < units.count && UTF16.isTrailSurrogate(units[index]):
                    scalar = 0x10000 + (UInt32(unit - 0xD800) << 10) + UInt32(units[index] - 0xDC00)
                    index += 1
                case 0xD800...0xDFFF: scalar = 0xFFFD
                default: scalar = UInt32(unit)
                }
                if scalar < 0x800 {
                    bytes[count] = UInt8(0xC0 | scalar >> 6)
                    bytes[count + 1] = UInt8(0x80 | scalar & 0x3F)
                    count += 2
                } else if scalar < 0x10000 {
                    bytes[count] = UInt8(0xE0 | scalar >> 12)
                    bytes[count + 1] = UInt8(0x80 | scalar >> 6 & 0x3F)
                    bytes[count + 2] = UInt8(0x80 | scalar & 0x3F)
                    count += 3
                } else {
                    bytes[count] = UInt8(0xF0 | scalar >> 18)
                    bytes[count + 1] = UInt8(0x80 | scalar >> 12 & 0x3F)
                    bytes[count + 2] = UInt8(0x80 | scalar >> 6 & 0x3F)
                    bytes[count + 3] = UInt8(0x80 | scalar & 0x3F)
                    count += 4
                }
            }
            return count
        }
    }

    /// Whether the two texts are one key of a `String`-keyed dictionary once read
    /// (`description`: lone surrogates as U+FFFD, then `String`'s canonical equivalence). The
    /// same units are; two different texts of ASCII only are not; the rest are compared so.
    package func keysAlike(_ other: AppText) -> Bool {
        if units == other.units { return true }
        if units.allSatisfy({ $0 < 0x80 }) && other.units.allSatisfy({ $0 < 0x80 }) { return false }
        return description == other.description
    }

    package static func < (lhs: AppText, rhs: AppText) -> Bool { lhs.units.lexicographicallyPrecedes(rhs.units) }
}

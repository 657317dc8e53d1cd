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

    /// The text with each lone surrogate as U+FFFD (what Swift and C read it as).
    package var description: String { String(decoding: units, as: UTF16.self) }

    package static func < (lhs: AppText, rhs: AppText) -> Bool { lhs.units.lexicographicallyPrecedes(rhs.units) }
}

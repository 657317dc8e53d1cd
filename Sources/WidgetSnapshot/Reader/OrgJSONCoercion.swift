/// The lenient conversions of Android's org.json accessors (`optInt`, `optLong`,
/// `optBoolean`, `getString`/`optString`), reproduced so that the iOS widget reads every
/// RFC 8259 blob the way the Android widget does (CONTRACT.md §2–§3).
package enum OrgJSONCoercion {
    /// `JSON.toInteger`: the value as a Java `int`, or nil where org.json falls back.
    static func int32(_ value: JSONValue) -> Int32? {
        switch value {
        case .integer(let number): return Int32(truncatingIfNeeded: number)  // Long.intValue()
        case .double(let number): return javaInt(number)
        case .string(let text): return JavaDoubleGrammar.parse(text.utf8).map(javaInt)
        default: return nil
        }
    }

    /// `JSON.toLong`: the value as a Java `long`, or nil where org.json falls back.
    static func int64(_ value: JSONValue) -> Int64? {
        switch value {
        case .integer(let number): return number
        case .double(let number): return javaLong(number)
        case .string(let text): return JavaDoubleGrammar.parse(text.utf8).map(javaLong)
        default: return nil
        }
    }

    /// `JSON.toBoolean`: booleans, and the strings `true`/`false` in any ASCII case.
    package static func bool(_ value: JSONValue) -> Bool? {
        switch value {
        case .bool(let flag): return flag
        case .string(let text):
            if equalsIgnoringASCIICase(text.utf8, "true") { return true }
            if equalsIgnoringASCIICase(text.utf8, "false") { return false }
            return nil
        default: return nil
        }
    }

    /// `text(_:)` as exact bytes, for lookups by code points (a string value is used as is).
    package static func textBytes(_ value: JSONValue) -> JSONString {
        if case .string(let text) = value { return text }
        return JSONString(text(value))
    }

    /// `String.valueOf` of the org.json value: what `getString`/`optString` return.
    static func text(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): return text.string
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .integer(let number): return String(number)
        case .double(let number): return DecimalDigits(number).javaText
        case .array, .object: return OrgJSONText.text(value)
        }
    }

    /// Java's `(int) d`: truncation toward zero, saturating, NaN → 0.
    static func javaInt(_ number: Double) -> Int32 {
        if number.isNaN { return 0 }
        if number >= 2147483647 { return .max }
        if number <= -2147483648 { return .min }
        return Int32(number.rounded(.towardZero))
    }

    /// Java's `(long) d`: truncation toward zero, saturating, NaN → 0.
    static func javaLong(_ number: Double) -> Int64 {
        if number.isNaN { return 0 }
        if number >= 0x1p63 { return .max }
        if number <= -0x1p63 { return .min }
        return Int64(number.rounded(.towardZero))
    }

    private static func equalsIgnoringASCIICase(_ bytes: [UInt8], _ word: StaticString) -> Bool {
        guard bytes.count == word.utf8CodeUnitCount else { return false }
        let letters = word.utf8Start
        for index in 0..<bytes.count {
            var byte = bytes[index]
            if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { byte += 32 }
            if byte != letters[index] { return false }
        }
        return true
    }
}

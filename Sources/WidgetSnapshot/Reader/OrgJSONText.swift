/// org.json's compact `toString()` of an object or array, which is the text `getString`
/// and `optString` give for a container value: insertion order, `/` escaped as `\/`,
/// numbers through `JSONObject.numberToString`.
enum OrgJSONText {
    static func append(_ value: JSONValue, to out: inout [UInt8]) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
        case .integer(let number): out.append(contentsOf: String(number).utf8)
        case .double(let number): out.append(contentsOf: numberToString(number).utf8)
        case .string(let text): appendQuoted(text.utf8, to: &out)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                append(element, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let object):
            out.append(UInt8(ascii: "{"))
            for (position, member) in object.members.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                appendQuoted(member.key.utf8, to: &out)
                out.append(UInt8(ascii: ":"))
                append(member.value, to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// `JSONObject.numberToString` for a double: `-0` for negative zero, the `long` when the
    /// double equals its `(long)` conversion, else `Double.toString`.
    static func numberToString(_ number: Double) -> String {
        if number == 0 && number.sign == .minus { return "-0" }
        let asLong = OrgJSONCoercion.javaLong(number)
        if Double(asLong) == number { return String(asLong) }
        return DecimalDigits(number).javaText
    }

    /// `JSONStringer.string`: `"` `\` `/` escaped, `\t \b \n \r \f`, other controls `\u00xx`.
    private static func appendQuoted(_ utf8: [UInt8], to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"):
                out.append(UInt8(ascii: "\\")); out.append(byte)
            case 0x09: out.append(contentsOf: "\\t".utf8)
            case 0x08: out.append(contentsOf: "\\b".utf8)
            case 0x0A: out.append(contentsOf: "\\n".utf8)
            case 0x0D: out.append(contentsOf: "\\r".utf8)
            case 0x0C: out.append(contentsOf: "\\f".utf8)
            case 0..<0x20:
                out.append(contentsOf: "\\u00".utf8)
                out.append(JSONWriter.hexDigit(byte >> 4))
                out.append(JSONWriter.hexDigit(byte & 0xF))
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

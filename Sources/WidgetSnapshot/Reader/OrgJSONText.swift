/// org.json's compact `toString()` of an object or array, which is the text `getString`
/// and `optString` give for a container value: insertion order, `/` escaped as `\/`,
/// numbers through `JSONObject.numberToString`.
enum OrgJSONText {
    static let dialect = JSONDialect(escapesSolidus: true, doubleText: numberToString)

    static func text(_ value: JSONValue) -> String {
        String(decoding: JSONWriter.compact(value, dialect: dialect), as: UTF8.self)
    }

    /// `JSONObject.numberToString` for a double: `-0` for negative zero, the `long` when the
    /// double equals its `(long)` conversion, else `Double.toString`.
    static func numberToString(_ number: Double) -> String {
        if number == 0 && number.sign == .minus { return "-0" }
        let asLong = OrgJSONCoercion.javaLong(number)
        if Double(asLong) == number { return String(asLong) }
        return DecimalDigits(number).javaText
    }
}

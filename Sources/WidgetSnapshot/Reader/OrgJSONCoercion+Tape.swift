/// The org.json accessors of `OrgJSONCoercion` on tape entries: the same results, with a
/// string value taken straight from the blob's bytes rather than through a `JSONValue`
/// (anything else goes through `value(_:)` and `OrgJSONCoercion` itself).
extension JSONTapeReader {
    /// `OrgJSONCoercion.text`: what `getString`/`optString` return.
    func text(_ index: Int) -> String {
        if kind(index) == .string, let raw = unescapedText(index) { return String(decoding: raw, as: UTF8.self) }
        return OrgJSONCoercion.text(value(index))
    }

    /// `OrgJSONCoercion.textBytes` (exact bytes, for lookups by code points), lent to `body`.
    func withTextBytes<Result>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if kind(index) == .string {
            if let raw = unescapedText(index) { return body(raw) }
            return decodedText(index).withUnsafeBufferPointer(body)
        }
        return Array(OrgJSONCoercion.text(value(index)).utf8).withUnsafeBufferPointer(body)
    }

    /// `OrgJSONCoercion.int32` (`optInt`): numbers and numeric strings, else nil.
    func int32(_ index: Int) -> Int32? {
        switch kind(index) {
        case .integer, .double, .string: return OrgJSONCoercion.int32(value(index))
        default: return nil
        }
    }

    /// `OrgJSONCoercion.int64` (`optLong`): numbers and numeric strings, else nil.
    func int64(_ index: Int) -> Int64? {
        switch kind(index) {
        case .integer, .double, .string: return OrgJSONCoercion.int64(value(index))
        default: return nil
        }
    }

    /// `OrgJSONCoercion.bool` (`optBoolean`): booleans and the strings true/false, else nil.
    func bool(_ index: Int) -> Bool? {
        switch kind(index) {
        case .true: return true
        case .false: return false
        case .string: return OrgJSONCoercion.bool(value(index))
        default: return nil
        }
    }
}

/// Reads a `JSONTape` over its document's bytes (both borrowed for the duration of one
/// call): navigation, member names, strings, and any value as a `JSONValue` on demand.
package struct JSONTapeReader {
    package let bytes: UnsafeBufferPointer<UInt8>
    package let entries: UnsafeBufferPointer<JSONTape.Entry>

    package init(bytes: UnsafeBufferPointer<UInt8>, entries: UnsafeBufferPointer<JSONTape.Entry>) {
        self.bytes = bytes
        self.entries = entries
    }

    package func kind(_ index: Int) -> JSONTape.Kind { entries[index].kind }

    /// The index of the first entry after the value at `index` and everything it contains.
    @inline(__always)
    package func after(_ index: Int) -> Int {
        let entry = entries[index]
        return entry.kind == .array || entry.kind == .object ? Int(entry.payload) : index + 1
    }

    /// The raw text of a string or member name without escapes (its exact UTF-8), or nil
    /// when it has escapes.
    @inline(__always)
    package func unescapedText(_ index: Int) -> UnsafeBufferPointer<UInt8>? {
        let entry = entries[index]
        guard entry.payload == 0 else { return nil }
        return UnsafeBufferPointer(rebasing: bytes[entry.start..<entry.end])
    }

    /// The decoded UTF-8 of a string or member name.
    package func decodedText(_ index: Int) -> [UInt8] {
        let entry = entries[index]
        return JSONScanner.decodeString(bytes, start: entry.start, end: entry.end, escaped: entry.payload != 0,
                                        loneSurrogates: .replace)
    }

    /// Lends the decoded name of the member whose key entry is `key` to `body`.
    @inline(__always)
    package func withName<Result>(_ key: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let name = unescapedText(key) { return body(name) }
        return decodedText(key).withUnsafeBufferPointer(body)
    }

    /// Calls `body` with the decoded name and the value index of each member of the object
    /// at `object`, in document order (duplicates included: the caller keeps the last).
    @inline(__always)
    package func forEachMember(of object: Int, _ body: (_ name: UnsafeBufferPointer<UInt8>, _ value: Int) -> Void) {
        let end = Int(entries[object].payload)
        var key = object + 1
        while key < end {
            let value = key + 1
            withName(key) { body($0, value) }
            key = after(value)
        }
    }

    /// How many members the object at `object` has (duplicates included).
    package func memberCount(of object: Int) -> Int {
        let end = Int(entries[object].payload)
        var count = 0
        var key = object + 1
        while key < end {
            count += 1
            key = after(key + 1)
        }
        return count
    }

    /// The value of the last member of `object` named `name` (code points, not canonical
    /// equivalence): what `JSONObject`'s subscript gives for a duplicated key.
    package func member(of object: Int, named name: UnsafeBufferPointer<UInt8>) -> Int? {
        let end = Int(entries[object].payload)
        var found: Int?
        var key = object + 1
        while key < end {
            let entry = entries[key]
            if entry.payload == 0 {
                if entry.end - entry.start == name.count
                    && Self.equal(UnsafeBufferPointer(rebasing: bytes[entry.start..<entry.end]), name) {
                    found = key + 1
                }
            } else if decodedText(key).withUnsafeBufferPointer({ Self.equal($0, name) }) {
                found = key + 1
            }
            key = after(key + 1)
        }
        return found
    }

    /// The value at `index` as `JSONParser()` gives it. A container is parsed again from its
    /// own text: a valid document's container is valid on its own, and no deeper.
    package func value(_ index: Int) -> JSONValue {
        let entry = entries[index]
        switch entry.kind {
        case .null: return .null
        case .false: return .bool(false)
        case .true: return .bool(true)
        case .integer: return .integer(entry.payload)
        case .double: return .double(Double(bitPattern: UInt64(bitPattern: entry.payload)))
        case .string, .key: return .string(JSONString(utf8: decodedText(index)))
        case .array, .object:
            do {
                return try JSONParser().parse(Array(bytes[entry.start..<entry.end]))
            } catch {
                preconditionFailure("a validated container failed to parse: \(error)")
            }
        }
    }

    /// Byte equality.
    @inline(__always)
    static func equal(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for offset in 0..<lhs.count where lhs[offset] != rhs[offset] { return false }
        return true
    }

    /// Byte equality with a literal name.
    @inline(__always)
    static func equal(_ lhs: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
        equal(lhs, UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    }
}

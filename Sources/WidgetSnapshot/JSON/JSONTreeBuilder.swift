/// Builds the `JSONValue` tree from what the scanner reports (what `JSONParser` returns).
/// Open containers live in their own stacks, so every append mutates a uniquely held
/// buffer in place; a member set on an object keeps the first position of its key and the
/// last value (`JSONObject`'s subscript), unless `keepsRepeatedKeys`: then every member is
/// kept in order (`JSONObject.appendRepeating`).
struct JSONTreeBuilder: JSONScanSink {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let loneSurrogates: JSONParser.LoneSurrogates
    private let keepsRepeatedKeys: Bool
    private var open: [Open] = []
    private var arrays: [[JSONValue]] = []
    private var objects: [JSONObject] = []
    private var pendingKeys: [JSONString] = []
    /// The top-level value, once it is complete.
    private(set) var result: JSONValue = .null

    private enum Open {
        case array
        case object
    }

    init(_ bytes: UnsafeBufferPointer<UInt8>, loneSurrogates: JSONParser.LoneSurrogates, keepsRepeatedKeys: Bool = false) {
        self.bytes = bytes
        self.loneSurrogates = loneSurrogates
        self.keepsRepeatedKeys = keepsRepeatedKeys
    }

    /// Hands a complete value to the innermost open container, or makes it the result.
    private mutating func add(_ value: JSONValue) {
        switch open.last {
        case nil: result = value
        case .array: arrays[arrays.count - 1].append(value)
        case .object:
            if keepsRepeatedKeys {
                objects[objects.count - 1].appendRepeating(pendingKeys.removeLast(), value)
            } else {
                objects[objects.count - 1][pendingKeys.removeLast()] = value
            }
        }
    }

    private func decoded(_ start: Int, _ end: Int, _ escaped: Bool) -> JSONString {
        JSONString(utf8: JSONScanner.decodeString(bytes, start: start, end: end, escaped: escaped, loneSurrogates: loneSurrogates))
    }

    mutating func openArray(at start: Int) {
        open.append(.array)
        arrays.append([])
    }

    mutating func openObject(at start: Int) {
        open.append(.object)
        objects.append(JSONObject())
    }

    mutating func closeArray(at end: Int) {
        open.removeLast()
        add(.array(arrays.removeLast()))
    }

    mutating func closeObject(at end: Int) {
        open.removeLast()
        add(.object(objects.removeLast()))
    }

    mutating func key(start: Int, end: Int, escaped: Bool) {
        pendingKeys.append(decoded(start, end, escaped))
    }

    mutating func string(start: Int, end: Int, escaped: Bool) {
        add(.string(decoded(start, end, escaped)))
    }

    mutating func scalar(_ value: JSONValue, start: Int, end: Int) {
        add(value)
    }
}

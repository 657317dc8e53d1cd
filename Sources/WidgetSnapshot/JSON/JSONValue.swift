/// A JSON value as the contract's readers see it: integers and doubles kept apart,
/// strings as exact UTF-8 (compared by code points, never by Unicode equivalence),
/// objects in insertion order.
package enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    /// An integer literal (no fraction, no exponent) within the int64 range.
    case integer(Int64)
    /// A fraction/exponent literal, or an integer literal outside int64. Always finite.
    case double(Double)
    case string(JSONString)
    case array([JSONValue])
    case object(JSONObject)
}

/// The UTF-8 bytes of a decoded JSON string.
///
/// Swift's `String` compares by canonical equivalence (`"é" == "e\u{301}"`), but the
/// Android reader (Java strings) and the C reference (bytes) compare code points.
/// Keys and ids are therefore kept as bytes, and turned into `String` only for display.
package struct JSONString: Hashable, Sendable, Comparable, ExpressibleByStringLiteral, CustomStringConvertible {
    package var utf8: [UInt8]

    package init(utf8: [UInt8]) { self.utf8 = utf8 }
    package init(_ string: String) { self.utf8 = Array(string.utf8) }
    package init(stringLiteral value: String) { self.init(value) }

    /// The text as a Swift string (the bytes are always valid UTF-8).
    package var string: String { String(decoding: utf8, as: UTF8.self) }
    package var description: String { string }
    package var isEmpty: Bool { utf8.isEmpty }

    package static func < (lhs: JSONString, rhs: JSONString) -> Bool {
        lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
    }
}

/// A JSON object that keeps its members in insertion order.
///
/// Setting an existing key replaces its value in place (the member keeps the position
/// of its first occurrence), which is what org.json's `LinkedHashMap`-backed `put`
/// does with duplicate keys. Only `appendRepeating` (the harness's case lines, whose
/// tap queue may name one id twice) adds a key a second time; a lookup then finds the
/// last member with that key.
package struct JSONObject: Equatable, Sendable {
    /// One name/value pair.
    package struct Member: Equatable, Sendable {
        package var key: JSONString
        package var value: JSONValue
        package init(key: JSONString, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    package private(set) var members: [Member] = []
    /// Key → position, kept only once an object is large enough for linear search to hurt.
    private var index: [JSONString: Int]?
    /// Set once `appendRepeating` added a key twice: lookups then search from the end.
    private var repeatsKeys = false
    private static let indexThreshold = 12

    package init() {}

    package init(_ pairs: KeyValuePairs<String, JSONValue>) {
        for (key, value) in pairs { self[JSONString(key)] = value }
    }

    package var count: Int { members.count }
    package var isEmpty: Bool { members.isEmpty }
    package var keys: [JSONString] { members.map(\.key) }

    /// The position of the member with this key (the last one, when a key repeats).
    package func position(of key: JSONString) -> Int? {
        if let index { return index[key] }
        return repeatsKeys ? members.lastIndex { $0.key == key } : members.firstIndex { $0.key == key }
    }

    /// Appends a member even when its key is already there, so the object keeps every
    /// member in order (a queue written as an object); lookups then see the last one.
    package mutating func appendRepeating(_ key: JSONString, _ value: JSONValue) {
        if position(of: key) != nil { repeatsKeys = true }
        append(Member(key: key, value: value))
    }

    private mutating func append(_ member: Member) {
        members.append(member)
        if index != nil {
            index![member.key] = members.count - 1
        } else if members.count > Self.indexThreshold {
            rebuildIndex()
        }
    }

    package subscript(key: JSONString) -> JSONValue? {
        get { position(of: key).map { members[$0].value } }
        set {
            if let at = position(of: key) {
                if let newValue {
                    members[at].value = newValue
                } else {
                    members.remove(at: at)
                    rebuildIndex()
                }
            } else if let newValue {
                append(Member(key: key, value: newValue))
            }
        }
    }

    package subscript(key: String) -> JSONValue? {
        get { self[JSONString(key)] }
        set { self[JSONString(key)] = newValue }
    }

    private mutating func rebuildIndex() {
        guard members.count > Self.indexThreshold else { index = nil; return }
        var built = [JSONString: Int](minimumCapacity: members.count)
        for (at, member) in members.enumerated() { built[member.key] = at }
        index = built
    }

    package static func == (lhs: JSONObject, rhs: JSONObject) -> Bool { lhs.members == rhs.members }
}

extension JSONValue {
    /// The object's members, or nil when this is not an object.
    package var objectValue: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    package var arrayValue: [JSONValue]? {
        if case .array(let array) = self { return array }
        return nil
    }

    package var stringValue: JSONString? {
        if case .string(let string) = self { return string }
        return nil
    }

    package var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}

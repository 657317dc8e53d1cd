/// A JSON value as the contract's readers see it: integers and doubles kept apart,
/// strings as exact UTF-8 (compared by code points, never by Unicode equivalence),
/// objects in insertion order.
public enum JSONValue: Equatable, Sendable {
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
public struct JSONString: Hashable, Sendable, Comparable, ExpressibleByStringLiteral, CustomStringConvertible {
    public var utf8: [UInt8]

    public init(utf8: [UInt8]) { self.utf8 = utf8 }
    public init(_ string: String) { self.utf8 = Array(string.utf8) }
    public init(stringLiteral value: String) { self.init(value) }

    /// The text as a Swift string (the bytes are always valid UTF-8).
    public var string: String { String(decoding: utf8, as: UTF8.self) }
    public var description: String { string }
    public var isEmpty: Bool { utf8.isEmpty }

    public static func < (lhs: JSONString, rhs: JSONString) -> Bool {
        lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
    }
}

/// A JSON object that keeps its members in insertion order.
///
/// Setting an existing key replaces its value in place (the member keeps the position
/// of its first occurrence), which is what org.json's `LinkedHashMap`-backed `put`
/// does with duplicate keys.
public struct JSONObject: Equatable, Sendable {
    /// One name/value pair.
    public struct Member: Equatable, Sendable {
        public var key: JSONString
        public var value: JSONValue
        public init(key: JSONString, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    public private(set) var members: [Member] = []
    /// Key → position, kept only once an object is large enough for linear search to hurt.
    private var index: [JSONString: Int]?
    private static let indexThreshold = 12

    public init() {}

    public init(_ pairs: KeyValuePairs<String, JSONValue>) {
        for (key, value) in pairs { self[JSONString(key)] = value }
    }

    public var count: Int { members.count }
    public var isEmpty: Bool { members.isEmpty }
    public var keys: [JSONString] { members.map(\.key) }

    public func position(of key: JSONString) -> Int? {
        if let index { return index[key] }
        return members.firstIndex { $0.key == key }
    }

    public subscript(key: JSONString) -> JSONValue? {
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
                members.append(Member(key: key, value: newValue))
                if index != nil {
                    index![key] = members.count - 1
                } else if members.count > Self.indexThreshold {
                    rebuildIndex()
                }
            }
        }
    }

    public subscript(key: String) -> JSONValue? {
        get { self[JSONString(key)] }
        set { self[JSONString(key)] = newValue }
    }

    private mutating func rebuildIndex() {
        guard members.count > Self.indexThreshold else { index = nil; return }
        var built = [JSONString: Int](minimumCapacity: members.count)
        for (at, member) in members.enumerated() { built[member.key] = at }
        index = built
    }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool { lhs.members == rhs.members }
}

extension JSONValue {
    /// The object's members, or nil when this is not an object.
    public var objectValue: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let array) = self { return array }
        return nil
    }

    public var stringValue: JSONString? {
        if case .string(let string) = self { return string }
        return nil
    }

    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}

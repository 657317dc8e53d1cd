import WidgetSnapshot

/// Whether two blobs say the same thing as JSON: the same values, objects compared as sets of
/// members (key order free), arrays in order, whitespace and escapes as the parser decodes them.
/// Another team's writer (`check --writer CMD`) need not write the tree writer's bytes: a
/// `writerValid` fixture it writes with other key order, whitespace or escapes is still its
/// output (CONTRACT.md §7.5); the tree's own writer is held to the bytes.
enum BlobMeaning {
    static func same(_ first: [UInt8], _ second: [UInt8]) -> Bool {
        guard let a = try? JSONParser().parse(first), let b = try? JSONParser().parse(second) else { return false }
        return same(a, b)
    }

    static func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.object(let x), .object(let y)):
            guard x.count == y.count, Set(x.keys).count == x.count, Set(x.keys) == Set(y.keys) else { return false }
            return x.members.allSatisfy { member in y[member.key].map { same(member.value, $0) } ?? false }
        case (.array(let x), .array(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
        default:
            return a == b
        }
    }
}

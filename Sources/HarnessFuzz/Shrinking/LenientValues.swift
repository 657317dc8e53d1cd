/// The value spans of a text that is JSON-like but perhaps not JSON: strings are skipped
/// whole, `{…}` and `[…]` nest, commas split members and elements, and a member's value
/// starts after its first `:`. Nothing is validated.
///
/// Exists for shrinking a blob that one reader accepts and the other rejects: the strict
/// parser cannot give its structure, yet hoisting a value out of its container
/// (`{"":[{"":0␀}]}` → `{"":0␀}`) is still the step that byte deletions cannot make.
struct LenientValues {
    /// One value: its byte range, and for a container the values inside it.
    struct Node {
        var range: Range<Int>
        var children: [Node]
    }

    /// The top-level value and everything inside it.
    static func parse(_ bytes: [UInt8]) -> Node? {
        var position = 0
        skipSpace(bytes, &position)
        guard position < bytes.count else { return nil }
        return value(bytes, &position)
    }

    private static func value(_ bytes: [UInt8], _ position: inout Int) -> Node {
        let start = position
        switch bytes[position] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let isObject = bytes[position] == UInt8(ascii: "{")
            let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
            position += 1
            var children: [Node] = []
            while position < bytes.count, bytes[position] != close {
                if isObject {  // skip to the member's value, after the first ':' at this level
                    while position < bytes.count, ![UInt8(ascii: ":"), UInt8(ascii: ","), close].contains(bytes[position]) {
                        skipToken(bytes, &position)
                    }
                    guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                        if position < bytes.count, bytes[position] == UInt8(ascii: ",") { position += 1 }
                        continue
                    }
                    position += 1
                }
                skipSpace(bytes, &position)
                if position < bytes.count, bytes[position] != close, bytes[position] != UInt8(ascii: ",") {
                    children.append(value(bytes, &position))
                }
                while position < bytes.count, bytes[position] != UInt8(ascii: ","), bytes[position] != close {
                    skipToken(bytes, &position)
                }
                if position < bytes.count, bytes[position] == UInt8(ascii: ",") { position += 1 }
                skipSpace(bytes, &position)
            }
            if position < bytes.count { position += 1 }
            return Node(range: start..<position, children: children)
        default:
            skipToken(bytes, &position)
            // A bare token runs to the next structural byte; a string is one token.
            while position < bytes.count, bytes[start] != UInt8(ascii: "\""),
                  ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ":")].contains(bytes[position]) {
                position += 1
            }
            return Node(range: start..<position, children: [])
        }
    }

    /// Moves past one byte, or a whole string literal (escapes included).
    private static func skipToken(_ bytes: [UInt8], _ position: inout Int) {
        guard bytes[position] == UInt8(ascii: "\"") else { position += 1; return }
        position += 1
        while position < bytes.count, bytes[position] != UInt8(ascii: "\"") {
            position += bytes[position] == UInt8(ascii: "\\") ? 2 : 1
        }
        position = min(bytes.count, position + 1)
    }

    private static func skipSpace(_ bytes: [UInt8], _ position: inout Int) {
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
    }

    /// Every (container, descendant) pair below the root, outer containers first: the
    /// candidates for replacing a container value with a value from inside it.
    static func hoists(_ root: Node) -> [(outer: Range<Int>, inner: Range<Int>)] {
        var out: [(outer: Range<Int>, inner: Range<Int>)] = []
        func descendants(_ node: Node) -> [Range<Int>] {
            node.children.flatMap { [$0.range] + descendants($0) }
        }
        func visit(_ node: Node) {
            for child in node.children {
                for inner in descendants(child) { out.append((child.range, inner)) }
                visit(child)
            }
        }
        visit(root)
        return out
    }
}

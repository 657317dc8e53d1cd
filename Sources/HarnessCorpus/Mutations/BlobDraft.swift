import WidgetSnapshot

/// A blob under edit by a mutation operator: a JSON tree whose parts may be raw text.
///
/// `JSONValue` cannot say `1.0`, `-0`, `1e400`, a duplicate key or an unquoted key: it
/// holds values, not text. Operators that need exact literal text put `.raw` bytes where a
/// value or key would go; everything else is written as `JSONWriter` writes it, so an
/// unedited draft renders to exactly the fixture's `JSON.stringify` text.
package indirect enum BlobDraft: Equatable, Sendable {
    /// A value written by `JSONWriter`.
    case value(JSONValue)
    /// Bytes written verbatim (any text, not necessarily JSON or UTF-8).
    case raw([UInt8])
    /// Members in order; duplicate keys allowed.
    case object([Member])
    case array([BlobDraft])

    /// One object member.
    package struct Member: Equatable, Sendable {
        package var key: Key
        package var value: BlobDraft

        package init(key: Key, value: BlobDraft) {
            self.key = key
            self.value = value
        }

        package init(_ key: String, _ value: BlobDraft) {
            self.init(key: .string(JSONString(key)), value: value)
        }
    }

    /// A member's name: a string written as JSON, or raw text (`'v'`, `v`, `"\u0076"`).
    package enum Key: Equatable, Sendable {
        case string(JSONString)
        case raw([UInt8])
    }

    /// A draft of `value` with objects and arrays opened up for editing.
    package init(_ value: JSONValue) {
        switch value {
        case .object(let object):
            self = .object(object.members.map { Member(key: .string($0.key), value: BlobDraft($0.value)) })
        case .array(let elements):
            self = .array(elements.map(BlobDraft.init))
        default:
            self = .value(value)
        }
    }

    /// The draft's text.
    package func render() -> [UInt8] {
        var out: [UInt8] = []
        append(to: &out)
        return out
    }

    package func append(to out: inout [UInt8]) {
        switch self {
        case .value(let value): JSONWriter.append(value, to: &out)
        case .raw(let bytes): out.append(contentsOf: bytes)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                element.append(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (position, member) in members.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                switch member.key {
                case .string(let key): JSONWriter.appendString(key.utf8, to: &out)
                case .raw(let bytes): out.append(contentsOf: bytes)
                }
                out.append(UInt8(ascii: ":"))
                member.value.append(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }
}

// MARK: - Building parts

extension BlobDraft {
    /// Raw literal text, e.g. `.text("1.0")`.
    package static func text(_ literal: String) -> BlobDraft { .raw(Array(literal.utf8)) }
    package static func string(_ text: String) -> BlobDraft { .value(.string(JSONString(text))) }
    package static func integer(_ number: Int64) -> BlobDraft { .value(.integer(number)) }
    package static func bool(_ flag: Bool) -> BlobDraft { .value(.bool(flag)) }
    package static var jsonNull: BlobDraft { .value(.null) }
}

// MARK: - Editing objects and arrays

extension BlobDraft {
    /// The members, when this is an object.
    package var members: [Member]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The elements, when this is an array.
    package var elements: [BlobDraft]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The value of the first member named `key` (string keys only).
    package subscript(key: String) -> BlobDraft? {
        guard let members, let at = Self.position(of: key, in: members) else { return nil }
        return members[at].value
    }

    private static func position(of key: String, in members: [Member]) -> Int? {
        let wanted = JSONString(key)
        return members.firstIndex { $0.key == .string(wanted) }
    }

    /// Replaces the first member named `key` in place; false when there is none.
    @discardableResult
    package mutating func replace(_ key: String, with value: BlobDraft) -> Bool {
        update(key) { $0 = value; return true }
    }

    /// Edits the value of the first member named `key`; false when there is none or
    /// `body` says the edit does not apply.
    @discardableResult
    package mutating func update(_ key: String, _ body: (inout BlobDraft) -> Bool) -> Bool {
        guard case .object(var members) = self, let at = Self.position(of: key, in: members) else { return false }
        guard body(&members[at].value) else { return false }
        self = .object(members)
        return true
    }

    /// Renames the first member named `key` to a raw key text; false when there is none.
    @discardableResult
    package mutating func rekey(_ key: String, to raw: String) -> Bool {
        guard case .object(var members) = self, let at = Self.position(of: key, in: members) else { return false }
        members[at].key = .raw(Array(raw.utf8))
        self = .object(members)
        return true
    }

    /// Removes the first member named `key`; false when there is none.
    @discardableResult
    package mutating func remove(_ key: String) -> Bool {
        guard case .object(var members) = self, let at = Self.position(of: key, in: members) else { return false }
        members.remove(at: at)
        self = .object(members)
        return true
    }

    /// Adds a member at the end, even when the key exists (a duplicate); false when this
    /// is not an object.
    @discardableResult
    package mutating func append(_ key: String, _ value: BlobDraft) -> Bool {
        guard case .object(var members) = self else { return false }
        members.append(Member(key, value))
        self = .object(members)
        return true
    }

    /// Sets `key`: replaces the first occurrence or appends; false when not an object.
    @discardableResult
    package mutating func set(_ key: String, _ value: BlobDraft) -> Bool {
        replace(key, with: value) || append(key, value)
    }

    /// Edits element `index` of the array; false when out of range or `body` declines.
    @discardableResult
    package mutating func updateElement(_ index: Int, _ body: (inout BlobDraft) -> Bool) -> Bool {
        guard case .array(var elements) = self, elements.indices.contains(index) else { return false }
        guard body(&elements[index]) else { return false }
        self = .array(elements)
        return true
    }

    /// Edits task `index` of the `tasks` array; false when there is no such task.
    @discardableResult
    package mutating func updateTask(_ index: Int, _ body: (inout BlobDraft) -> Bool) -> Bool {
        update("tasks") { tasks in tasks.updateElement(index, body) }
    }

    /// Edits every task that is an object; false when none was edited.
    @discardableResult
    package mutating func updateEveryTask(_ body: (inout BlobDraft) -> Bool) -> Bool {
        update("tasks") { tasks in
            guard case .array(var elements) = tasks else { return false }
            var edited = false
            for index in elements.indices where elements[index].members != nil {
                if body(&elements[index]) { edited = true }
            }
            tasks = .array(elements)
            return edited
        }
    }
}

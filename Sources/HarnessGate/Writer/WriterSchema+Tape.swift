import ContractModel
import Foundation
import WidgetSnapshot

/// The writer schema's verdict on a valid blob, reached on the blob's `JSONTape` (the flat
/// record the Swift reader reads) instead of a `JSONValue` tree: `fuzz states` checks every
/// blob, and building and freeing its tree (a heap array per key, string and container) cost
/// more than the rules themselves. It only says *valid*: a blob it does not accept is walked
/// again as a tree by `violations(of:)`, which words the messages, so the two walks need only
/// agree on which blobs are valid, and where the tape walk is unsure (an object whose keys
/// repeat or hold escapes, whose members a tree would merge) it does not accept.
extension WriterSchema {
    /// True when `blob`, recorded as `tape`, breaks no rule (`violations(of:)` would be empty);
    /// false when it breaks one or the tape walk cannot tell.
    func accepts(_ blob: [UInt8], tape: JSONTape) -> Bool {
        blob.withUnsafeBufferPointer { bytes in
            tape.withEntries { entries in
                TapeWalk(schema: self, reader: JSONTapeReader(bytes: bytes, entries: entries)).accepts(0, rootNode)
            }
        }
    }

    /// `check` over the tape, answering only whether anything was found.
    private struct TapeWalk {
        let schema: WriterSchema
        let reader: JSONTapeReader

        func accepts(_ index: Int, _ node: Node) -> Bool {
            if let allowed = node.boolean { return allowed }
            guard node.hasRules else { return true }
            if let (_, target) = node.ref {
                guard let target, accepts(index, target) else { return false }
            }
            let kind = reader.kind(index)
            if let kinds = node.typeKinds, kinds.isDisjoint(with: self.kinds(index)) { return false }
            if node.constant != nil || node.enumeration != nil {
                let value = reader.value(index)
                if let constant = node.constant, !schema.same(value, constant) { return false }
                if let options = node.enumeration, !options.contains(where: { schema.same(value, $0) }) { return false }
            }
            switch kind {
            case .object:
                return acceptsObject(index, node)
            case .array:
                var count = 0
                var item = index + 1
                let end = reader.after(index)
                while item < end {
                    if let itemSchema = node.items, !accepts(item, itemSchema) { return false }
                    count += 1
                    item = reader.after(item)
                }
                if let most = node.maxItems, count > most { return false }
                if let least = node.minItems, count < least { return false }
                return true
            case .string, .key:
                guard node.hasStringRules else { return true }
                let string = String(decoding: reader.decodedText(index), as: UTF8.self)
                let length = string.unicodeScalars.count
                if let least = node.minLength, length < least { return false }
                if let most = node.maxLength, length > most { return false }
                if let (_, matcher) = node.pattern, !matcher.matches(string) { return false }
                return true
            case .integer, .double:
                guard node.minimum != nil || node.maximum != nil else { return true }
                let value = reader.value(index)
                if let minimum = node.minimum, schema.compare(value, minimum) == .orderedAscending { return false }
                if let maximum = node.maximum, schema.compare(value, maximum) == .orderedDescending { return false }
                return true
            case .null, .false, .true:
                return true
            }
        }

        /// `Kinds.of` the value at `index`, containers and strings without building them.
        private func kinds(_ index: Int) -> Kinds {
            switch reader.kind(index) {
            case .object: .object
            case .array: .array
            case .string, .key: .string
            case .null, .false, .true, .integer, .double: Kinds.of(reader.value(index))
            }
        }

        private func same(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Bool {
            lhs.count == rhs.count && (lhs.isEmpty || memcmp(lhs.baseAddress!, rhs.baseAddress!, lhs.count) == 0)
        }

        private func acceptsObject(_ object: Int, _ node: Node) -> Bool {
            // Unsure (false) when a key holds an escape or repeats; the members are few, so each
            // key is compared with the ones before it on the tape (no array of them is built).
            let end = reader.after(object)
            var key = object + 1
            while key < end {
                guard let name = reader.unescapedText(key) else { return false }
                var earlier = object + 1
                while earlier < key {
                    if same(reader.unescapedText(earlier)!, name) { return false }
                    earlier = reader.after(earlier + 1)
                }
                key = reader.after(key + 1)
            }
            func has(_ wanted: JSONString) -> Bool {
                wanted.utf8.withUnsafeBufferPointer { wanted in
                    var key = object + 1
                    while key < end {
                        if same(reader.unescapedText(key)!, wanted) { return true }
                        key = reader.after(key + 1)
                    }
                    return false
                }
            }
            for required in node.required where !has(required) { return false }
            key = object + 1
            while key < end {
                defer { key = reader.after(key + 1) }
                let name = reader.unescapedText(key)!
                if let propertyNames = node.propertyNames {
                    var path = Pointer(), found: [String] = []
                    schema.check(.string(JSONString(utf8: Array(name))), against: propertyNames, at: &path, found: &found)
                    if !found.isEmpty { return false }
                }
                let declared = node.properties.first { property in
                    property.key.utf8.withUnsafeBufferPointer { same($0, name) }
                }?.node
                if let declared {
                    if !accepts(key + 1, declared) { return false }
                } else if node.additionalIsFalse {
                    return false
                } else if let additional = node.additional, !accepts(key + 1, additional) {
                    return false
                }
            }
            for (key, dependent) in node.dependentSchemas where has(key) {
                if !accepts(object, dependent) { return false }
            }
            return true
        }
    }
}

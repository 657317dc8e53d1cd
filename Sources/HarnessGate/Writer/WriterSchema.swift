import ContractModel
import Foundation
import HarnessCorpus
import WidgetSnapshot

/// A writer schema (`schemas/widget-snapshot.v1*.schema.json`) checked in the gate, in
/// process: every writer blob of a state the app can hold must be valid for its revision's
/// schema (CONTRACT.md §7.4). JSON Schema 2020-12, the keywords those schemas use and no
/// others: a schema with any other keyword is refused when loaded (exit 2), never half
/// checked. `scripts/check-schemas` validates the same blobs with check-jsonschema, so the
/// two validators check each other.
package struct WriterSchema: Sendable {
    /// The keywords this validator applies (annotations included).
    static let keywords: Set<String> = ["$schema", "$id", "$comment", "title", "description", "type", "enum", "const",
                                        "properties", "required", "additionalProperties", "propertyNames",
                                        "dependentSchemas", "items", "minItems", "maxItems", "minLength", "maxLength",
                                        "pattern", "minimum", "maximum", "$ref", "$defs"]

    /// `schemas/<file>`.
    package let file: String
    private let documents: [String: JSONValue]
    private let patterns: [String: Pattern]

    /// `NSRegularExpression` is thread-safe once built but not `Sendable`.
    struct Pattern: @unchecked Sendable {
        var regex: NSRegularExpression

        /// Whether the pattern matches somewhere in `string`.
        func matches(_ string: String) -> Bool {
            regex.firstMatch(in: string, range: NSRange(string.startIndex..., in: string)) != nil
        }
    }

    /// The writer schema of a revision: 1 → `widget-snapshot.v1.schema.json`, N → `…v1.rN…`.
    package static func fileName(revision: Int) -> String {
        revision == 1 ? "widget-snapshot.v1.schema.json" : "widget-snapshot.v1.r\(revision).schema.json"
    }

    /// Loads `schemas/<file>` and every schema file it refers to, under `root`.
    package static func load(root: URL, file: String) throws(HarnessInputError) -> WriterSchema {
        var documents: [String: JSONValue] = [:]
        var patterns: [String: Pattern] = [:]
        var pending = [file]
        let tree = TreeBoundary(root: root)
        while let next = pending.popLast() {
            guard documents[next] == nil else { continue }
            let shown = "schemas/\(next)"
            guard CaseID.isWord(next), !next.hasPrefix(".") else {
                throw HarnessInputError(file: shown, message: "a schema refers to a file outside schemas/")
            }
            let bytes = try GoldenText.require(root.appendingPathComponent(shown), displayName: shown, tree: tree)
            let document: JSONValue
            do {
                document = try JSONParser().parse(bytes)
            } catch {
                throw HarnessInputError(file: shown, message: "not JSON: \(error)")
            }
            documents[next] = document
            try walk(document, file: shown, at: "#") { keyword, value, path throws(HarnessInputError) in
                if keyword == "$ref", case .string(let ref) = value {
                    let target = ref.string.prefix { $0 != "#" }
                    if !target.isEmpty { pending.append(String(target)) }
                }
                if keyword == "pattern", case .string(let text) = value, patterns[text.string] == nil {
                    guard let regex = try? NSRegularExpression(pattern: text.string) else {
                        throw HarnessInputError(file: shown, field: path, message: "pattern is not a regular expression")
                    }
                    patterns[text.string] = Pattern(regex: regex)
                }
            }
        }
        return WriterSchema(file: "schemas/\(file)", documents: documents, patterns: patterns, root: file)
    }

    /// The root schema, compiled once (`Node`).
    let rootNode: Node

    private init(file: String, documents: [String: JSONValue], patterns: [String: Pattern], root: String) {
        self.file = file
        self.documents = documents
        self.patterns = patterns
        var compiler = Compiler(documents: documents, patterns: patterns)
        rootNode = compiler.compile(documents[root] ?? .null, in: root)
    }

    /// Every rule `blob` breaks, each `at <JSON pointer>: <what>`; empty when it is valid.
    /// A blob the tape check accepts (`accepts(_:tape:)`, most of them) is valid without a
    /// tree; the others are parsed into one and walked for the messages.
    package func violations(_ blob: [UInt8]) -> [String] {
        let tape = blob.withUnsafeBufferPointer { try? JSONTape($0) }
        return violations(blob, tape: tape)
    }

    /// The same for a blob already recorded as `tape` (nil: it is not JSON).
    package func violations(_ blob: [UInt8], tape: JSONTape?) -> [String] {
        if let tape, accepts(blob, tape: tape) { return [] }
        let value: JSONValue
        do {
            value = try JSONParser().parse(blob)
        } catch {
            return ["not JSON: \(error)"]
        }
        return violations(of: value)
    }

    /// The same for a blob already parsed (`fuzz states` parses each blob once).
    package func violations(of value: JSONValue) -> [String] {
        var found: [String] = []
        var path = Pointer()
        check(value, against: rootNode, at: &path, found: &found)
        return found
    }

    // MARK: - Validation

    /// The JSON pointer of the value being checked, kept as a stack of steps and spelled out
    /// only for a violation (building every child's path string was most of a valid blob's cost).
    struct Pointer {
        enum Step { case index(Int), key(JSONString), keyItself(JSONString) }
        var steps: [Step] = []

        /// `/`, or each step `/<token>` (a key's own check ends ` (the key)`).
        var shown: String {
            if steps.isEmpty { return "/" }
            var text = ""
            for step in steps {
                switch step {
                case .index(let index): text += "/\(index)"
                case .key(let key): text += "/" + Pointer.token(key.string)
                case .keyItself(let key): text += "/" + Pointer.token(key.string) + " (the key)"
                }
            }
            return text
        }

        static func token(_ key: String) -> String {
            guard key.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return key }
            return key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
        }
    }

    /// One schema position compiled once at load: its keywords read into fields, each `$ref`
    /// resolved and every child schema compiled, so checking a value looks no keyword up by
    /// name (a dozen lookups per checked value were most of the validator's cost). Immutable
    /// once `Compiler` has filled it.
    final class Node: @unchecked Sendable {
        /// The schema file the position is in (`$ref`s resolve from it; pattern messages name it).
        let file: String
        /// A boolean schema (`false` allows nothing), nil for any other.
        var boolean: Bool?
        /// False for a schema that is neither an object nor a boolean: no rules.
        var hasRules = false
        var ref: (text: String, target: Node?)?
        /// `type`'s value kinds (`Kinds`); nil without `type` or for a `type` that is neither a string nor an array.
        var typeKinds: Kinds?
        var typeText = ""
        var constant: JSONValue?
        var enumeration: [JSONValue]?
        var maxItems: Int64?, minItems: Int64?
        var items: Node?
        /// Any of `minLength`, `maxLength`, `pattern` present (of any type).
        var hasStringRules = false
        var minLength: Int64?, maxLength: Int64?
        var pattern: (text: String, matcher: Pattern)?
        var minimum: JSONValue?, maximum: JSONValue?
        var properties: [(key: JSONString, node: Node)] = []
        var required: [JSONString] = []
        var propertyNames: Node?
        /// `additionalProperties`: false (`additionalIsFalse`) or a schema.
        var additional: Node?
        var additionalIsFalse = false
        var dependentSchemas: [(key: JSONString, node: Node)] = []

        init(file: String) { self.file = file }
    }

    /// The kinds of JSON value a `type` allows (`integer` allows an integral double too).
    struct Kinds: OptionSet {
        let rawValue: UInt8
        static let object = Kinds(rawValue: 1), array = Kinds(rawValue: 2), string = Kinds(rawValue: 4), boolean = Kinds(rawValue: 8)
        static let null = Kinds(rawValue: 16), integer = Kinds(rawValue: 32), double = Kinds(rawValue: 64), integralDouble = Kinds(rawValue: 128)

        /// What one type name allows (none for a name JSON Schema does not have).
        init(typeName: String) {
            switch typeName {
            case "object": self = .object
            case "array": self = .array
            case "string": self = .string
            case "boolean": self = .boolean
            case "null": self = .null
            case "integer": self = [.integer, .integralDouble]
            case "number": self = [.integer, .double, .integralDouble]
            default: self = []
            }
        }

        init(rawValue: UInt8) { self.rawValue = rawValue }

        /// The kinds `value` is.
        static func of(_ value: JSONValue) -> Kinds {
            switch value {
            case .object: .object
            case .array: .array
            case .string: .string
            case .bool: .boolean
            case .null: .null
            case .integer: .integer
            case .double(let number): number.rounded() == number ? [.double, .integralDouble] : .double
            }
        }
    }

    /// Compiles schema positions into `Node`s; a `$ref` target once per reference and file
    /// (so a schema that refers to itself compiles to a loop, not forever).
    private struct Compiler {
        let documents: [String: JSONValue]
        let patterns: [String: Pattern]
        private struct RefKey: Hashable { var ref: String; var from: String }
        private var targets: [RefKey: Node?] = [:]

        init(documents: [String: JSONValue], patterns: [String: Pattern]) {
            self.documents = documents
            self.patterns = patterns
        }

        mutating func compile(_ schema: JSONValue, in file: String) -> Node {
            let node = Node(file: file)
            fill(node, from: schema)
            return node
        }

        private mutating func fill(_ node: Node, from schema: JSONValue) {
            if case .bool(let allowed) = schema {
                node.boolean = allowed
                return
            }
            guard case .object(let rules) = schema else { return }
            let file = node.file
            node.hasRules = true
            if case .string(let ref)? = rules["$ref"] { node.ref = (ref.string, target(ref.string, from: file)) }
            if let type = rules["type"] {
                switch type {
                case .string(let name):
                    node.typeKinds = Kinds(typeName: name.string)
                    node.typeText = name.string
                case .array(let names):
                    node.typeKinds = names.reduce(into: Kinds()) { kinds, name in
                        if case .string(let name) = name { kinds.formUnion(Kinds(typeName: name.string)) }
                    }
                    node.typeText = names.compactMap { $0.stringValue?.string }.joined(separator: " or ")
                default:
                    break
                }
            }
            node.constant = rules["const"]
            if case .array(let options)? = rules["enum"] { node.enumeration = options }
            if case .integer(let most)? = rules["maxItems"] { node.maxItems = most }
            if case .integer(let least)? = rules["minItems"] { node.minItems = least }
            if let items = rules["items"] { node.items = compile(items, in: file) }
            let minLength = rules["minLength"], maxLength = rules["maxLength"], pattern = rules["pattern"]
            node.hasStringRules = minLength != nil || maxLength != nil || pattern != nil
            if case .integer(let least)? = minLength { node.minLength = least }
            if case .integer(let most)? = maxLength { node.maxLength = most }
            if case .string(let text)? = pattern, let matcher = patterns[text.string] { node.pattern = (text.string, matcher) }
            node.minimum = rules["minimum"]
            node.maximum = rules["maximum"]
            if case .object(let declared)? = rules["properties"] {
                node.properties = declared.members.map { ($0.key, compile($0.value, in: file)) }
            }
            if case .array(let required)? = rules["required"] {
                node.required = required.compactMap { if case .string(let key) = $0 { key } else { nil } }
            }
            if let names = rules["propertyNames"] { node.propertyNames = compile(names, in: file) }
            if let additional = rules["additionalProperties"] {
                if case .bool(false) = additional { node.additionalIsFalse = true } else { node.additional = compile(additional, in: file) }
            }
            if case .object(let dependent)? = rules["dependentSchemas"] {
                node.dependentSchemas = dependent.members.map { ($0.key, compile($0.value, in: file)) }
            }
        }

        /// The node `ref` (from `file`) points at, nil when it does not resolve.
        private mutating func target(_ ref: String, from file: String) -> Node? {
            let key = RefKey(ref: ref, from: file)
            if let known = targets[key] { return known }
            let (targetFile, resolved) = WriterSchema.resolve(ref, from: file, in: documents)
            guard let resolved else {
                targets[key] = .some(nil)
                return nil
            }
            let node = Node(file: targetFile)
            targets[key] = node
            fill(node, from: resolved)
            return node
        }
    }

    func check(_ value: JSONValue, against node: Node, at path: inout Pointer, found: inout [String]) {
        if let allowed = node.boolean {
            if !allowed { found.append("at \(path.shown): not allowed here") }
            return
        }
        guard node.hasRules else { return }
        if let (ref, target) = node.ref {
            if let target { check(value, against: target, at: &path, found: &found) }
            else { found.append("at \(path.shown): $ref \(ref) does not resolve") }
        }
        if let kinds = node.typeKinds, kinds.isDisjoint(with: Kinds.of(value)) {
            found.append("at \(path.shown): \(describe(value)) is not of type \(node.typeText)")
            return
        }
        if let constant = node.constant, !same(value, constant) {
            found.append("at \(path.shown): \(describe(value)) is not \(String(decoding: JSONWriter.compact(constant), as: UTF8.self))")
        }
        if let options = node.enumeration, !options.contains(where: { same(value, $0) }) {
            found.append("at \(path.shown): \(describe(value)) is none of the allowed values")
        }
        switch value {
        case .object(let object):
            checkObject(object, node, at: &path, found: &found)
        case .array(let items):
            if let most = node.maxItems, items.count > most {
                found.append("at \(path.shown): \(items.count) items, more than \(most)")
            }
            if let least = node.minItems, items.count < least {
                found.append("at \(path.shown): \(items.count) items, fewer than \(least)")
            }
            if let itemSchema = node.items {
                for (index, item) in items.enumerated() {
                    path.steps.append(.index(index))
                    check(item, against: itemSchema, at: &path, found: &found)
                    path.steps.removeLast()
                }
            }
        case .string(let text):
            guard node.hasStringRules else { break }
            let string = text.string
            let length = string.unicodeScalars.count
            if let least = node.minLength, length < least {
                found.append("at \(path.shown): \(describe(value)) is shorter than \(least)")
            }
            if let most = node.maxLength, length > most {
                found.append("at \(path.shown): \(describe(value)) is longer than \(most)")
            }
            if let (pattern, matcher) = node.pattern {
                if !matcher.matches(string) {
                    found.append("at \(path.shown): \(describe(value)) does not match \(pattern.count > 40 ? "the pattern of \(node.file)" : pattern)")
                }
            }
        case .integer, .double:
            if let minimum = node.minimum, compare(value, minimum) == .orderedAscending {
                found.append("at \(path.shown): \(describe(value)) is less than the minimum \(describe(minimum))")
            }
            if let maximum = node.maximum, compare(value, maximum) == .orderedDescending {
                found.append("at \(path.shown): \(describe(value)) is more than the maximum \(describe(maximum))")
            }
        default:
            break
        }
    }

    private func checkObject(_ object: JSONObject, _ node: Node, at path: inout Pointer, found: inout [String]) {
        for key in node.required where object[key] == nil {
            found.append("at \(path.shown): \(key.string) is required but missing")
        }
        for member in object.members {
            if let propertyNames = node.propertyNames {
                path.steps.append(.keyItself(member.key))
                check(.string(member.key), against: propertyNames, at: &path, found: &found)
                path.steps.removeLast()
            }
            if let declared = node.properties.first(where: { $0.key == member.key })?.node {
                path.steps.append(.key(member.key))
                check(member.value, against: declared, at: &path, found: &found)
                path.steps.removeLast()
            } else if node.additionalIsFalse {
                found.append("at \(path.shown): \(member.key.string) is not a field the writer writes")
            } else if let additional = node.additional {
                path.steps.append(.key(member.key))
                check(member.value, against: additional, at: &path, found: &found)
                path.steps.removeLast()
            }
        }
        for (key, dependent) in node.dependentSchemas where object[key] != nil {
            check(.object(object), against: dependent, at: &path, found: &found)
        }
    }

    private static func resolve(_ ref: String, from file: String, in documents: [String: JSONValue]) -> (String, JSONValue?) {
        let target = ref.prefix { $0 != "#" }
        let fileName = target.isEmpty ? file : String(target)
        var node = documents[fileName]
        let pointer = ref.drop { $0 != "#" }.dropFirst()
        for token in pointer.split(separator: "/", omittingEmptySubsequences: true) {
            // (Foundation's replacingOccurrences was a quarter of fuzz states's time: only when needed.)
            let key = token.contains("~") ? token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~") : String(token)
            guard case .object(let object)? = node else { return (fileName, nil) }
            node = object[key]
        }
        return (fileName, node)
    }

    func same(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        if let order = numericOrder(lhs, rhs) { return order == .orderedSame }
        return lhs == rhs
    }

    func compare(_ lhs: JSONValue, _ rhs: JSONValue) -> ComparisonResult? { numericOrder(lhs, rhs) }

    private func numericOrder(_ lhs: JSONValue, _ rhs: JSONValue) -> ComparisonResult? {
        switch (lhs, rhs) {
        case (.integer(let a), .integer(let b)): return a < b ? .orderedAscending : a > b ? .orderedDescending : .orderedSame
        case (.integer(let a), .double(let b)): return order(Double(a), b)
        case (.double(let a), .integer(let b)): return order(a, Double(b))
        case (.double(let a), .double(let b)): return order(a, b)
        default: return nil
        }
    }

    private func order(_ a: Double, _ b: Double) -> ComparisonResult {
        a < b ? .orderedAscending : a > b ? .orderedDescending : .orderedSame
    }

    private func describe(_ value: JSONValue) -> String {
        let text = String(decoding: JSONWriter.compact(value), as: UTF8.self)
        return text.count > 60 ? String(text.prefix(57)) + "…" : text
    }

    // MARK: - Loading

    /// Visits every keyword of every schema position, refusing one this validator does not apply.
    private static func walk(_ schema: JSONValue, file: String, at path: String,
                             visit: (String, JSONValue, String) throws(HarnessInputError) -> Void) throws(HarnessInputError) {
        guard case .object(let rules) = schema else { return }
        for member in rules.members {
            let keyword = member.key.string
            let here = "\(path)/\(keyword)"
            guard keywords.contains(keyword) else {
                throw HarnessInputError(file: file, field: here, message: "keyword `\(keyword)` is not one the gate's writer-schema validator applies (WriterSchema.keywords); add it there first")
            }
            try visit(keyword, member.value, here)
            switch keyword {
            case "properties", "$defs", "dependentSchemas":
                if case .object(let children) = member.value {
                    for child in children.members { try walk(child.value, file: file, at: "\(here)/\(child.key.string)", visit: visit) }
                }
            case "items", "additionalProperties", "propertyNames":
                try walk(member.value, file: file, at: here, visit: visit)
            default:
                break
            }
        }
    }
}

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
    private struct Pattern: @unchecked Sendable { var regex: NSRegularExpression }

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
        var schema = WriterSchema(file: "schemas/\(file)", documents: documents, patterns: patterns, root: file)
        // Every $ref resolved once (resolving per checked value was a tenth of fuzz --writer's time).
        for (name, document) in documents {
            try walk(document, file: "schemas/\(name)", at: "#") { keyword, value, _ in
                if keyword == "$ref", case .string(let ref) = value { schema.resolved[RefKey(ref: ref.string, from: name)] = schema.resolve(ref.string, from: name) }
            }
        }
        return schema
    }

    private let root: String
    private struct RefKey: Hashable, Sendable { var ref: String; var from: String }
    private var resolved: [RefKey: (String, JSONValue?)] = [:]

    private init(file: String, documents: [String: JSONValue], patterns: [String: Pattern], root: String) {
        self.file = file
        self.documents = documents
        self.patterns = patterns
        self.root = root
    }

    /// Every rule `blob` breaks, each `at <JSON pointer>: <what>`; empty when it is valid.
    package func violations(_ blob: [UInt8]) -> [String] {
        let value: JSONValue
        do {
            value = try JSONParser().parse(blob)
        } catch {
            return ["not JSON: \(error)"]
        }
        return violations(of: value)
    }

    /// The same for a blob already parsed (`fuzz --writer` parses each blob once).
    package func violations(of value: JSONValue) -> [String] {
        var found: [String] = []
        var path = Pointer()
        check(value, against: documents[root] ?? .null, in: root, at: &path, found: &found)
        return found
    }

    // MARK: - Validation

    /// The schema keywords looked up per checked value, made once (a `String` subscript
    /// builds its key's bytes on every lookup).
    private enum Key {
        static let ref: JSONString = "$ref", type: JSONString = "type", const: JSONString = "const"
        static let enumeration: JSONString = "enum", maxItems: JSONString = "maxItems", minItems: JSONString = "minItems"
        static let items: JSONString = "items", minLength: JSONString = "minLength", maxLength: JSONString = "maxLength"
        static let pattern: JSONString = "pattern", minimum: JSONString = "minimum", maximum: JSONString = "maximum"
        static let properties: JSONString = "properties", required: JSONString = "required"
        static let propertyNames: JSONString = "propertyNames", additionalProperties: JSONString = "additionalProperties"
        static let dependentSchemas: JSONString = "dependentSchemas"
    }

    /// The JSON pointer of the value being checked, kept as a stack of steps and spelled out
    /// only for a violation (building every child's path string was most of a valid blob's cost).
    private struct Pointer {
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

    private func check(_ value: JSONValue, against schema: JSONValue, in file: String, at path: inout Pointer, found: inout [String]) {
        if case .bool(let allowed) = schema {
            if !allowed { found.append("at \(path.shown): not allowed here") }
            return
        }
        guard case .object(let rules) = schema else { return }
        if case .string(let ref)? = rules[Key.ref] {
            let (target, node) = resolved[RefKey(ref: ref.string, from: file)] ?? resolve(ref.string, from: file)
            if let node { check(value, against: node, in: target, at: &path, found: &found) }
            else { found.append("at \(path.shown): $ref \(ref.string) does not resolve") }
        }
        if let type = rules[Key.type], !matchesType(value, type) {
            found.append("at \(path.shown): \(describe(value)) is not of type \(typeNames(type))")
            return
        }
        if let constant = rules[Key.const], !same(value, constant) {
            found.append("at \(path.shown): \(describe(value)) is not \(String(decoding: JSONWriter.compact(constant), as: UTF8.self))")
        }
        if case .array(let options)? = rules[Key.enumeration], !options.contains(where: { same(value, $0) }) {
            found.append("at \(path.shown): \(describe(value)) is none of the allowed values")
        }
        switch value {
        case .object(let object):
            checkObject(object, rules, in: file, at: &path, found: &found)
        case .array(let items):
            if case .integer(let most)? = rules[Key.maxItems], items.count > most {
                found.append("at \(path.shown): \(items.count) items, more than \(most)")
            }
            if case .integer(let least)? = rules[Key.minItems], items.count < least {
                found.append("at \(path.shown): \(items.count) items, fewer than \(least)")
            }
            if let itemSchema = rules[Key.items] {
                for (index, item) in items.enumerated() {
                    path.steps.append(.index(index))
                    check(item, against: itemSchema, in: file, at: &path, found: &found)
                    path.steps.removeLast()
                }
            }
        case .string(let text):
            let minLength = rules[Key.minLength], maxLength = rules[Key.maxLength], pattern = rules[Key.pattern]
            guard minLength != nil || maxLength != nil || pattern != nil else { break }
            let string = text.string
            let length = string.unicodeScalars.count
            if case .integer(let least)? = minLength, length < least {
                found.append("at \(path.shown): \(describe(value)) is shorter than \(least)")
            }
            if case .integer(let most)? = maxLength, length > most {
                found.append("at \(path.shown): \(describe(value)) is longer than \(most)")
            }
            if case .string(let pattern)? = pattern, let regex = patterns[pattern.string]?.regex {
                if regex.firstMatch(in: string, range: NSRange(string.startIndex..., in: string)) == nil {
                    found.append("at \(path.shown): \(describe(value)) does not match \(pattern.string.count > 40 ? "the pattern of \(file)" : pattern.string)")
                }
            }
        case .integer, .double:
            if let minimum = rules[Key.minimum], compare(value, minimum) == .orderedAscending {
                found.append("at \(path.shown): \(describe(value)) is less than the minimum \(describe(minimum))")
            }
            if let maximum = rules[Key.maximum], compare(value, maximum) == .orderedDescending {
                found.append("at \(path.shown): \(describe(value)) is more than the maximum \(describe(maximum))")
            }
        default:
            break
        }
    }

    private func checkObject(_ object: JSONObject, _ rules: JSONObject, in file: String, at path: inout Pointer, found: inout [String]) {
        var properties = JSONObject()
        if case .object(let declared)? = rules[Key.properties] { properties = declared }
        if case .array(let required)? = rules[Key.required] {
            for case .string(let key) in required where object[key] == nil {
                found.append("at \(path.shown): \(key.string) is required but missing")
            }
        }
        let propertyNames = rules[Key.propertyNames], additional = rules[Key.additionalProperties]
        for member in object.members {
            if let propertyNames {
                path.steps.append(.keyItself(member.key))
                check(.string(member.key), against: propertyNames, in: file, at: &path, found: &found)
                path.steps.removeLast()
            }
            if let declared = properties[member.key] {
                path.steps.append(.key(member.key))
                check(member.value, against: declared, in: file, at: &path, found: &found)
                path.steps.removeLast()
            } else if let additional {
                if case .bool(false) = additional {
                    found.append("at \(path.shown): \(member.key.string) is not a field the writer writes")
                } else {
                    path.steps.append(.key(member.key))
                    check(member.value, against: additional, in: file, at: &path, found: &found)
                    path.steps.removeLast()
                }
            }
        }
        if case .object(let dependent)? = rules[Key.dependentSchemas] {
            for member in dependent.members where object[member.key] != nil {
                check(.object(object), against: member.value, in: file, at: &path, found: &found)
            }
        }
    }

    private func resolve(_ ref: String, from file: String) -> (String, JSONValue?) {
        let target = ref.prefix { $0 != "#" }
        let fileName = target.isEmpty ? file : String(target)
        var node = documents[fileName]
        let pointer = ref.drop { $0 != "#" }.dropFirst()
        for token in pointer.split(separator: "/", omittingEmptySubsequences: true) {
            // (Foundation's replacingOccurrences was a quarter of fuzz --writer's time: only when needed.)
            let key = token.contains("~") ? token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~") : String(token)
            guard case .object(let object)? = node else { return (fileName, nil) }
            node = object[key]
        }
        return (fileName, node)
    }

    private func matchesType(_ value: JSONValue, _ type: JSONValue) -> Bool {
        switch type {
        case .string(let name): return isOfType(value, name.string)
        case .array(let names): return names.contains { if case .string(let name) = $0 { isOfType(value, name.string) } else { false } }
        default: return true
        }
    }

    private func isOfType(_ value: JSONValue, _ name: String) -> Bool {
        switch (value, name) {
        case (.object, "object"), (.array, "array"), (.string, "string"), (.bool, "boolean"), (.null, "null"),
             (.integer, "integer"), (.integer, "number"), (.double, "number"): return true
        case (.double(let number), "integer"): return number.rounded() == number
        default: return false
        }
    }

    private func typeNames(_ type: JSONValue) -> String {
        switch type {
        case .string(let name): return name.string
        case .array(let names): return names.compactMap { $0.stringValue?.string }.joined(separator: " or ")
        default: return "?"
        }
    }

    private func same(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        if let order = numericOrder(lhs, rhs) { return order == .orderedSame }
        return lhs == rhs
    }

    private func compare(_ lhs: JSONValue, _ rhs: JSONValue) -> ComparisonResult? { numericOrder(lhs, rhs) }

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

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
        check(value, against: documents[root] ?? .null, in: root, at: "", found: &found)
        return found
    }

    // MARK: - Validation

    private func check(_ value: JSONValue, against schema: JSONValue, in file: String, at path: String, found: inout [String]) {
        if case .bool(let allowed) = schema {
            if !allowed { found.append("at \(shown(path)): not allowed here") }
            return
        }
        guard case .object(let rules) = schema else { return }
        if case .string(let ref)? = rules["$ref"] {
            let (target, node) = resolved[RefKey(ref: ref.string, from: file)] ?? resolve(ref.string, from: file)
            if let node { check(value, against: node, in: target, at: path, found: &found) }
            else { found.append("at \(shown(path)): $ref \(ref.string) does not resolve") }
        }
        if let type = rules["type"], !matchesType(value, type) {
            found.append("at \(shown(path)): \(describe(value)) is not of type \(typeNames(type))")
            return
        }
        if let constant = rules["const"], !same(value, constant) {
            found.append("at \(shown(path)): \(describe(value)) is not \(String(decoding: JSONWriter.compact(constant), as: UTF8.self))")
        }
        if case .array(let options)? = rules["enum"], !options.contains(where: { same(value, $0) }) {
            found.append("at \(shown(path)): \(describe(value)) is none of the allowed values")
        }
        switch value {
        case .object(let object):
            checkObject(object, rules, in: file, at: path, found: &found)
        case .array(let items):
            if case .integer(let most)? = rules["maxItems"], items.count > most {
                found.append("at \(shown(path)): \(items.count) items, more than \(most)")
            }
            if case .integer(let least)? = rules["minItems"], items.count < least {
                found.append("at \(shown(path)): \(items.count) items, fewer than \(least)")
            }
            if let itemSchema = rules["items"] {
                for (index, item) in items.enumerated() { check(item, against: itemSchema, in: file, at: "\(path)/\(index)", found: &found) }
            }
        case .string(let text):
            let length = text.string.unicodeScalars.count
            if case .integer(let least)? = rules["minLength"], length < least {
                found.append("at \(shown(path)): \(describe(value)) is shorter than \(least)")
            }
            if case .integer(let most)? = rules["maxLength"], length > most {
                found.append("at \(shown(path)): \(describe(value)) is longer than \(most)")
            }
            if case .string(let pattern)? = rules["pattern"], let regex = patterns[pattern.string]?.regex {
                let string = text.string
                if regex.firstMatch(in: string, range: NSRange(string.startIndex..., in: string)) == nil {
                    found.append("at \(shown(path)): \(describe(value)) does not match \(pattern.string.count > 40 ? "the pattern of \(file)" : pattern.string)")
                }
            }
        case .integer, .double:
            if let minimum = rules["minimum"], compare(value, minimum) == .orderedAscending {
                found.append("at \(shown(path)): \(describe(value)) is less than the minimum \(describe(minimum))")
            }
            if let maximum = rules["maximum"], compare(value, maximum) == .orderedDescending {
                found.append("at \(shown(path)): \(describe(value)) is more than the maximum \(describe(maximum))")
            }
        default:
            break
        }
    }

    private func checkObject(_ object: JSONObject, _ rules: JSONObject, in file: String, at path: String, found: inout [String]) {
        var properties = JSONObject()
        if case .object(let declared)? = rules["properties"] { properties = declared }
        if case .array(let required)? = rules["required"] {
            for case .string(let key) in required where object[key] == nil {
                found.append("at \(shown(path)): \(key.string) is required but missing")
            }
        }
        for member in object.members {
            let childPath = "\(path)/\(pointerToken(member.key.string))"
            if let propertyNames = rules["propertyNames"] {
                check(.string(member.key), against: propertyNames, in: file, at: childPath + " (the key)", found: &found)
            }
            if let declared = properties[member.key] {
                check(member.value, against: declared, in: file, at: childPath, found: &found)
            } else if let additional = rules["additionalProperties"] {
                if case .bool(false) = additional {
                    found.append("at \(shown(path)): \(member.key.string) is not a field the writer writes")
                } else {
                    check(member.value, against: additional, in: file, at: childPath, found: &found)
                }
            }
        }
        if case .object(let dependent)? = rules["dependentSchemas"] {
            for member in dependent.members where object[member.key] != nil {
                check(.object(object), against: member.value, in: file, at: path, found: &found)
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

    private func shown(_ path: String) -> String { path.isEmpty ? "/" : path }

    private func pointerToken(_ key: String) -> String {
        guard key.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return key }
        return key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
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

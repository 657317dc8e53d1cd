import WidgetSnapshot

/// Reads the fields of one JSON object strictly, turning every surprise (missing field,
/// wrong kind, unknown key) into a `HarnessInputError` that names the field.
///
/// Shared by the fixture loader, the case-stream reader and the canonical-line reader so
/// that all refuse bad input in the same words.
package struct JSONFieldReader {
    package let object: JSONObject
    package let file: String
    package let line: Int?
    /// The path of `object` itself ("" at the top), or of the array holding it.
    private let base: String
    /// The position of `object` in the array at `base`, when it is an element.
    private let element: Int?
    /// The dotted path of `object` itself ("" at the top): built only when a message
    /// names it (a view line's task rows are read by the thousand).
    package var path: String { element.map { "\(base)[\($0)]" } ?? base }

    package init(_ object: JSONObject, file: String, line: Int? = nil, path: String = "") {
        self.init(object, file: file, line: line, base: path, element: nil)
    }

    private init(_ object: JSONObject, file: String, line: Int?, base: String, element: Int?) {
        self.object = object
        self.file = file
        self.line = line
        self.base = base
        self.element = element
    }

    /// The reader of `object`, element `index` of this reader's array `key`.
    package func element(_ object: JSONObject, of key: String, at index: Int) -> JSONFieldReader {
        JSONFieldReader(object, file: file, line: line, base: fieldPath(key), element: index)
    }

    /// The fields of a whole JSON file that must hold one object (a fixture, a finding, the
    /// zone-day file): not JSON names the line, any other top-level value is line 1.
    package static func document(_ bytes: [UInt8], file: String) throws(HarnessInputError) -> JSONFieldReader {
        let document: JSONValue
        do {
            document = try JSONParser().parse(bytes)
        } catch {
            throw HarnessInputError(file: file, line: error.line, message: "not JSON: \(error.message)")
        }
        guard case .object(let top) = document else { throw HarnessInputError(file: file, line: 1, message: "expected a JSON object") }
        return JSONFieldReader(top, file: file)
    }

    package func fieldPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    package func failure(_ key: String?, _ message: String) -> HarnessInputError {
        HarnessInputError(file: file, line: line, field: key.map(fieldPath) ?? (path.isEmpty ? nil : path), message: message)
    }

    /// Refuses members other than `allowed` (a typo would otherwise be ignored).
    package func rejectUnknownKeys(allowed: Set<String>) throws(HarnessInputError) {
        for member in object.members where !allowed.contains(member.key.string) {
            throw failure(member.key.string, "unknown field")
        }
    }

    package func has(_ key: String) -> Bool { object[key] != nil }

    package func value(_ key: String) throws(HarnessInputError) -> JSONValue {
        guard let value = object[key] else { throw failure(key, "missing") }
        return value
    }

    package func string(_ key: String) throws(HarnessInputError) -> JSONString {
        guard case .string(let text) = try value(key) else { throw failure(key, "expected a string") }
        return text
    }

    package func bool(_ key: String) throws(HarnessInputError) -> Bool {
        guard case .bool(let flag) = try value(key) else { throw failure(key, "expected true or false") }
        return flag
    }

    package func integer(_ key: String) throws(HarnessInputError) -> Int64 {
        guard case .integer(let number) = try value(key) else { throw failure(key, "expected an integer") }
        return number
    }

    package func object(_ key: String) throws(HarnessInputError) -> JSONObject {
        guard case .object(let member) = try value(key) else { throw failure(key, "expected an object") }
        return member
    }

    package func array(_ key: String) throws(HarnessInputError) -> [JSONValue] {
        guard case .array(let elements) = try value(key) else { throw failure(key, "expected an array") }
        return elements
    }

    package func nested(_ key: String) throws(HarnessInputError) -> JSONFieldReader {
        JSONFieldReader(try object(key), file: file, line: line, path: fieldPath(key))
    }
}

import WidgetSnapshot

/// Reads the fields of one JSON object strictly, turning every surprise (missing field,
/// wrong kind, unknown key) into a `HarnessInputError` that names the field.
///
/// Shared by the fixture loader and the case-stream reader so that both refuse bad input
/// in the same words.
struct JSONFieldReader {
    let object: JSONObject
    let file: String
    let line: Int?
    /// The dotted path of `object` itself ("" at the top).
    let path: String

    init(_ object: JSONObject, file: String, line: Int? = nil, path: String = "") {
        self.object = object
        self.file = file
        self.line = line
        self.path = path
    }

    func fieldPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    func failure(_ key: String?, _ message: String) -> HarnessInputError {
        HarnessInputError(file: file, line: line, field: key.map(fieldPath) ?? (path.isEmpty ? nil : path), message: message)
    }

    /// Refuses members other than `allowed` (a typo would otherwise be ignored).
    func rejectUnknownKeys(allowed: Set<String>) throws(HarnessInputError) {
        for key in object.keys where !allowed.contains(key.string) {
            throw failure(key.string, "unknown field")
        }
    }

    func has(_ key: String) -> Bool { object[key] != nil }

    func value(_ key: String) throws(HarnessInputError) -> JSONValue {
        guard let value = object[key] else { throw failure(key, "missing") }
        return value
    }

    func string(_ key: String) throws(HarnessInputError) -> JSONString {
        guard case .string(let text) = try value(key) else { throw failure(key, "expected a string") }
        return text
    }

    func bool(_ key: String) throws(HarnessInputError) -> Bool {
        guard case .bool(let flag) = try value(key) else { throw failure(key, "expected true or false") }
        return flag
    }

    func integer(_ key: String) throws(HarnessInputError) -> Int64 {
        guard case .integer(let number) = try value(key) else { throw failure(key, "expected an integer") }
        return number
    }

    func object(_ key: String) throws(HarnessInputError) -> JSONObject {
        guard case .object(let member) = try value(key) else { throw failure(key, "expected an object") }
        return member
    }

    func array(_ key: String) throws(HarnessInputError) -> [JSONValue] {
        guard case .array(let elements) = try value(key) else { throw failure(key, "expected an array") }
        return elements
    }

    func nested(_ key: String) throws(HarnessInputError) -> JSONFieldReader {
        JSONFieldReader(try object(key), file: file, line: line, path: fieldPath(key))
    }

    /// An object of `id → true/false`, kept in its order.
    func pendingTargets(_ key: String) throws(HarnessInputError) -> [Case.PendingTarget] {
        var targets: [Case.PendingTarget] = []
        for member in try object(key).members {
            guard case .bool(let flag) = member.value else {
                throw failure("\(key).\(member.key.string)", "expected true or false")
            }
            targets.append(Case.PendingTarget(taskId: member.key, isDone: flag))
        }
        return targets
    }
}

import WidgetSnapshot

/// A described field's value in the canonical line, both ways (CONTRACT.md §6): text as the
/// view escapes it, integers in decimal, `null`, `{"error":"…"}` for a failed question, an
/// object's members in its type's order. What `CanonicalLineWriter` and `ViewLine` call for
/// every field a revision after 1 adds.
extension ViewMember {
    /// Appends `value` as this member's JSON.
    package func appendValue(_ value: ViewValue, to out: inout [UInt8]) {
        Self.append(value, type: type, to: &out)
    }

    private static func append(_ value: ViewValue, type: ViewType, to out: inout [UInt8]) {
        switch value {
        case .null:
            out.append(contentsOf: "null".utf8)
        case .bool(let flag):
            out.append(contentsOf: (flag ? "true" : "false").utf8)
        case .int(let number):
            JSONWriter.appendInteger(number, to: &out)
        case .text(let text):
            JSONWriter.appendString(Array(text.utf8), to: &out)
        case .error(let reason):
            out.append(contentsOf: #"{"error":"#.utf8)
            JSONWriter.appendString(Array(reason.utf8), to: &out)
            out.append(UInt8(ascii: "}"))
        case .list(let elements):
            guard case .list(let element) = type else { return out.append(contentsOf: "null".utf8) }
            out.append(UInt8(ascii: "["))
            for (index, item) in elements.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                append(item, type: element, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let values):
            guard case .object(let members) = type else { return out.append(contentsOf: "null".utf8) }
            out.append(UInt8(ascii: "{"))
            for (index, (member, item)) in zip(members, values).enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                JSONWriter.appendString(Array(member.name.utf8), to: &out)
                out.append(UInt8(ascii: ":"))
                append(item, type: member.type, to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Reads this member's value from a view line; `fields` is the object holding it (for the
    /// file, line and path in errors). Strict: every member of an object, no other key, the
    /// described kinds only.
    package func readValue(_ json: JSONValue, in fields: JSONFieldReader) throws(HarnessInputError) -> ViewValue {
        try Self.read(json, name: name, type: type, nullable: nullable, orError: orError, in: fields)
    }

    private static func read(_ json: JSONValue, name: String, type: ViewType, nullable: Bool, orError: Bool,
                             in fields: JSONFieldReader) throws(HarnessInputError) -> ViewValue {
        if orError, case .object(let object) = json, object.count == 1, let reason = object["error"] {
            guard case .string(let text) = reason else { throw fields.failure("\(name).error", "expected a string") }
            return .error(text.string)
        }
        if case .null = json {
            guard nullable else { throw fields.failure(name, "expected \(describe(type)), not null") }
            return .null
        }
        switch (type, json) {
        case (.text, .string(let text)):
            return .text(text.string)
        case (.int, .integer(let number)):
            return .int(number)
        case (.bool, .bool(let flag)):
            return .bool(flag)
        case (.enumeration(let values), .string(let text)):
            guard values.contains(text.string) else {
                throw fields.failure(name, "expected one of \(values.map { "\"\($0)\"" }.joined(separator: ", ")), got \"\(text.string)\"")
            }
            return .text(text.string)
        case (.object(let members), .object(let object)):
            let inner = try fields.nested(name)
            try inner.rejectUnknownKeys(allowed: Set(members.map(\.name)))
            var values: [ViewValue] = []
            values.reserveCapacity(members.count)
            for member in members {
                guard let value = object[member.name] else { throw inner.failure(member.name, "missing") }
                values.append(try read(value, name: member.name, type: member.type, nullable: member.nullable,
                                       orError: member.orError, in: inner))
            }
            return .object(values)
        case (.list(let element), .array(let items)):
            var values: [ViewValue] = []
            values.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                guard case .object(let object) = item, case .object(let members) = element else {
                    throw fields.failure("\(name)[\(index)]", "expected \(describe(element))")
                }
                let inner = fields.element(object, of: name, at: index)
                try inner.rejectUnknownKeys(allowed: Set(members.map(\.name)))
                var memberValues: [ViewValue] = []
                for member in members {
                    guard let value = object[member.name] else { throw inner.failure(member.name, "missing") }
                    memberValues.append(try read(value, name: member.name, type: member.type, nullable: member.nullable,
                                                 orError: member.orError, in: inner))
                }
                values.append(.object(memberValues))
            }
            return .list(values)
        default:
            throw fields.failure(name, "expected \(describe(type))" + (nullable ? " or null" : "") + (orError ? " or {\"error\":…}" : ""))
        }
    }

    private static func describe(_ type: ViewType) -> String {
        switch type {
        case .text: return "a string"
        case .int: return "an integer"
        case .bool: return "true or false"
        case .enumeration(let values): return "one of " + values.map { "\"\($0)\"" }.joined(separator: ", ")
        case .object: return "an object"
        case .list: return "an array"
        }
    }
}

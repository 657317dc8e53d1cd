import WidgetSnapshot

/// A testee's line for a case it could not decode (CONTRACT.md §6):
/// `{"id":"<case id, or "" when none can be read>","crash":"<what happened> in <where>"}`.
enum CrashLine {
    static func bytes(id: String, reason: String) -> [UInt8] {
        var out = Array(#"{"id":"#.utf8)
        JSONWriter.appendString(Array(id.utf8), to: &out)
        out += Array(#","crash":"#.utf8)
        JSONWriter.appendString(Array(reason.utf8), to: &out)
        out.append(UInt8(ascii: "}"))
        return out
    }

    /// The `id` of a line that is not a valid case, when it is at least a JSON object with a
    /// string `id`; `""` otherwise.
    static func id(inBadLine line: [UInt8]) -> String {
        guard let value = try? JSONParser().parse(line), case .object(let object) = value,
              case .string(let id)? = object["id"] else { return "" }
        return id.string
    }
}

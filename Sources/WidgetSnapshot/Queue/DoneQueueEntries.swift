/// The stored form of the pending taps (CONTRACT.md §10.2, format `ios`): a JSON object
/// `{taskId: {"tappedAt"?: epochMs, "revision": String, "target": Bool}}` in the order the tasks
/// were first tapped — the app's iOS port's entries (`DoneQueueEntry`, which ignores `tappedAt`)
/// plus the time of a done tap. Ids are kept by exact bytes.
struct DoneQueueEntries: Sendable {
    struct Entry: Sendable, Equatable {
        var target: Bool
        var revision: String
        var tappedAt: Int64?
    }

    private var ids: [JSONString] = []
    private var byID: [JSONString: Entry] = [:]

    init() {}

    var isEmpty: Bool { byID.isEmpty }

    subscript(id: JSONString) -> Entry? { byID[id] }

    mutating func set(_ id: JSONString, _ entry: Entry) {
        if byID.updateValue(entry, forKey: id) == nil { ids.append(id) }
    }

    mutating func remove(_ id: JSONString) {
        guard byID.removeValue(forKey: id) != nil else { return }
        ids.removeAll { $0 == id }
    }

    /// In the order they are stored.
    var ordered: [(id: JSONString, entry: Entry)] {
        ids.compactMap { id in byID[id].map { (id: id, entry: $0) } }
    }

    /// Nil bytes: no queue yet. Throws for anything but the queue's object form.
    static func decode(_ bytes: [UInt8]?) throws -> DoneQueueEntries {
        var entries = DoneQueueEntries()
        guard let bytes else { return entries }
        guard case .object(let object) = try JSONParser().parse(bytes) else { throw DoneQueueFormatError.notTheQueue }
        for member in object.members {
            guard case .object(let fields) = member.value, case .bool(let target)? = fields["target"],
                  case .string(let revision)? = fields["revision"] else { throw DoneQueueFormatError.notTheQueue }
            var tappedAt: Int64?
            switch fields["tappedAt"] {
            case .integer(let ms)?: tappedAt = ms
            case nil, .null?: tappedAt = nil
            default: throw DoneQueueFormatError.notTheQueue
            }
            entries.set(member.key, Entry(target: target, revision: revision.string, tappedAt: tappedAt))
        }
        return entries
    }

    func encoded() -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "{")]
        for (position, item) in ordered.enumerated() {
            if position > 0 { out.append(UInt8(ascii: ",")) }
            JSONWriter.appendString(item.id.utf8, to: &out)
            out += Array(#":{"#.utf8)
            if let tappedAt = item.entry.tappedAt { out += Array(#""tappedAt":\#(tappedAt),"#.utf8) }
            out += Array(#""revision":"#.utf8)
            JSONWriter.appendString(Array(item.entry.revision.utf8), to: &out)
            out += Array((item.entry.target ? #","target":true}"# : #","target":false}"#).utf8)
        }
        out.append(UInt8(ascii: "}"))
        return out
    }

    /// A compact JSON object of `pairs` in order.
    static func object(_ pairs: [(JSONString, JSONValue)]) -> [UInt8] {
        var object = JSONObject()
        for (key, value) in pairs { object[key] = value }
        return JSONWriter.compact(.object(object))
    }
}

/// The unreadable slot: the stored values set aside, as a JSON array of their texts (bytes that
/// are not UTF-8 read with U+FFFD).
enum UnreadableValues {
    static func encode(_ values: [[UInt8]]) -> [UInt8] {
        JSONWriter.compact(.array(values.map { .string(JSONString(String(decoding: $0, as: UTF8.self))) }))
    }

    static func decode(_ bytes: [UInt8]) -> [[UInt8]]? {
        guard case .array(let elements)? = try? JSONParser().parse(bytes) else { return nil }
        return elements.compactMap { $0.stringValue?.utf8 }
    }
}

/// A stored value that is not the queue's form.
public enum DoneQueueFormatError: Error {
    case notTheQueue
}

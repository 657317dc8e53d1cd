import Foundation
import WidgetSnapshot

/// The case stream codec (CONTRACT.md §6): one JSON object per line, keys `id`, `blob` or
/// `blobBase64`, `pendingDoneTargets`, `pendingDoneTimestamps` (each only when non-empty),
/// `selectedProjectId` (only when there is one), `capacity` (only when not 20), `nowMs`, `timeZone`,
/// `deviceLocale` (only when the case names one).
///
/// The stream is the only thing an external testee (the Kotlin end) sees, and its hash
/// names what a recording was made from, so writing is byte-stable and reading is strict.
package enum CaseStream {
    /// The stream's bytes: each case's line followed by `\n`.
    package static func write(_ cases: [Case]) -> [UInt8] {
        var out: [UInt8] = []
        for item in cases {
            appendLine(item, to: &out)
            out.append(UInt8(ascii: "\n"))
        }
        return out
    }

    /// Same as `write(_:)`.
    package static func encode(_ cases: [Case]) -> [UInt8] { write(cases) }

    /// One case's line, without the newline.
    package static func line(_ item: Case) -> [UInt8] {
        var out: [UInt8] = []
        appendLine(item, to: &out)
        return out
    }

    /// The blob goes as a JSON string when its bytes are valid UTF-8, else as standard
    /// padded base64. Taps are written as an object with one member per tap, in queue order:
    /// an id tapped twice is a repeated key (CONTRACT §6: the last one wins).
    package static func appendLine(_ item: Case, to out: inout [UInt8]) {
        var object = JSONObject()
        object["id"] = .string(JSONString(item.id))
        if UTF8Text.decode(item.blob) != nil {
            object["blob"] = .string(JSONString(utf8: item.blob))
        } else {
            object["blobBase64"] = .string(JSONString(Data(item.blob).base64EncodedString()))
        }
        if !item.pendingDoneTargets.isEmpty {
            var targets = JSONObject()
            for target in item.pendingDoneTargets { targets.appendRepeating(target.taskId, .bool(target.isDone)) }
            object["pendingDoneTargets"] = .object(targets)
        }
        if !item.pendingDoneTimestamps.isEmpty {
            var stamps = JSONObject()
            for stamp in item.pendingDoneTimestamps { stamps.appendRepeating(stamp.taskId, .integer(stamp.ms)) }
            object["pendingDoneTimestamps"] = .object(stamps)
        }
        if let selected = item.selectedProjectId { object["selectedProjectId"] = .string(selected) }
        if item.capacity != Case.androidCapacity { object["capacity"] = .integer(Int64(item.capacity)) }
        object["nowMs"] = .integer(item.nowMs)
        object["timeZone"] = .string(JSONString(item.timeZone))
        if let device = item.deviceLocale { object["deviceLocale"] = .string(JSONString(device.tag)) }
        JSONWriter.append(.object(object), to: &out)
    }

    /// Reads a stream back. `file` names the stream in errors, which also give the
    /// one-based line and the field. A final newline is optional; empty lines elsewhere,
    /// unknown fields and repeated ids are errors.
    package static func read(_ bytes: [UInt8], file: String) throws(HarnessInputError) -> [Case] {
        var cases: [Case] = []
        var seen: Set<String> = []
        var zones = KnownZones()
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        for (offset, text) in lines.enumerated() {
            let item = try readLine(Array(text), file: file, line: offset + 1, zones: &zones)
            guard seen.insert(item.id).inserted else {
                throw HarnessInputError(file: file, line: offset + 1, field: "id", message: "repeats an earlier case id")
            }
            cases.append(item)
        }
        return cases
    }

    /// Reads one line (without its newline).
    package static func readLine(_ text: [UInt8], file: String, line: Int) throws(HarnessInputError) -> Case {
        var zones = KnownZones()
        return try readLine(text, file: file, line: line, zones: &zones)
    }

    private static func readLine(_ text: [UInt8], file: String, line: Int,
                                 zones: inout KnownZones) throws(HarnessInputError) -> Case {
        guard !text.isEmpty else { throw HarnessInputError(file: file, line: line, message: "empty line") }
        guard text.count <= InputLimits.caseLineBytes else {
            throw HarnessInputError(file: file, line: line, message: "a line of over \(InputLimits.shown(InputLimits.caseLineBytes)), the limit for a case line")
        }
        let value: JSONValue
        do {
            // Repeated keys kept: a repeated tap id is two taps, in order; any other
            // repeated field reads its last value.
            value = try JSONParser(keepsRepeatedKeys: true).parse(text)
        } catch {
            throw HarnessInputError(file: file, line: line, message: "not JSON: \(error.message) at column \(error.column)")
        }
        guard case .object(let object) = value else {
            throw HarnessInputError(file: file, line: line, message: "expected a JSON object")
        }
        let fields = JSONFieldReader(object, file: file, line: line)
        try fields.rejectUnknownKeys(allowed: ["id", "blob", "blobBase64", "pendingDoneTargets", "pendingDoneTimestamps",
                                                  "selectedProjectId", "capacity", "nowMs", "timeZone", "deviceLocale"])
        let id = try fields.string("id").string
        guard !id.isEmpty else { throw fields.failure("id", "expected a non-empty id") }
        guard id.utf8.count <= InputLimits.caseIdBytes else {
            throw fields.failure("id", "\(id.utf8.count) bytes, over the limit of \(InputLimits.caseIdBytes) for a case id")
        }
        let blob: [UInt8]
        switch (fields.has("blob"), fields.has("blobBase64")) {
        case (true, false):
            blob = try fields.string("blob").utf8
        case (false, true):
            guard let data = Data(base64Encoded: try fields.string("blobBase64").string) else {
                throw fields.failure("blobBase64", "not standard padded base64")
            }
            blob = Array(data)
        case (true, true):
            throw fields.failure("blobBase64", "only one of blob and blobBase64 may be given")
        case (false, false):
            throw fields.failure("blob", "missing (or blobBase64)")
        }
        guard blob.count <= InputLimits.blobBytes else {
            throw fields.failure(fields.has("blob") ? "blob" : "blobBase64",
                                 "\(blob.count) bytes, over the limit of \(InputLimits.shown(InputLimits.blobBytes)) for a blob")
        }
        let pending = fields.has("pendingDoneTargets") ? try fields.pendingTargets("pendingDoneTargets") : []
        let stamps = fields.has("pendingDoneTimestamps") ? try fields.pendingTimestamps("pendingDoneTimestamps") : []
        let selected = fields.has("selectedProjectId") ? try fields.string("selectedProjectId") : nil
        let capacity = fields.has("capacity") ? try fields.integer("capacity") : Int64(Case.androidCapacity)
        guard capacity >= 0 && capacity <= InputLimits.capacityRows else {
            throw fields.failure("capacity", "expected 0 to \(InputLimits.capacityRows) rows, got \(capacity)")
        }
        let nowMs = try fields.integer("nowMs")
        let zone = try fields.string("timeZone").string
        guard zones.contains(zone) else { throw fields.failure("timeZone", "unknown time zone `\(zone)`") }
        let device = fields.has("deviceLocale") ? try fields.deviceLocale("deviceLocale") : nil
        return Case(id: id, blob: blob, pendingDoneTargets: pending, pendingDoneTimestamps: stamps,
                    selectedProjectId: selected, capacity: Int(capacity), nowMs: nowMs, timeZone: zone, deviceLocale: device)
    }
}

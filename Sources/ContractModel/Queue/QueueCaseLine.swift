import WidgetSnapshot

/// One widget tap: through which store instance (`writer`, 0 or 1: the widget and a second
/// process on the same storage), on which task, to which target, at which instant.
package struct QueueTap: Equatable, Sendable {
    package var writer: Int
    package var task: JSONString
    package var done: Bool
    package var atMs: Int64

    package init(writer: Int = 0, task: JSONString, done: Bool, atMs: Int64) {
        self.writer = writer
        self.task = task
        self.done = done
        self.atMs = atMs
    }
}

/// One call a queue writer end is asked to make (CONTRACT.md §10.4; the description's
/// `operations`).
package enum QueueOp: Equatable, Sendable {
    case tap(QueueTap)
    /// Taps run at once: each writer's taps in order on its own thread, the writers together.
    case together([QueueTap])
    case peek
    /// The destructive handoff (`getAndClear`).
    case handoff
    case lease
    /// Acknowledges the lease that op number `lease` (from 0) returned.
    case ack(lease: Int)

    package var name: String {
        switch self {
        case .tap: "tap"
        case .together: "together"
        case .peek: "peek"
        case .handoff: "handoff"
        case .lease: "lease"
        case .ack: "ack"
        }
    }
}

/// The line a queue writer end reads (CONTRACT.md §10.4): the case's id, the stored slots it
/// starts from (absent: a fresh store), and the operations in order.
/// `{"id":"…","stored":{"SLOT":"text"},"ops":[{"op":"tap","writer":0,"task":"a","done":true,"at":1},{"op":"peek"},…]}`
package struct QueueCaseLine: Equatable, Sendable {
    package var id: String
    /// Slot name → its stored text (escape text for a lone surrogate), in order.
    package var stored: [(slot: String, text: JSONString)]
    package var ops: [QueueOp]

    package init(id: String, stored: [(slot: String, text: JSONString)] = [], ops: [QueueOp]) {
        self.id = id
        self.stored = stored
        self.ops = ops
    }

    package static func == (lhs: QueueCaseLine, rhs: QueueCaseLine) -> Bool {
        lhs.id == rhs.id && lhs.ops == rhs.ops && QueueLines.same(lhs.stored.map { ($0.slot, $0.text) }, rhs.stored.map { ($0.slot, $0.text) })
    }

    /// The line, without its newline.
    package func line() -> [UInt8] {
        var out: [UInt8] = Array(#"{"id":"#.utf8)
        QueueText.append(id, to: &out)
        QueueLines.appendStored(stored.map { ($0.slot, $0.text) }, to: &out)
        out += Array(#","ops":["#.utf8)
        for (position, op) in ops.enumerated() {
            if position > 0 { out.append(UInt8(ascii: ",")) }
            out += Array(#"{"op":""#.utf8) + Array(op.name.utf8) + [UInt8(ascii: "\"")]
            switch op {
            case .tap(let tap):
                Self.appendTapMembers(tap, to: &out)
            case .together(let taps):
                out += Array(#","taps":["#.utf8)
                for (index, tap) in taps.enumerated() {
                    if index > 0 { out.append(UInt8(ascii: ",")) }
                    out.append(UInt8(ascii: "{"))
                    Self.appendTapMembers(tap, to: &out, leadingComma: false)
                    out.append(UInt8(ascii: "}"))
                }
                out.append(UInt8(ascii: "]"))
            case .ack(let lease):
                out += Array(#","lease":\#(lease)"#.utf8)
            case .peek, .handoff, .lease:
                break
            }
            out.append(UInt8(ascii: "}"))
        }
        out += Array("]}".utf8)
        return out
    }

    private static func appendTapMembers(_ tap: QueueTap, to out: inout [UInt8], leadingComma: Bool = true) {
        if leadingComma { out.append(UInt8(ascii: ",")) }
        out += Array(#""writer":\#(tap.writer),"task":"#.utf8)
        QueueText.append(tap.task, to: &out)
        out += Array(#","done":\#(tap.done),"at":\#(tap.atMs)"#.utf8)
    }

    /// Reads one line strictly; `file` and `lineNumber` name it in errors.
    package static func read(_ line: [UInt8], file: String, lineNumber: Int) throws(HarnessInputError) -> QueueCaseLine {
        let fields = try QueueLines.object(line, file: file, lineNumber: lineNumber)
        try fields.rejectUnknownKeys(allowed: ["id", "stored", "ops"])
        let id = try fields.string("id").string
        var stored: [(slot: String, text: JSONString)] = []
        if fields.has("stored") {
            for member in try fields.object("stored").members {
                guard case .string(let text) = member.value else { throw fields.failure("stored.\(member.key.string)", "expected a string") }
                stored.append((member.key.string, text))
            }
        }
        var ops: [QueueOp] = []
        for (index, element) in try fields.array("ops").enumerated() {
            guard case .object(let object) = element else { throw fields.failure("ops[\(index)]", "expected an object") }
            let op = fields.element(object, of: "ops", at: index)
            let name = try op.string("op").string
            switch name {
            case "tap":
                try op.rejectUnknownKeys(allowed: ["op", "writer", "task", "done", "at"])
                ops.append(.tap(try tap(op)))
            case "together":
                try op.rejectUnknownKeys(allowed: ["op", "taps"])
                var taps: [QueueTap] = []
                for (position, value) in try op.array("taps").enumerated() {
                    guard case .object(let inner) = value else { throw op.failure("taps[\(position)]", "expected an object") }
                    let fields = op.element(inner, of: "taps", at: position)
                    try fields.rejectUnknownKeys(allowed: ["writer", "task", "done", "at"])
                    taps.append(try tap(fields))
                }
                ops.append(.together(taps))
            case "peek", "handoff", "lease":
                try op.rejectUnknownKeys(allowed: ["op"])
                ops.append(name == "peek" ? .peek : name == "handoff" ? .handoff : .lease)
            case "ack":
                try op.rejectUnknownKeys(allowed: ["op", "lease"])
                let lease = try op.integer("lease")
                guard lease >= 0, lease < index, case .lease = ops[Int(lease)] else {
                    throw op.failure("lease", "expected the number of an earlier lease op")
                }
                ops.append(.ack(lease: Int(lease)))
            default:
                throw op.failure("op", "`\(name)` is not an operation (tap, together, peek, handoff, lease, ack)")
            }
        }
        return QueueCaseLine(id: id, stored: stored, ops: ops)
    }

    private static func tap(_ fields: JSONFieldReader) throws(HarnessInputError) -> QueueTap {
        let writer = fields.has("writer") ? try fields.integer("writer") : 0
        guard writer == 0 || writer == 1 else { throw fields.failure("writer", "expected 0 or 1") }
        return QueueTap(writer: Int(writer), task: try fields.string("task"), done: try fields.bool("done"), atMs: try fields.integer("at"))
    }
}

/// What the queue protocols' lines share.
package enum QueueLines {
    /// `,"stored":{"SLOT":text|null,…}`, nothing when there is no slot.
    package static func appendStored(_ slots: [(String, JSONString?)], to out: inout [UInt8]) {
        guard !slots.isEmpty else { return }
        out += Array(#","stored":{"#.utf8)
        for (position, slot) in slots.enumerated() {
            if position > 0 { out.append(UInt8(ascii: ",")) }
            QueueText.append(slot.0, to: &out)
            out.append(UInt8(ascii: ":"))
            if let text = slot.1 { QueueText.append(text, to: &out) } else { out += Array("null".utf8) }
        }
        out.append(UInt8(ascii: "}"))
    }

    /// Whether two lists of slots name the same slots with the same texts, in order.
    package static func same(_ lhs: [(String, JSONString?)], _ rhs: [(String, JSONString?)]) -> Bool {
        lhs.map(\.0) == rhs.map(\.0) && lhs.map(\.1) == rhs.map(\.1)
    }

    /// The fields of one line that must be a JSON object (lone surrogates kept as escape text).
    package static func object(_ line: [UInt8], file: String, lineNumber: Int) throws(HarnessInputError) -> JSONFieldReader {
        let value: JSONValue
        do {
            value = try QueueText.parser.parse(line)
        } catch {
            throw HarnessInputError(file: file, line: lineNumber, message: "not JSON: \(error.message)")
        }
        guard case .object(let object) = value else { throw HarnessInputError(file: file, line: lineNumber, message: "expected a JSON object") }
        return JSONFieldReader(object, file: file, line: lineNumber)
    }

    /// `{"id":…,"crash":"…"}` when the line is a crash line, else nil.
    package static func crash(in fields: JSONFieldReader) -> (id: String, crash: String)? {
        guard fields.object.members.count == 2, case .string(let id)? = fields.object["id"],
              case .string(let crash)? = fields.object["crash"] else { return nil }
        return (id.string, crash.string)
    }
}

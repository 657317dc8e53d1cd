import WidgetSnapshot

/// What a writer end handed the app (a `handoff` or a `lease`): the texts as the app receives
/// them — the targets object, the tap times, a stored value the end set aside unread — and,
/// for a lease, the token that acknowledges it. Nil texts were not handed.
package struct QueueHandoff: Equatable, Sendable {
    package var targets: JSONString?
    package var times: JSONString?
    package var unreadable: JSONString?
    package var token: JSONString?

    package init(targets: JSONString? = nil, times: JSONString? = nil, unreadable: JSONString? = nil, token: JSONString? = nil) {
        self.targets = targets
        self.times = times
        self.unreadable = unreadable
        self.token = token
    }

    package var isEmpty: Bool { targets == nil && unreadable == nil }
}

/// The answer to one operation (CONTRACT.md §10.4).
package enum QueueResult: Equatable, Sendable {
    /// A tap, a `together` or an `ack` that did not throw.
    case ok
    /// The call threw: its text (a refused tap, a failed acknowledgement).
    case failed(String)
    /// `peek`: the targets the widget overlays, and the tap times (nil: the end has none).
    case peeked(targets: [QueueEntry<Bool>], times: [QueueEntry<Int64>]?)
    /// `handoff` or `lease`.
    case handed(QueueHandoff)
}

/// One member of a peeked map: a task id (escape text for a lone surrogate) and its value.
package struct QueueEntry<Value: Equatable & Sendable>: Equatable, Sendable {
    package var task: JSONString
    package var value: Value
    package init(_ task: JSONString, _ value: Value) {
        self.task = task
        self.value = value
    }
}

/// A writer end's line for one case: the answer to each operation in order, and what its
/// slots hold afterwards (informational); or a crash line.
package struct QueueAnswer: Equatable, Sendable {
    package var id: String
    package var results: [QueueResult]
    package var stored: [(slot: String, text: JSONString?)]

    package init(id: String, results: [QueueResult], stored: [(slot: String, text: JSONString?)] = []) {
        self.id = id
        self.results = results
        self.stored = stored
    }

    package static func == (lhs: QueueAnswer, rhs: QueueAnswer) -> Bool {
        lhs.id == rhs.id && lhs.results == rhs.results && QueueLines.same(lhs.stored.map { ($0.slot, $0.text) }, rhs.stored.map { ($0.slot, $0.text) })
    }

    /// The line, without its newline:
    /// `{"id":…,"results":[{"ok":true},{"peek":{"a":true},"times":{"a":1}},{"handed":"{…}","times":null,"unreadable":null,"token":"…"}],"stored":{"SLOT":"…"}}`.
    package func line() -> [UInt8] {
        var out: [UInt8] = Array(#"{"id":"#.utf8)
        QueueText.append(id, to: &out)
        out += Array(#","results":["#.utf8)
        for (position, result) in results.enumerated() {
            if position > 0 { out.append(UInt8(ascii: ",")) }
            switch result {
            case .ok:
                out += Array(#"{"ok":true}"#.utf8)
            case .failed(let text):
                out += Array(#"{"error":"#.utf8)
                QueueText.append(text, to: &out)
                out.append(UInt8(ascii: "}"))
            case .peeked(let targets, let times):
                out += Array(#"{"peek":"#.utf8)
                Self.appendMap(targets, to: &out) { Array(($0 ? "true" : "false").utf8) }
                if let times {
                    out += Array(#","times":"#.utf8)
                    Self.appendMap(times, to: &out) { Array(String($0).utf8) }
                }
                out.append(UInt8(ascii: "}"))
            case .handed(let handed):
                out += Array(#"{"handed":"#.utf8)
                Self.appendOptional(handed.targets, to: &out)
                out += Array(#","times":"#.utf8)
                Self.appendOptional(handed.times, to: &out)
                out += Array(#","unreadable":"#.utf8)
                Self.appendOptional(handed.unreadable, to: &out)
                if let token = handed.token {
                    out += Array(#","token":"#.utf8)
                    QueueText.append(token, to: &out)
                }
                out.append(UInt8(ascii: "}"))
            }
        }
        out.append(UInt8(ascii: "]"))
        QueueLines.appendStored(stored.map { ($0.slot, $0.text) }, to: &out)
        out.append(UInt8(ascii: "}"))
        return out
    }

    private static func appendMap<V>(_ entries: [QueueEntry<V>], to out: inout [UInt8], value: (V) -> [UInt8]) {
        out.append(UInt8(ascii: "{"))
        for (position, entry) in entries.enumerated() {
            if position > 0 { out.append(UInt8(ascii: ",")) }
            QueueText.append(entry.task, to: &out)
            out.append(UInt8(ascii: ":"))
            out += value(entry.value)
        }
        out.append(UInt8(ascii: "}"))
    }

    private static func appendOptional(_ text: JSONString?, to out: inout [UInt8]) {
        if let text { QueueText.append(text, to: &out) } else { out += Array("null".utf8) }
    }

    /// Reads a writer end's line: its answer, or the text of its crash line. `expecting` is the
    /// number of operations of the case, which the answer must match (nil: not checked).
    package static func read(_ line: [UInt8], file: String, lineNumber: Int, expecting count: Int?) throws(HarnessInputError) -> (id: String, answer: Result<QueueAnswer, QueueCrash>) {
        let fields = try QueueLines.object(line, file: file, lineNumber: lineNumber)
        if let crash = QueueLines.crash(in: fields) { return (crash.id, .failure(QueueCrash(text: crash.crash))) }
        try fields.rejectUnknownKeys(allowed: ["id", "results", "stored"])
        let id = try fields.string("id").string
        var results: [QueueResult] = []
        for (index, element) in try fields.array("results").enumerated() {
            guard case .object(let object) = element else { throw fields.failure("results[\(index)]", "expected an object") }
            let result = fields.element(object, of: "results", at: index)
            if result.has("ok") {
                try result.rejectUnknownKeys(allowed: ["ok"])
                guard try result.bool("ok") else { throw result.failure("ok", "expected true (a failure is {\"error\":…})") }
                results.append(.ok)
            } else if result.has("error") {
                try result.rejectUnknownKeys(allowed: ["error"])
                results.append(.failed(try result.string("error").string))
            } else if result.has("peek") {
                try result.rejectUnknownKeys(allowed: ["peek", "times"])
                var targets: [QueueEntry<Bool>] = []
                for member in try result.object("peek").members {
                    guard case .bool(let flag) = member.value else { throw result.failure("peek.\(member.key.string)", "expected true or false") }
                    targets.append(QueueEntry(member.key, flag))
                }
                var times: [QueueEntry<Int64>]?
                if result.has("times") {
                    var read: [QueueEntry<Int64>] = []
                    for member in try result.object("times").members {
                        guard case .integer(let ms) = member.value else { throw result.failure("times.\(member.key.string)", "expected an integer") }
                        read.append(QueueEntry(member.key, ms))
                    }
                    times = read
                }
                results.append(.peeked(targets: targets, times: times))
            } else if result.has("handed") {
                try result.rejectUnknownKeys(allowed: ["handed", "times", "unreadable", "token"])
                results.append(.handed(QueueHandoff(targets: try optionalText(result, "handed"), times: try optionalText(result, "times"),
                                                    unreadable: try optionalText(result, "unreadable"),
                                                    token: result.has("token") ? try result.string("token") : nil)))
            } else {
                throw result.failure(nil, "expected {\"ok\":true}, {\"error\":…}, {\"peek\":…} or {\"handed\":…}")
            }
        }
        if let count, results.count != count {
            throw fields.failure("results", "\(results.count) results for \(count) operations")
        }
        var stored: [(slot: String, text: JSONString?)] = []
        if fields.has("stored") {
            for member in try fields.object("stored").members {
                switch member.value {
                case .string(let text): stored.append((member.key.string, text))
                case .null: stored.append((member.key.string, nil))
                default: throw fields.failure("stored.\(member.key.string)", "expected a string or null")
                }
            }
        }
        return (id, .success(QueueAnswer(id: id, results: results, stored: stored)))
    }

    private static func optionalText(_ fields: JSONFieldReader, _ key: String) throws(HarnessInputError) -> JSONString? {
        guard fields.has(key) else { return nil }
        switch try fields.value(key) {
        case .null: return nil
        case .string(let text): return text
        default: throw fields.failure(key, "expected a string or null")
        }
    }
}

/// A queue end's crash line text (`{"id":…,"crash":…}`): it could not answer the case.
package struct QueueCrash: Error, Equatable, Sendable {
    package var text: String
    package init(text: String) { self.text = text }
}

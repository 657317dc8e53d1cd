import WidgetSnapshot

/// A task as the app holds it when it drains: its id and whether it is done.
package struct DrainTask: Equatable, Sendable {
    package var id: JSONString
    package var isDone: Bool
    package init(_ id: JSONString, isDone: Bool) {
        self.id = id
        self.isDone = isDone
    }
}

/// One change the app applies: `setDone(id)` / `setUnDone(id)`, with the completion time
/// the drain gives a done change (tapTimes; nil: the app's own clock).
package struct DrainChange: Equatable, Sendable {
    package var id: JSONString
    package var isDone: Bool
    package var doneOn: Int64?
    package init(_ id: JSONString, isDone: Bool, doneOn: Int64? = nil) {
        self.id = id
        self.isDone = isDone
        self.doneOn = doneOn
    }
}

/// The line a drain end reads (CONTRACT.md §10.4): what the writer handed over and the app's
/// tasks. `{"id":"…","queue":"{\"a\":true}","times":"{\"a\":5}","tasks":[{"id":"a","isDone":false}]}`
package struct DrainRequest: Equatable, Sendable {
    package var id: String
    package var queue: JSONString?
    package var times: JSONString?
    package var tasks: [DrainTask]

    package init(id: String, queue: JSONString?, times: JSONString? = nil, tasks: [DrainTask]) {
        self.id = id
        self.queue = queue
        self.times = times
        self.tasks = tasks
    }

    package func line() -> [UInt8] {
        var out: [UInt8] = Array(#"{"id":"#.utf8)
        QueueText.append(id, to: &out)
        out += Array(#","queue":"#.utf8)
        if let queue { QueueText.append(queue, to: &out) } else { out += Array("null".utf8) }
        out += Array(#","times":"#.utf8)
        if let times { QueueText.append(times, to: &out) } else { out += Array("null".utf8) }
        out += Array(#","tasks":["#.utf8)
        for (position, task) in tasks.enumerated() {
            if position > 0 { out.append(UInt8(ascii: ",")) }
            out += Array(#"{"id":"#.utf8)
            QueueText.append(task.id, to: &out)
            out += Array(#","isDone":\#(task.isDone)}"#.utf8)
        }
        out += Array("]}".utf8)
        return out
    }
}

/// A drain end's answer: the changes in the order it applies them.
package struct DrainAnswer: Equatable, Sendable {
    package var id: String
    package var changes: [DrainChange]

    package init(id: String, changes: [DrainChange]) {
        self.id = id
        self.changes = changes
    }

    package func line() -> [UInt8] {
        var out: [UInt8] = Array(#"{"id":"#.utf8)
        QueueText.append(id, to: &out)
        out += Array(#","changes":["#.utf8)
        for (position, change) in changes.enumerated() {
            if position > 0 { out.append(UInt8(ascii: ",")) }
            out += Array(#"{"id":"#.utf8)
            QueueText.append(change.id, to: &out)
            out += Array(#","isDone":\#(change.isDone)"#.utf8)
            if let doneOn = change.doneOn { out += Array(#","doneOn":\#(doneOn)"#.utf8) }
            out.append(UInt8(ascii: "}"))
        }
        out += Array("]}".utf8)
        return out
    }

    /// Reads a drain end's line: its answer, or the text of its crash line.
    package static func read(_ line: [UInt8], file: String, lineNumber: Int) throws(HarnessInputError) -> (id: String, answer: Result<DrainAnswer, QueueCrash>) {
        let fields = try QueueLines.object(line, file: file, lineNumber: lineNumber)
        if let crash = QueueLines.crash(in: fields) { return (crash.id, .failure(QueueCrash(text: crash.crash))) }
        try fields.rejectUnknownKeys(allowed: ["id", "changes"])
        let id = try fields.string("id").string
        var changes: [DrainChange] = []
        for (index, element) in try fields.array("changes").enumerated() {
            guard case .object(let object) = element else { throw fields.failure("changes[\(index)]", "expected an object") }
            let change = fields.element(object, of: "changes", at: index)
            try change.rejectUnknownKeys(allowed: ["id", "isDone", "doneOn"])
            changes.append(DrainChange(try change.string("id"), isDone: try change.bool("isDone"),
                                       doneOn: change.has("doneOn") ? try change.integer("doneOn") : nil))
        }
        return (id, .success(DrainAnswer(id: id, changes: changes)))
    }
}

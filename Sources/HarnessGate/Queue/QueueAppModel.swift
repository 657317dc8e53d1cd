import ContractModel
import HarnessCorpus
import WidgetSnapshot

/// The app as the queue judge follows it: its tasks (done or not, with `doneOn`), which a
/// drain's changes update as the app's `setDone`/`setUnDone` do (a done change's `doneOn` is
/// the drain's, else the app's clock at the drain; CONTRACT.md §10.6), and each task's last
/// intent: the last tap on it, or the user's last change in the app.
package struct QueueAppModel: Sendable {
    package struct Task: Equatable, Sendable {
        package var isDone: Bool
        package var doneOn: Int64?
    }

    package enum Source: Equatable, Sendable {
        /// A widget tap (refused: the writer threw).
        case tap(refused: Bool)
        /// A tap the stored queue held when the case began.
        case stored
        /// The user changed the task in the app.
        case app
    }

    package struct Intent: Equatable, Sendable {
        package var target: Bool
        package var source: Source
        package var atMs: Int64?
    }

    package private(set) var order: [JSONString]
    package private(set) var tasks: [JSONString: Task]
    package private(set) var intents: [JSONString: Intent] = [:]
    package private(set) var intentOrder: [JSONString] = []
    /// Tasks with a tap no drain has applied yet, with the tap's number: a change in the app
    /// meanwhile does not outrank it (the app drains on resume, before its user can change the
    /// task; CONTRACT.md §10.6).
    package private(set) var tapped: [JSONString: Int] = [:]
    /// Taps so far: what `take` remembers, so that its drain clears only the taps it took.
    package private(set) var taps = 0

    package init(_ tasks: [QueueTask]) {
        order = []
        self.tasks = [:]
        for task in tasks where self.tasks[task.id] == nil {
            order.append(task.id)
            self.tasks[task.id] = Task(isDone: task.isDone, doneOn: task.isDone ? task.doneOn : nil)
        }
    }

    /// Whether each task is done: what a drain is handed.
    package var states: [JSONString: Bool] { tasks.mapValues(\.isDone) }

    package mutating func intend(_ id: JSONString, _ target: Bool, _ source: Source, atMs: Int64? = nil) {
        if source == .app, tapped[id] != nil { return }
        if intents[id] == nil { intentOrder.append(id) }
        intents[id] = Intent(target: target, source: source, atMs: atMs)
        if source != .app {
            taps += 1
            tapped[id] = taps
        }
    }

    /// The taps on `ids` up to tap number `upTo` (when the app took the queue) were drained
    /// (applied, or skipped as already in their target); a later tap on one waits still.
    package mutating func drained(_ ids: [JSONString], upTo: Int) {
        for id in ids where (tapped[id] ?? .max) <= upTo { tapped[id] = nil }
    }

    package mutating func forget(_ id: JSONString) {
        intents[id] = nil
        intentOrder.removeAll { $0 == id }
    }

    /// Applies a drain's changes at `atMs`; a change for a task the app lacks changes nothing and
    /// is returned (the app's `update` of a missing entity).
    @discardableResult
    package mutating func apply(_ changes: [DrainChange], atMs: Int64) -> [DrainChange] {
        var missing: [DrainChange] = []
        for change in changes {
            guard tasks[change.id] != nil else {
                missing.append(change)
                continue
            }
            tasks[change.id] = Task(isDone: change.isDone, doneOn: change.isDone ? (change.doneOn ?? atMs) : nil)
        }
        return missing
    }

    /// The user changes a task in the app (its intent unless a tap on it waits for a drain).
    package mutating func set(_ id: JSONString, done: Bool, atMs: Int64) {
        guard tasks[id] != nil else { return }
        tasks[id] = Task(isDone: done, doneOn: done ? atMs : nil)
        intend(id, done, .app, atMs: atMs)
    }

    package mutating func delete(_ id: JSONString) {
        tasks[id] = nil
        order.removeAll { $0 == id }
        forget(id)
        tapped[id] = nil
    }
}

/// How the queue reports show a task id or a stored text: quoted, cut after `limit` bytes (the
/// whole count said), lone surrogates as their escapes. Reports escape it again for their format.
package enum QueueShown {
    package static func text(_ text: JSONString, limit: Int = 60) -> String {
        var out: [UInt8] = []
        QueueText.append(text, to: &out)
        let quoted = String(decoding: out, as: UTF8.self)
        guard quoted.utf8.count > limit + 2 else { return quoted }
        return String(quoted.prefix(limit)) + "…\" (\(text.utf8.count) bytes)"
    }

    package static func target(_ done: Bool) -> String { done ? "done" : "undone" }

    /// The first `limit` items, then how many in all: `"a", "b", "c", … (20 in all)`.
    package static func list(_ items: [String], limit: Int = 3) -> String {
        items.count <= limit ? items.joined(separator: ", ") : items.prefix(limit).joined(separator: ", ") + ", … (\(items.count) in all)"
    }
}

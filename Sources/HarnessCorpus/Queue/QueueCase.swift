import ContractModel
import WidgetSnapshot

/// A task as the app holds it at the start of a queue case.
package struct QueueTask: Equatable, Sendable {
    package var id: JSONString
    package var isDone: Bool
    package var doneOn: Int64?

    package init(_ id: JSONString, isDone: Bool = false, doneOn: Int64? = nil) {
        self.id = id
        self.isDone = isDone
        self.doneOn = doneOn
    }
}

/// One step of a case: what the widget and the app do, in order (CONTRACT.md §10.5). The app's
/// drain is three steps — take the queue, apply what it took, acknowledge — so that taps can
/// come in while the app holds a lease, and the app can be killed between them (`appCrash`).
package enum QueueStep: Equatable, Sendable {
    /// A widget tap.
    case tap(QueueTap)
    /// Taps of two writers at once.
    case together([QueueTap])
    /// The widget renders: it peeks at the queue to overlay it on the snapshot.
    case peek
    /// The app takes the queue: a lease for a writer with leases, else the destructive handoff.
    case take(atMs: Int64)
    /// The app applies the drain's changes for what it took, makes them durable and writes the
    /// next snapshot.
    case apply(atMs: Int64)
    /// The app acknowledges what it took (a lease; nothing for a destructive handoff).
    case acknowledge
    /// The app is killed: what it took and did not acknowledge is forgotten.
    case appCrash
    /// The user changes a task in the app.
    case appSet(JSONString, done: Bool, atMs: Int64)
    /// The task is deleted in the app.
    case appDelete(JSONString)
}

/// A case of the queue contract for a queue writer (and the drain the harness pairs it with):
/// the app's tasks, the stored slots the store starts from, and the steps.
/// How a whole drain ends (the app process killed at the worst moments).
package enum DrainInterruption: Equatable, Sendable {
    /// The app applies what it took, makes it durable and acknowledges it.
    case none
    /// Killed after taking the queue, before applying anything.
    case beforeApply
    /// Killed after its changes were durable, before the acknowledgement.
    case afterApply
}

package struct QueueCase: Sendable {
    package var id: String
    /// The behaviour the case holds (`acknowledgement removes only unchanged leased targets`).
    package var behaviour: String
    /// The format the stored slots are in (`android`, `ios`); nil: a fresh store, any format.
    package var format: String?
    package var stored: [(slot: String, text: JSONString)]
    /// Features a writer must declare for the case to be asked of it (`leases`).
    package var needs: Set<String>
    package var tasks: [QueueTask]
    package var steps: [QueueStep]

    package init(id: String, behaviour: String, format: String? = nil, stored: [(slot: String, text: JSONString)] = [],
                 needs: Set<String> = [], tasks: [QueueTask], steps: [QueueStep]) {
        self.id = id
        self.behaviour = behaviour
        self.format = format
        self.stored = stored
        self.needs = needs
        self.tasks = tasks
        self.steps = steps
    }

    /// The steps in words, one line: `tap "a" done (w0) · peek · take · apply · ack · app: "a" undone`.
    package var script: String {
        func id(_ text: JSONString) -> String {
            var out: [UInt8] = []
            QueueText.append(text, to: &out)
            return String(decoding: out, as: UTF8.self)
        }
        let tasks = self.tasks.map { "\(id($0.id))\($0.isDone ? " done" : "")" }.joined(separator: ", ")
        let stored = self.stored.map { "\($0.slot)=\(id($0.text))" }.joined(separator: ", ")
        let steps = self.steps.map { step -> String in
            switch step {
            case .tap(let tap): return "tap \(id(tap.task)) \(tap.done ? "done" : "undone")\(tap.writer == 0 ? "" : " (writer \(tap.writer))")"
            case .together(let taps): return "at once [" + taps.map { "\(id($0.task)) \($0.done ? "done" : "undone") (writer \($0.writer))" }.joined(separator: ", ") + "]"
            case .peek: return "peek"
            case .take: return "take"
            case .apply: return "apply"
            case .acknowledge: return "ack"
            case .appCrash: return "app killed"
            case .appSet(let task, let done, _): return "app: \(id(task)) \(done ? "done" : "undone")"
            case .appDelete(let task): return "app deletes \(id(task))"
            }
        }
        return "tasks [\(tasks)]" + (stored.isEmpty ? "" : " stored {\(stored)}") + ": " + steps.joined(separator: " · ")
    }

    /// The family (`queue/lastwins.aba` → `lastwins`).
    package var family: String { QueueCase.family(of: id) }

    package static func family(of id: String) -> String {
        let name = id.split(separator: "/", maxSplits: 1).last.map(String.init) ?? id
        return String(name.prefix { $0 != "." && $0 != "#" })
    }

    /// Whether a writer of `features` and `format` is asked this case.
    package func applies(toFeatures features: QueueFeatures, format endFormat: String) -> Bool {
        needs.isSubset(of: features.names) && (format == nil || format == endFormat)
    }

    /// The line an end of `features` reads, and for each step the index of its operation (nil for
    /// an app-only step). The app takes the queue with a lease and acknowledges it for an end with
    /// leases; otherwise with the destructive handoff, and there is nothing to acknowledge.
    package func line(for features: QueueFeatures) -> (line: QueueCaseLine, opOfStep: [Int?]) {
        var ops: [QueueOp] = []
        var opOfStep: [Int?] = []
        let leases = features.has("leases")
        var lastTake: Int?
        for step in steps {
            switch step {
            case .tap(let tap):
                opOfStep.append(ops.count)
                ops.append(.tap(tap))
            case .together(let taps):
                opOfStep.append(ops.count)
                ops.append(.together(taps))
            case .peek:
                opOfStep.append(ops.count)
                ops.append(.peek)
            case .take:
                opOfStep.append(ops.count)
                lastTake = ops.count
                ops.append(leases ? .lease : .handoff)
            case .acknowledge:
                if leases, let lease = lastTake {
                    opOfStep.append(ops.count)
                    ops.append(.ack(lease: lease))
                } else {
                    opOfStep.append(nil)
                }
            case .apply, .appCrash, .appSet, .appDelete:
                opOfStep.append(nil)
            }
        }
        return (QueueCaseLine(id: id, stored: stored, ops: ops), opOfStep)
    }
}

/// A case of the drain alone: a handed queue (targets text, tap times) and the app's tasks.
package struct DrainCase: Sendable {
    package var id: String
    package var behaviour: String
    package var queue: JSONString?
    package var times: JSONString?
    package var tasks: [QueueTask]
    /// Features a drain must declare to be asked the case: a queue of the object form is no
    /// older drain's (a drain of the first version alone is not asked it); a queue of an older
    /// form is asked of every drain, so a drain that cannot read it loses its taps.
    package var needs: Set<String>

    package init(id: String, behaviour: String, queue: JSONString?, times: JSONString? = nil, tasks: [QueueTask], needs: Set<String> = []) {
        self.id = id
        self.behaviour = behaviour
        self.queue = queue
        self.times = times
        self.tasks = tasks
        self.needs = needs
    }

    package var family: String { QueueCase.family(of: id) }

    package var request: DrainRequest {
        DrainRequest(id: id, queue: queue, times: times, tasks: tasks.map { DrainTask($0.id, isDone: $0.isDone) })
    }
}

/// The queue contract's cases: for the writers (tap sequences, stored queues, interleavings) and
/// for the drain (handed queues).
package struct QueueCorpus: Sendable {
    package var writerCases: [QueueCase]
    package var drainCases: [DrainCase]

    package init(writerCases: [QueueCase], drainCases: [DrainCase]) {
        self.writerCases = writerCases
        self.drainCases = drainCases
    }

    /// Every family's cases, in catalog order.
    package static func standard() -> QueueCorpus {
        QueueCorpus(writerCases: QueueCatalog.writerFamilies.flatMap { $0.cases() },
                    drainCases: QueueCatalog.drainFamilies.flatMap { $0.cases() })
    }
}

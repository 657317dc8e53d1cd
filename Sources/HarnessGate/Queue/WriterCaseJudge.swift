import ContractModel
import HarnessCorpus
import WidgetSnapshot

/// Judges a queue writer end on one case (CONTRACT.md §10.8): each answer against the contract's
/// writer (`QueueStoreModel`) — a refused tap, what the widget overlays, what the app is handed —
/// then the case as the app lives it: the app drains what the end actually handed with the
/// contract's drain (every feature, as the project's drain), the widget's painted rows before
/// each drain against the app's tasks after it (the round trip), and at the end each task's last
/// intent against the app (a tap that never applied is data loss; one applied over a later change
/// in the app, applied twice), and every stored value the end could not read handed over or kept.
package enum WriterCaseJudge {
    package static func judge(_ queueCase: QueueCase, features: QueueFeatures, format: String,
                              answer: Result<QueueAnswer, QueueCrash>) -> [QueueFinding] {
        let answered: QueueAnswer
        switch answer {
        case .failure(let crash):
            return [QueueFinding(queueCase.id, .crash, crash.text)]
        case .success(let value):
            answered = value
        }
        var judge = Run(queueCase: queueCase, features: features, format: format)
        let (_, opOfStep) = queueCase.line(for: features)
        for (index, step) in queueCase.steps.enumerated() {
            judge.step(step, result: opOfStep[index].flatMap { answered.results.indices.contains($0) ? answered.results[$0] : nil })
        }
        judge.finish(stored: answered.stored)
        return judge.findings
    }

    private struct Run {
        let id: String
        let features: QueueFeatures
        var model: QueueStoreModel
        var app: QueueAppModel
        var findings: [QueueFinding] = []
        /// Stored values the end could not read at the start (the contract keeps them aside).
        let unreadableAtStart: [JSONString]
        /// Every text the end handed over (targets, unreadable values and their elements).
        var handedTexts: [JSONString] = []
        /// What the app holds from its last take, until it applies it or is killed, and the tap
        /// number it was taken at.
        var held: QueueHandoff?
        var heldUpTo = 0
        /// What the widget painted at its last peek, while no tap or change came after it.
        var painted: [JSONString: (done: Bool, time: Int64?)]?

        init(queueCase: QueueCase, features: QueueFeatures, format: String) {
            id = queueCase.id
            self.features = features
            model = QueueStoreModel(format: queueCase.format, stored: queueCase.stored, features: features)
            unreadableAtStart = model.unreadable
            app = QueueAppModel(queueCase.tasks)
            // The taps a stored value holds are intents whatever the end reads (the first
            // version's array included).
            if let format = queueCase.format,
               let slot = QueueDescription.current.slot(of: format, holding: "targets"),
               let text = queueCase.stored.first(where: { $0.slot == slot })?.text,
               case .taps(let taps) = QueueStoreModel.storedTaps(text, format: format, legacyArray: true) {
                for tap in taps { app.intend(tap.id, tap.target, .stored) }
            }
        }

        mutating func add(_ kind: QueueFinding.Kind, _ message: String) {
            findings.append(QueueFinding(id, kind, message))
        }

        mutating func step(_ step: QueueStep, result: QueueResult?) {
            switch step {
            case .tap(let tap):
                model.tap(tap)
                painted = nil
                var refused = false
                if case .failed(let error)? = result {
                    refused = true
                    add(.tap, "refuses the tap on \(QueueShown.text(tap.task)) (\(QueueShown.target(tap.done))): \(error)")
                }
                app.intend(tap.task, tap.done, .tap(refused: refused), atMs: tap.atMs)
            case .together(let taps):
                for tap in taps {
                    model.tap(tap)
                    app.intend(tap.task, tap.done, .tap(refused: false), atMs: tap.atMs)
                }
                painted = nil
                if case .failed(let error)? = result { add(.tap, "refuses taps of two writers at once: \(error)") }
            case .peek:
                peek(result)
            case .take:
                take(result)
            case .apply(let atMs):
                apply(atMs: atMs)
            case .acknowledge:
                guard features.has("leases") else { break }
                model.acknowledge()
                if case .failed(let error)? = result { add(.handoff, "refuses the acknowledgement of its lease: \(error)") }
            case .appCrash:
                held = nil
            case .appSet(let task, let done, let atMs):
                app.set(task, done: done, atMs: atMs)
                painted = nil
            case .appDelete(let task):
                app.delete(task)
                painted = nil
            }
        }

        mutating func peek(_ result: QueueResult?) {
            guard case .peeked(let targets, let times)? = result else {
                if case .failed(let error)? = result { add(.peek, "peek throws: \(error)") } else { add(.peek, "answers a peek with no peek") }
                painted = [:]
                return
            }
            compare(expected: model.targets.map { ($0.id, $0.target) }, got: targets.map { ($0.task, $0.value) }, kind: .peek,
                    what: "the widget paints", show: QueueShown.target)
            if features.has("tapTimes") {
                compare(expected: model.times.map { ($0.id, $0.time) }, got: (times ?? []).map { ($0.task, $0.value) }, kind: .peek,
                        what: "the widget's tap times give", show: { "tapped at \($0)" })
            }
            let timeOf = Dictionary((times ?? []).map { ($0.task, $0.value) }, uniquingKeysWith: { _, last in last })
            painted = Dictionary(targets.map { ($0.task, (done: $0.value, time: timeOf[$0.task])) }, uniquingKeysWith: { _, last in last })
        }

        mutating func take(_ result: QueueResult?) {
            guard case .handed(let handed)? = result else {
                if case .failed(let error)? = result { add(.handoff, "the handoff throws: \(error)") } else { add(.handoff, "answers a handoff with no handoff") }
                if features.has("leases") { model.lease() } else { model.handOff() }
                held = nil
                return
            }
            var texts: [JSONString] = []
            if let targets = handed.targets { texts.append(targets) }
            if let unreadable = handed.unreadable { texts.append(unreadable); texts += Self.elements(unreadable) }
            handedTexts += texts
            var handedTargets: [(JSONString, Bool)] = []
            if case .targets(let members) = DrainModel.read(handed.targets) {
                handedTargets = members.compactMap { member in member.target.map { (member.id, $0) } }
            } else if case .array(let ids) = DrainModel.read(handed.targets), features.has("legacyArray") {
                handedTargets = ids.map { ($0, true) }
            }
            compare(expected: model.targets.map { ($0.id, $0.target) }, got: handedTargets, kind: .handoff, what: "the app is handed",
                    show: QueueShown.target)
            if features.has("tapTimes") {
                compare(expected: model.times.map { ($0.id, $0.time) }, got: DrainModel.times(handed.times).map { ($0.key, $0.value) },
                        kind: .handoff, what: "the handed tap times give", show: { "tapped at \($0)" })
            }
            for text in model.unreadable where !texts.contains(text) {
                add(.handoff, "does not hand over the stored value it could not read, \(QueueShown.text(text))")
            }
            if features.has("leases") { model.lease() } else { model.handOff() }
            held = handed
            heldUpTo = app.taps
        }

        mutating func apply(atMs: Int64) {
            guard let handed = held else { return }
            held = nil
            let before = app
            let tappedSince = Set(app.tapped.filter { $0.value > heldUpTo }.keys)
            let changes = DrainModel.changes(queue: handed.targets, times: handed.times, tasks: app.states, features: .all(.drain))
            app.apply(changes, atMs: atMs)
            let handedTaps = DrainModel.intents(handed.targets)
            app.drained(handedTaps.map(\.id), upTo: heldUpTo)
            guard let painted else { return }
            // A task tapped after the app took the queue completes its round trip at a later drain.
            let taken = Dictionary(handedTaps.map { ($0.id, $0.target) }, uniquingKeysWith: { _, last in last })
            var states: [String] = []
            var graces: [String] = []
            for id in before.order {
                guard let was = before.tasks[id], let now = app.tasks[id] else { continue }
                let paint = painted[id]
                if tappedSince.contains(id) || (paint != nil && taken[id] != paint?.done) { continue }
                let paintedDone = paint?.done ?? was.isDone
                if paintedDone != now.isDone {
                    states.append("\(QueueShown.text(id)) painted \(QueueShown.target(paintedDone)), now \(QueueShown.target(now.isDone))")
                } else if features.has("tapTimes"), paintedDone, !was.isDone, let time = paint?.time, now.doneOn != time {
                    // (Only where the drain marks the task done: a task done already keeps the
                    // app's own completion time, the drain making no redundant change.)
                    graces.append("\(QueueShown.text(id)) tapped at \(time), doneOn \(now.doneOn.map(String.init) ?? "none")")
                }
            }
            if !states.isEmpty {
                add(.roundTrip, "after the drain the app has other done states than the widget painted with the queue overlaid: \(QueueShown.list(states))")
            }
            if !graces.isEmpty {
                add(.roundTrip, "after the drain a done task's completion time is not the tap's the widget painted its grace from: \(QueueShown.list(graces))")
            }
            self.painted = nil
        }

        /// Where what an end shows differs from what the contract's writer holds: one finding per
        /// way (missing, different, extra), naming the first tasks and how many.
        mutating func compare<V: Equatable>(expected: [(JSONString, V)], got: [(JSONString, V)], kind: QueueFinding.Kind,
                                            what: String, show: (V) -> String) {
            let gotByID = Dictionary(got, uniquingKeysWith: { _, last in last })
            let expectedByID = Dictionary(expected, uniquingKeysWith: { _, last in last })
            var missing: [String] = []
            var different: [String] = []
            for (id, value) in expected {
                switch gotByID[id] {
                case nil: missing.append("\(QueueShown.text(id)) (\(show(value)))")
                case let other? where other != value: different.append("\(QueueShown.text(id)) \(show(other)) (the tap: \(show(value)))")
                default: break
                }
            }
            let extra = got.filter { expectedByID[$0.0] == nil }.map { "\(QueueShown.text($0.0)) \(show($0.1))" }
            if !missing.isEmpty { add(kind, "\(what) nothing for \(missing.count == 1 ? "a pending tap" : "\(missing.count) pending taps"): \(QueueShown.list(missing))") }
            if !different.isEmpty { add(kind, "\(what) \(QueueShown.list(different))") }
            if !extra.isEmpty { add(kind, "\(what) \(QueueShown.list(extra)), which no pending tap holds") }
        }

        mutating func finish(stored: [(slot: String, text: JSONString?)]) {
            for id in app.intentOrder {
                guard let intent = app.intents[id], let task = app.tasks[id], task.isDone != intent.target else { continue }
                switch intent.source {
                case .app:
                    add(.appliedTwice, "\(QueueShown.text(id)) is \(QueueShown.target(task.isDone)) at the end: a tap was applied again over the user's later change to \(QueueShown.target(intent.target)) in the app")
                case .tap(let refused):
                    add(.dataLoss, "the tap on \(QueueShown.text(id)) (\(QueueShown.target(intent.target))) never applied: the app has it \(QueueShown.target(task.isDone)) at the end\(refused ? " (the writer refused the tap)" : "")")
                case .stored:
                    add(.dataLoss, "the stored queue's tap on \(QueueShown.text(id)) (\(QueueShown.target(intent.target))) never applied: the app has it \(QueueShown.target(task.isDone)) at the end")
                }
            }
            let kept = stored.compactMap(\.text).flatMap { [$0] + Self.elements($0) }
            for text in unreadableAtStart where !handedTexts.contains(text) && !kept.contains(text) {
                add(.dataLoss, "threw away the stored value it could not read, \(QueueShown.text(text)): it was neither handed to the app nor kept")
            }
        }

        /// The strings of a JSON array text (the unreadable values a project end hands over).
        static func elements(_ text: JSONString) -> [JSONString] {
            guard case .array(let values)? = try? QueueText.parser.parse(text.utf8) else { return [] }
            return values.compactMap(\.stringValue)
        }
    }
}

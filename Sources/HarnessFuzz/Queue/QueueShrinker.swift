import ContractModel
import HarnessCorpus
import WidgetSnapshot

/// Shrinks a queue case while it still shows the same finding (the same end and kind): steps
/// dropped one at a time, taps of two writers made one writer's, taps at once made taps in turn,
/// the stored queue dropped, tasks no step names dropped, then ids renamed plain (`a`, `b`, …);
/// a drain case's handed members and tasks dropped. Greedy, to a fixed point or `budget` tries.
package enum QueueShrinker {
    /// `stillFails(candidate)`: whether the candidate shows the same finding.
    package static func shrink(_ queueCase: QueueCase, budget: Int = 2000, stillFails: (QueueCase) -> Bool) -> (QueueCase, tries: Int) {
        greedy(queueCase, budget: budget, candidates: candidates, stillFails: stillFails)
    }

    /// The first candidate that still fails replaces the case, until none does or the budget is spent.
    private static func greedy<T>(_ start: T, budget: Int, candidates: (T) -> [T], stillFails: (T) -> Bool) -> (T, tries: Int) {
        var best = start
        var tries = 0
        var improved = true
        while improved, tries < budget {
            improved = false
            for candidate in candidates(best) {
                guard tries < budget else { break }
                tries += 1
                if stillFails(candidate) {
                    best = candidate
                    improved = true
                    break
                }
            }
        }
        return (best, tries)
    }

    static func candidates(_ item: QueueCase) -> [QueueCase] {
        var out: [QueueCase] = []
        func with(_ change: (inout QueueCase) -> Void) {
            var copy = item
            change(&copy)
            out.append(copy)
        }
        for index in item.steps.indices {
            with { $0.steps.remove(at: index) }
        }
        if !item.stored.isEmpty { with { $0.stored = []; $0.format = nil } }
        for (index, step) in item.steps.enumerated() {
            switch step {
            case .tap(var tap) where tap.writer != 0:
                tap.writer = 0
                with { $0.steps[index] = .tap(tap) }
            case .together(let taps):
                with { $0.steps.replaceSubrange(index...index, with: taps.map { QueueStep.tap($0) }) }
                if taps.count > 1 {
                    for drop in taps.indices { with { var kept = taps; kept.remove(at: drop); $0.steps[index] = .together(kept) } }
                }
            default:
                break
            }
        }
        let named = Set(item.steps.flatMap(ids))
        for task in item.tasks where !named.contains(task.id) {
            with { $0.tasks.removeAll { $0.id == task.id } }
        }
        for (index, task) in item.tasks.enumerated() where task.isDone {
            with { $0.tasks[index] = QueueTask(task.id, isDone: false) }
        }
        let plain = renamedPlain(item)
        if plain.steps != item.steps || plain.tasks != item.tasks { out.append(plain) }
        return out
    }

    /// The ids a step names.
    static func ids(_ step: QueueStep) -> [JSONString] {
        switch step {
        case .tap(let tap): [tap.task]
        case .together(let taps): taps.map(\.task)
        case .appSet(let id, _, _), .appDelete(let id): [id]
        default: []
        }
    }

    /// Every id renamed `a`, `b`, … in order of first use (stored slots are left as they are, so a
    /// case with a stored queue keeps its ids).
    static func renamedPlain(_ item: QueueCase) -> QueueCase {
        guard item.stored.isEmpty else { return item }
        var names: [JSONString: JSONString] = [:]
        func name(_ id: JSONString) -> JSONString {
            if let known = names[id] { return known }
            let plain = JSONString(String(UnicodeScalar(UInt8(97 + min(names.count, 25)))) + (names.count > 25 ? "\(names.count)" : ""))
            names[id] = plain
            return plain
        }
        var copy = item
        copy.tasks = item.tasks.map { QueueTask(name($0.id), isDone: $0.isDone, doneOn: $0.doneOn) }
        copy.steps = item.steps.map { step in
            switch step {
            case .tap(var tap):
                tap.task = name(tap.task)
                return .tap(tap)
            case .together(let taps):
                return .together(taps.map { var tap = $0; tap.task = name(tap.task); return tap })
            case .appSet(let id, let done, let at): return .appSet(name(id), done: done, atMs: at)
            case .appDelete(let id): return .appDelete(name(id))
            default: return step
            }
        }
        return copy
    }

    /// A drain case shrunk: handed members dropped (the object form's), tasks dropped, times dropped.
    package static func shrink(_ drainCase: DrainCase, budget: Int = 500, stillFails: (DrainCase) -> Bool) -> (DrainCase, tries: Int) {
        greedy(drainCase, budget: budget, candidates: candidates, stillFails: stillFails)
    }

    static func candidates(_ item: DrainCase) -> [DrainCase] {
        var candidates: [DrainCase] = []
        if item.times != nil { var copy = item; copy.times = nil; candidates.append(copy) }
        for index in item.tasks.indices { var copy = item; copy.tasks.remove(at: index); candidates.append(copy) }
        if let queue = item.queue, case .object(let object)? = try? QueueText.parser.parse(queue.utf8), object.count > 0 {
            let members = object.members.map { ($0.key, $0.value) }
            for drop in members.indices {
                var kept = members
                kept.remove(at: drop)
                var copy = item
                copy.queue = JSONString(utf8: QueueText.object(kept))
                candidates.append(copy)
            }
        }
        return candidates
    }
}

import ContractModel
import HarnessCorpus
import WidgetSnapshot

/// The queue fuzzer's cases (CONTRACT.md §10.9): case `index` of `seed` is a pure function of the
/// two, for a writer of a given format a tap sequence (taps by two writers, taps at once, peeks,
/// drains the app finishes or is killed in, changes in the app, a stored queue of that format to
/// start from — valid, of the previous version, cut short, corrupt) over a few tasks whose ids are
/// now and then of an odd class; and for a drain a handed queue text and the app's tasks.
package struct QueueCaseGenerator: Sendable {
    package let seed: UInt64

    package init(seed: UInt64) { self.seed = seed }

    /// Ids: mostly plain; now and then one of each class the ids family holds.
    static let plainIDs: [JSONString] = ["a", "b", "c", "d", "e", "f"]
    static let oddIDs: [JSONString] = ["__proto__", "constructor", "a/b", "\u{e9}", "e\u{301}", "x\\ud83c", "", "42", "0", "say \"hi\"", "🎉"]

    /// A store of the `ios` format is Swift, whose `String` holds no lone surrogate (the readers'
    /// departure D1, listed for the corpus's `ids.*surrogate*` cases): its cases have none.
    static func oddIDs(swift: Bool) -> [JSONString] { swift ? oddIDs.filter { !QueueText.hasLoneSurrogate($0) } : oddIDs }

    private func ids(_ random: inout SeededRandom, swift: Bool = false) -> [JSONString] {
        let count = random.int(in: 1...5)
        var out: [JSONString] = []
        while out.count < count {
            let id = random.chance(1, in: 6) ? random.pick(Self.oddIDs(swift: swift)) : random.pick(Self.plainIDs)
            if !out.contains(id) { out.append(id) }
        }
        return out
    }

    /// A writer case for a store of `format`.
    package func writerCase(_ index: Int, format: String) -> QueueCase {
        var random = SeededRandom(seed: seed, stream: UInt64(index) &* 2)
        let swift = format == "ios"
        let ids = ids(&random, swift: swift)
        let tasks = ids.map { id -> QueueTask in
            let done = random.chance(1, in: 3)
            return QueueTask(id, isDone: done, doneOn: done ? QueueScript.start - Int64(random.int(in: 1...600)) * 1000 : nil)
        }
        let stored = random.chance(1, in: 4) ? storedSlots(format: format, ids: ids, random: &random) : []
        var script = QueueScript()
        var holding = false
        // After a drain killed between its write and its acknowledgement the app holds taps it
        // applied but did not acknowledge: the next drain hands them again, over any change the
        // user makes meanwhile (CONTRACT.md §10.6, the lease's limit). App changes wait for it.
        var unacknowledged = false
        for _ in 0..<random.int(in: 1...12) {
            let id = random.chance(1, in: 10) ? random.pick(Self.plainIDs + Self.oddIDs(swift: swift)) : random.pick(ids)
            switch random.below(100) {
            case 0..<58:
                script.tap(id, random.chance(1, in: 2), writer: random.chance(1, in: 5) ? 1 : 0)
            case 58..<64:
                let taps = ids.prefix(random.int(in: 1...ids.count)).map { (writer: random.below(2), task: $0, done: random.chance(1, in: 2)) }
                script.together(taps)
            case 64..<74:
                script.peek()
            case 74..<86:
                if holding {
                    script.finish()
                    holding = false
                    unacknowledged = false
                } else if random.chance(1, in: 3) {
                    script.take()
                    holding = true
                } else {
                    let interruption = random.pick([DrainInterruption.none, .none, .none, .beforeApply, .afterApply])
                    script.drain(after: Int64(random.int(in: 1...9)) * 1000, interruption)
                    if interruption == .afterApply { unacknowledged = true } else if interruption == .none { unacknowledged = false }
                }
            case 86..<94 where !holding && !unacknowledged:
                script.appSet(random.pick(ids), random.chance(1, in: 2))
            case 94..<100 where !holding:
                script.appDelete(random.pick(ids))
            default:
                script.peek()
            }
        }
        if holding { script.finish() }
        script.peekThenDrain()
        return QueueCase(id: "queue-fuzz/\(format)#\(seed)-\(index)", behaviour: "generated", format: stored.isEmpty ? nil : format,
                         stored: stored, tasks: tasks, steps: script.steps)
    }

    /// A stored queue of `format`: valid, of the previous version, cut short or corrupt.
    private func storedSlots(format: String, ids: [JSONString], random: inout SeededRandom) -> [(slot: String, text: JSONString)] {
        let description = QueueDescription.current
        guard let slot = description.slot(of: format, holding: "targets") else { return [] }
        let picked = ids.filter { _ in random.chance(2, in: 3) }
        var text: [UInt8]
        switch (format, random.below(6)) {
        case ("ios", 0...2):
            text = QueueText.object(picked.map { id in
                var entry = JSONObject()
                entry["revision"] = .string(JSONString("r-\(random.below(1000))"))
                entry["target"] = .bool(random.chance(1, in: 2))
                return (id, .object(entry))
            })
        case (_, 0...2):
            text = QueueText.object(picked.map { ($0, .bool(random.chance(1, in: 2))) })
        case (_, 3):
            text = QueueText.array(picked)
        case (_, 4):
            let whole = QueueText.object(picked.map { ($0, .bool(true)) })
            text = Array(whole.prefix(max(1, whole.count - random.int(in: 1...max(1, whole.count - 1)))))
        default:
            text = Array(random.pick(["garbage", "42", "null", "\"a\"", "[1,2", "{\"a\":1}"]).utf8)
        }
        var slots: [(slot: String, text: JSONString)] = [(slot, JSONString(String(decoding: text, as: UTF8.self)))]
        if format == "android", let times = description.slot(of: format, holding: "tapTimes"), random.chance(1, in: 3) {
            let stamps = picked.map { ($0, JSONValue.integer(QueueScript.start - Int64(random.int(in: 1...60)) * 1000)) }
            slots.append((times, JSONString(utf8: QueueText.object(stamps))))
        }
        return slots
    }

    /// A drain case: a handed queue (mostly the object form, now and then the first version's
    /// array, JSON of another kind or text that is not JSON), tap times, and the app's tasks.
    package func drainCase(_ index: Int) -> DrainCase {
        var random = SeededRandom(seed: seed, stream: UInt64(index) &* 2 &+ 1)
        let ids = ids(&random)
        let tasks = ids.filter { _ in random.chance(4, in: 5) }.map { QueueTask($0, isDone: random.chance(1, in: 2)) }
        let members = (0..<random.int(in: 0...6)).map { _ in random.chance(1, in: 8) ? random.pick(Self.oddIDs) : random.pick(ids) }
        var queue: JSONString?
        switch random.below(10) {
        case 0...6:
            queue = JSONString(utf8: QueueText.object(members.map { id in
                (id, random.chance(1, in: 8) ? random.pick([.string("true"), .integer(1), .null, .string("false")]) : .bool(random.chance(1, in: 2)))
            }))
        case 7:
            queue = JSONString(utf8: QueueText.array(members))
        case 8:
            queue = JSONString(random.pick(["null", "42", "not json", "\"a\"", "[true]", "{"]))
        default:
            queue = nil
        }
        var times: JSONString?
        if random.chance(1, in: 2) {
            let stamps = members.filter { _ in random.chance(2, in: 3) }.map { ($0, JSONValue.integer(QueueScript.start + Int64(random.int(in: 0...60)) * 1000)) }
            times = JSONString(utf8: QueueText.object(stamps))
        }
        return DrainCase(id: "queue-fuzz/drain#\(seed)-\(index)", behaviour: "generated", queue: queue, times: times, tasks: tasks)
    }
}

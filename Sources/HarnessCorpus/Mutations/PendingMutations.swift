import WidgetSnapshot

/// Queued check-box taps overlaid at render time: a tap for a row's id (exact code points)
/// replaces the blob's `isDone`; a tap for any other id changes nothing. Runs on every
/// fixture with tasks, since what a tap hits depends on the fixture's ids.
enum PendingMutations {
    /// Where a near-miss id comes from.
    private enum NearMiss: Sendable {
        case upperCased, composed, trailingSpace
    }

    /// `id` with ASCII letters upper-cased.
    private static func upperCased(_ id: JSONString) -> JSONString {
        JSONString(utf8: id.utf8.map { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") ? $0 - 32 : $0 })
    }

    /// `id` with `e` + U+0301 composed to `é` (NFC), the same text to Swift's `==`.
    private static func composed(_ id: JSONString) -> JSONString {
        var bytes: [UInt8] = []
        var at = 0
        let source = id.utf8
        while at < source.count {
            if at + 2 < source.count, source[at] == 0x65, source[at + 1] == 0xCC, source[at + 2] == 0x81 {
                bytes.append(contentsOf: [0xC3, 0xA9])
                at += 3
            } else {
                bytes.append(source[at])
                at += 1
            }
        }
        return JSONString(utf8: bytes)
    }

    /// How the two taps for one id are queued (`pending.repeated-id`).
    private enum Repeat: Sendable {
        case twice, between, longQueue
    }

    /// 17 ids no task has, `id-01` … `id-17`: with a tap or two more, a queue of more than 16,
    /// which C looks up through a sorted index where they order right after `id`.
    private static func unknownIds(extending id: JSONString) -> [JSONString] {
        (1...17).map { n in JSONString(utf8: id.utf8 + Array("-\(n < 10 ? "0" : "")\(n)".utf8)) }
    }

    static let all: [MutationOperator] = [
        .taps("pending.override", .pending, "a queued tap that overrides a task's isDone (or confirms it)", [
            ("to-done", Optional(true)),
            ("to-undone", Optional(false)),
            ("same", nil),
        ]) { input, target in
            guard let (task, id) = input.tasks.lazy.compactMap({ entry -> (JSONObject, JSONString)? in
                guard let id = entry.task["id"]?.stringValue else { return nil }
                if let target, input.effectiveIsDone(entry.task) == target { return nil }
                return (entry.task, id)
            }).first else { return nil }
            if let target { return input.pendingDoneTargets.queuing(id, target) }
            if case .bool(let flag)? = task["isDone"] { return input.pendingDoneTargets.queuing(id, flag) }
            return nil
        },
        .taps("pending.unknown-id", .pending, "a queued tap for an id no task has (changes nothing)") { input in
            input.pendingDoneTargets.queuing("t-unknown", true)
        },
        .taps("pending.near-id", .pending, "a tap for an id that differs from a task's only in case, normalization or a space", [
            ("case", NearMiss.upperCased),
            ("normalization", NearMiss.composed),
            ("trailing-space", NearMiss.trailingSpace),
        ]) { input, kind in
            let ids = Set(input.tasks.compactMap { $0.task["id"]?.stringValue })
            for (_, task) in input.tasks {
                guard let id = task["id"]?.stringValue else { continue }
                let near: JSONString
                switch kind {
                case .upperCased: near = upperCased(id)
                case .composed: near = composed(id)
                case .trailingSpace: near = JSONString(utf8: id.utf8 + [UInt8(ascii: " ")])
                }
                guard near != id, !ids.contains(near) else { continue }
                return input.pendingDoneTargets.queuing(near, !input.effectiveIsDone(task))
            }
            return nil
        },
        .taps("pending.all-toggled", .pending, "every task's state flipped by a queued tap") { input in
            var queue = input.pendingDoneTargets
            for (_, task) in input.tasks {
                guard let id = task["id"]?.stringValue else { continue }
                queue = queue.queuing(id, !input.effectiveIsDone(task))
            }
            return queue == input.pendingDoneTargets ? nil : queue
        },
        MutationOperator(id: "pending.numeric-id", family: .pending,
                         summary: "the first task's id is a number and a tap is keyed by text (hits only its Java text)",
                         parameters: ["integer", "double-miss", "double-hit", "exponent"],
                         reach: .canonicalFixture) { input, parameter in
            let table: [String: (literal: String, tap: String)] = [
                "integer": ("42", "42"), "double-miss": ("42.0", "42"),
                "double-hit": ("42.0", "42.0"), "exponent": ("4.2e1", "42.0"),
            ]
            guard let parameter, let (literal, tap) = table[parameter], let first = input.tasks.first else { return nil }
            var draft = input.draft
            guard draft.updateTask(first.index, { $0.replace("id", with: .text(literal)) }) else { return nil }
            let pending = input.pendingDoneTargets.queuing(JSONString(tap), !input.effectiveIsDone(first.task))
            return input.output(draft.render(), pendingDoneTargets: pending)
        },
        // More than 16 taps: C looks them up through a sorted index, where ids sharing a
        // prefix with a task's id ("t1-01" beside "t1") order by length after the bytes.
        .taps("pending.long-queue", .pending, "17 taps for unknown ids that extend a task's id, then every task flipped",
              reach: .canonicalFixture) { input in
            guard let first = input.tasks.first?.task["id"]?.stringValue else { return nil }
            var queue = input.pendingDoneTargets
            for unknown in unknownIds(extending: first) { queue = queue.queuing(unknown, true) }
            for (_, task) in input.tasks {
                guard let id = task["id"]?.stringValue else { continue }
                queue = queue.queuing(id, !input.effectiveIsDone(task))
            }
            return queue
        },
        // 17 taps for ids that sort after every task's id and none for a task: in C's sorted index
        // the search for a task's id ends before the first entry (holes generated mutants found).
        .taps("pending.long-queue-after", .pending, "17 taps for unknown ids that sort after every task's id (changes nothing)",
              reach: .canonicalFixture) { input in
            (1...17).reduce(input.pendingDoneTargets) { queue, n in
                queue.queuing(JSONString("~unknown-\(n < 10 ? "0" : "")\(n)"), true)
            }
        },
        // An empty id: the first task's id is "" and a tap for "" flips it (an id compared over no
        // bytes is still equal; holes generated mutants found).
        MutationOperator(id: "pending.empty-id", family: .pending, summary: "the first task's id is \"\" and a tap for \"\" flips it",
                         reach: .canonicalFixture) { input, _ in
            guard let first = input.tasks.first else { return nil }
            var draft = input.draft
            guard draft.updateTask(first.index, { $0.replace("id", with: .string("")) }) else { return nil }
            let pending = input.pendingDoneTargets.queuing(JSONString(""), !input.effectiveIsDone(first.task))
            return input.output(draft.render(), pendingDoneTargets: pending)
        },
        // One id queued twice with different targets: the last tap wins (CONTRACT §6), also
        // when other taps come between and when more than 16 taps send C to its sorted index.
        .taps("pending.repeated-id", .pending, "the first task tapped twice with different targets (the last tap wins)",
              reach: .canonicalFixture, [
            ("twice", Repeat.twice),
            ("between", Repeat.between),
            ("long-queue", Repeat.longQueue),
        ]) { input, kind in
            let tasks = input.tasks.compactMap { entry in entry.task["id"]?.stringValue.map { (entry.task, $0) } }
            guard let (task, id) = tasks.first else { return nil }
            let shown = input.effectiveIsDone(task)
            var queue = input.pendingDoneTargets.queuing(id, shown)
            switch kind {
            case .twice:
                break
            case .between:
                for (other, otherId) in tasks.dropFirst() { queue = queue.queuing(otherId, !input.effectiveIsDone(other)) }
            case .longQueue:
                for unknown in unknownIds(extending: id) { queue = queue.queuing(unknown, true) }
            }
            return queue.queuing(id, !shown)
        },
    ]
}

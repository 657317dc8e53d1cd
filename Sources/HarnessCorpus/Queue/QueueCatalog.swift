import ContractModel
import WidgetSnapshot

/// A family of queue cases: a small value (name, what it holds, its cases), one file each.
package struct QueueFamily: Sendable {
    package var name: String
    package var summary: String
    package var cases: @Sendable () -> [QueueCase]
}

/// A family of drain cases.
package struct DrainFamily: Sendable {
    package var name: String
    package var summary: String
    package var cases: @Sendable () -> [DrainCase]
}

/// Every family of the queue contract, in the order reports list them.
package enum QueueCatalog {
    package static let writerFamilies: [QueueFamily] = [
        LastWinsFamily.family, DeletedTaskFamily.family, TaskIdFamily.family, HugeQueueFamily.family, TapTimeFamily.family,
        StoredQueueFamily.family, LeaseFamily.family, TwoWritersFamily.family, AppEditFamily.family,
    ]

    package static let drainFamilies: [DrainFamily] = [DrainBehaviourFamily.family, FirstDrainFamily.family, DrainTextFamily.family]

    /// Every family name (writer families, then drain families).
    package static var familyNames: [String] { writerFamilies.map(\.name) + drainFamilies.map(\.name) }
}

/// Builds a case's steps with a running clock: each tap a second after the last step.
package struct QueueScript {
    /// 2026-07-17 08:53:20 UTC: the first tap's instant.
    package static let start: Int64 = 1_784_278_400_000

    package private(set) var steps: [QueueStep] = []
    package private(set) var now: Int64

    package init(start: Int64 = QueueScript.start) { now = start }

    @discardableResult
    package mutating func tap(_ task: JSONString, _ done: Bool, writer: Int = 0) -> Int64 {
        now += 1000
        steps.append(.tap(QueueTap(writer: writer, task: task, done: done, atMs: now)))
        return now
    }

    package mutating func together(_ taps: [(writer: Int, task: JSONString, done: Bool)]) {
        now += 1000
        steps.append(.together(taps.map { QueueTap(writer: $0.writer, task: $0.task, done: $0.done, atMs: now) }))
    }

    package mutating func peek() { steps.append(.peek) }

    /// The app takes the queue, `after` ms after the last step.
    package mutating func take(after: Int64 = 2000) {
        now += after
        steps.append(.take(atMs: now))
    }

    /// The app applies what it took and acknowledges it.
    package mutating func finish(after: Int64 = 100) {
        now += after
        steps.append(.apply(atMs: now))
        steps.append(.acknowledge)
    }

    /// The whole drain: take, apply, acknowledge; or killed before applying, or after applying
    /// and before acknowledging.
    package mutating func drain(after: Int64 = 2000, _ interruption: DrainInterruption = .none) {
        take(after: after)
        switch interruption {
        case .none:
            finish()
        case .beforeApply:
            steps.append(.appCrash)
        case .afterApply:
            now += 100
            steps.append(.apply(atMs: now))
            steps.append(.appCrash)
        }
    }

    package mutating func appSet(_ task: JSONString, _ done: Bool) {
        now += 1000
        steps.append(.appSet(task, done: done, atMs: now))
    }

    package mutating func appDelete(_ task: JSONString) { steps.append(.appDelete(task)) }

    /// The widget renders, then the app drains: the round trip is judged between the two.
    package mutating func peekThenDrain(after: Int64 = 2000) {
        peek()
        drain(after: after)
    }
}

extension QueueCase {
    /// A case whose steps `build` writes on a fresh script.
    package static func scripted(_ id: String, _ behaviour: String, tasks: [QueueTask], format: String? = nil,
                                 stored: [(slot: String, text: JSONString)] = [], needs: Set<String> = [],
                                 _ build: (inout QueueScript) -> Void) -> QueueCase {
        var script = QueueScript()
        build(&script)
        return QueueCase(id: "queue/" + id, behaviour: behaviour, format: format, stored: stored, needs: needs, tasks: tasks, steps: script.steps)
    }
}

/// Tasks `ids`, not done.
package func openTasks(_ ids: [JSONString]) -> [QueueTask] { ids.map { QueueTask($0) } }

import ContractModel
import WidgetSnapshot

/// Tap sequences on one queue: the last tap per task wins, whatever came before (CONTRACT.md
/// §10.3). A queue that keeps the first tap fails `aba` and `done-undone`.
enum LastWinsFamily {
    static let family = QueueFamily(name: "lastwins", summary: "toggles, A-B-A, repeated taps, many tasks: the last tap per task wins") {
        [
            .scripted("lastwins.toggle#to-done", "a tap marks an open task done", tasks: openTasks(["a"])) { s in
                s.tap("a", true)
                s.peekThenDrain()
            },
            .scripted("lastwins.toggle#to-undone", "a tap marks a done task undone", tasks: [QueueTask("a", isDone: true, doneOn: QueueScript.start - 60_000)]) { s in
                s.tap("a", false)
                s.peekThenDrain()
            },
            .scripted("lastwins.done-undone", "a done→undone round trip before the drain is a no-op", tasks: openTasks(["a"])) { s in
                s.tap("a", true)
                s.tap("a", false)
                s.peekThenDrain()
            },
            .scripted("lastwins.aba", "A-B-A: the last of three taps wins", tasks: openTasks(["a"])) { s in
                s.tap("a", true)
                s.tap("a", false)
                s.tap("a", true)
                s.peekThenDrain()
            },
            .scripted("lastwins.repeated#5", "the same tap five times is one change", tasks: openTasks(["a"])) { s in
                for _ in 0..<5 { s.tap("a", true) }
                s.peekThenDrain()
            },
            .scripted("lastwins.interleaved", "taps on three tasks interleaved, each task's last wins", tasks: [QueueTask("a"), QueueTask("b", isDone: true), QueueTask("c")]) { s in
                s.tap("a", true)
                s.tap("b", false)
                s.tap("c", true)
                s.tap("a", false)
                s.tap("b", true)
                s.tap("a", true)
                s.peekThenDrain()
            },
            .scripted("lastwins.many#20", "twenty tasks, each tapped", tasks: openTasks((1...20).map { JSONString("t\($0)") })) { s in
                for index in 1...20 { s.tap(JSONString("t\(index)"), true) }
                s.peekThenDrain()
            },
            .scripted("lastwins.after-drain", "a tap after a drain is the next drain's", tasks: openTasks(["a", "b"])) { s in
                s.tap("a", true)
                s.drain()
                s.tap("b", true)
                s.tap("a", false)
                s.peekThenDrain()
            },
            .scripted("lastwins.empty", "a drain of an empty queue applies nothing", tasks: openTasks(["a"])) { s in
                s.peekThenDrain()
            },
        ]
    }
}

import ContractModel
import WidgetSnapshot

/// Two writers on one storage (the widget extension and a second process or widget), in turn
/// and at once: no distinct target is lost, the last tap per task wins across writers.
enum TwoWritersFamily {
    static let family = QueueFamily(name: "writers", summary: "interleavings of two writers, concurrent writers") {
        let hundred = (0..<100).map { JSONString("task-\($0)") }
        return [
            .scripted("writers.concurrent#100", "concurrent writers lose no distinct target", tasks: openTasks(hundred)) { s in
                s.together(hundred.enumerated().map { (writer: $0.offset % 2, task: $0.element, done: true) })
                s.peekThenDrain()
            },
            .scripted("writers.alternating", "two writers in turn: each tap queued, the last per task wins", tasks: openTasks(["a", "b"])) { s in
                s.tap("a", true, writer: 0)
                s.tap("b", true, writer: 1)
                s.tap("a", false, writer: 1)
                s.tap("b", false, writer: 0)
                s.tap("a", true, writer: 0)
                s.peekThenDrain()
            },
            .scripted("writers.during-drain", "a second writer's tap between the handoff and the next drain is kept", tasks: openTasks(["a", "b"])) { s in
                s.tap("a", true, writer: 0)
                s.take()
                s.tap("b", true, writer: 1)
                s.finish()
                s.peekThenDrain()
            },
        ]
    }
}

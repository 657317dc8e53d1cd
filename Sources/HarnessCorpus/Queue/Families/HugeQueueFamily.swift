import ContractModel
import WidgetSnapshot

/// Queues far beyond a widget's handful of taps: every tap still applies once.
enum HugeQueueFamily {
    static let family = QueueFamily(name: "huge", summary: "two hundred tasks (ten times a widget's rows), one task tapped five hundred times") {
        let many = (1...200).map { JSONString("task-\($0)") }
        return [
            .scripted("huge.tasks#200", "two hundred tasks tapped, each applied", tasks: openTasks(many)) { s in
                for (index, id) in many.enumerated() { s.tap(id, index % 3 != 0) }
                s.peekThenDrain()
            },
            .scripted("huge.repeats#500", "one task tapped five hundred times: the last wins", tasks: openTasks(["a"])) { s in
                for index in 0..<500 { s.tap("a", index % 2 == 0) }
                s.peekThenDrain()
            },
        ]
    }
}

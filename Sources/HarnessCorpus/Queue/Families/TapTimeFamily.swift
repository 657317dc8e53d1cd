import ContractModel
import WidgetSnapshot

/// The tap times (tapTimes): a done tap keeps its time until the drain, which gives the task
/// that time as its `doneOn`; a tap to undone clears it (CONTRACT.md §10.3, §10.6).
enum TapTimeFamily {
    static let family = QueueFamily(name: "times", summary: "a done tap's time reaches the task's doneOn; an undone tap clears it") {
        [
            .scripted("times.done", "a done tap's time is the task's doneOn after the drain", tasks: openTasks(["a"])) { s in
                s.tap("a", true)
                s.peekThenDrain(after: 60_000)
            },
            .scripted("times.retapped", "a second done tap's time replaces the first", tasks: openTasks(["a"])) { s in
                s.tap("a", true)
                s.tap("a", false)
                s.tap("a", true)
                s.peekThenDrain(after: 10_000)
            },
            .scripted("times.undone-clears", "a tap to undone leaves no time behind", tasks: [QueueTask("a", isDone: true, doneOn: QueueScript.start - 5_000)]) { s in
                s.tap("a", true)
                s.tap("a", false)
                s.peekThenDrain()
            },
        ]
    }
}

import ContractModel
import WidgetSnapshot

/// Taps on tasks the app no longer has: queued like any tap, skipped by the drain, never
/// applied to another task (CONTRACT.md §10.6).
enum DeletedTaskFamily {
    static let family = QueueFamily(name: "deleted", summary: "taps on tasks deleted since, or never in the app") {
        [
            .scripted("deleted.since-tap", "the drain skips a task deleted since the tap", tasks: openTasks(["gone", "a"])) { s in
                s.tap("gone", true)
                s.tap("a", true)
                s.appDelete("gone")
                s.peekThenDrain()
            },
            .scripted("deleted.never", "a tap on an id the app never had applies nothing", tasks: openTasks(["a"])) { s in
                s.tap("ghost", true)
                s.peekThenDrain()
            },
            .scripted("deleted.prototype-names", "ids named like Object.prototype's members are no tasks", tasks: openTasks(["a"])) { s in
                s.tap("__proto__", true)
                s.tap("constructor", true)
                s.tap("toString", false)
                s.tap("hasOwnProperty", true)
                s.tap("a", true)
                s.peekThenDrain()
            },
        ]
    }
}

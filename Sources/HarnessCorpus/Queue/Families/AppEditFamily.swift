import ContractModel
import WidgetSnapshot

/// The app changes a task after a drain: no tap is applied a second time over it.
enum AppEditFamily {
    static let family = QueueFamily(name: "app", summary: "a change in the app after the drain is not undone by the queue") {
        [
            .scripted("app.undone-after-drain", "a task the user reopens after the drain stays open", tasks: openTasks(["a"])) { s in
                s.tap("a", true)
                s.drain()
                s.appSet("a", false)
                s.peekThenDrain()
            },
            .scripted("app.done-before-drain", "a task done in the app before the drain gets no redundant change", tasks: openTasks(["a"])) { s in
                s.tap("a", true)
                s.appSet("a", true)
                s.peekThenDrain()
            },
        ]
    }
}

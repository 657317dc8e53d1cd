import ContractModel
import WidgetSnapshot

/// Stored queues a store did not write this way: cut short, not JSON, of another type, from
/// the previous version (the first widget's array, a queue without tap times, the iOS port's
/// entries). A store never throws such a value away: it keeps what it can read, keeps the rest
/// aside for the app, and queues the next tap (CONTRACT.md §10.3). Each case is in one format.
enum StoredQueueFamily {
    static let targets = "WIDGET_DONE_TASK_IDS"
    static let times = "WIDGET_DONE_TASK_TIMESTAMPS"
    static let file = "widget-done-targets.json"

    /// A stored value, then a tap on `c` and a drain.
    static func thenTap(_ name: String, _ behaviour: String, format: String, stored: [(slot: String, text: JSONString)],
                        tasks: [QueueTask] = openTasks(["a", "b", "c"])) -> QueueCase {
        .scripted("stored.\(name)", behaviour, tasks: tasks, format: format, stored: stored) { s in
            s.peek()
            s.tap("c", true)
            s.peekThenDrain()
        }
    }

    /// A stored value and a drain, no tap.
    static func drained(_ name: String, _ behaviour: String, format: String, stored: [(slot: String, text: JSONString)],
                        tasks: [QueueTask] = openTasks(["a", "b", "c"])) -> QueueCase {
        .scripted("stored.\(name)", behaviour, tasks: tasks, format: format, stored: stored) { s in
            s.peekThenDrain()
        }
    }

    static let family = QueueFamily(name: "stored", summary: "stored queues that are corrupt, truncated, of the wrong type or from the previous version") {
        let entry = #"{"a":{"revision":"r-a","target":true},"b":{"revision":"r-b","target":false}}"#
        return [
            // android: SharedPreferences strings
            thenTap("truncated#object", "a queue cut short is kept aside, the next tap queued", format: "android",
                    stored: [(targets, #"{"a":true,"b":tr"#)]),
            thenTap("corrupt#not-json", "a queue that is not JSON is kept aside, the next tap queued", format: "android",
                    stored: [(targets, "\u{0}garbage")]),
            thenTap("wrong-type#number", "a number where the queue was is kept aside, the next tap queued", format: "android",
                    stored: [(targets, "42")]),
            thenTap("wrong-type#null", "JSON null where the queue was is kept aside, the next tap queued", format: "android",
                    stored: [(targets, "null")]),
            thenTap("wrong-type#string", "a JSON string where the queue was is kept aside, the next tap queued", format: "android",
                    stored: [(targets, #""a""#)]),
            thenTap("non-boolean", "a value that is not a boolean is no tap; the other taps still paint and apply", format: "android",
                    stored: [(targets, #"{"a":"yes","b":true}"#)], tasks: [QueueTask("a"), QueueTask("b", isDone: false), QueueTask("c")]),
            thenTap("previous#array", "the first widget's array of done ids is taken over as done taps", format: "android",
                    stored: [(targets, #"["a","a","b"]"#)]),
            drained("previous#array-alone", "the first widget's array, drained by the new app, applies its ids", format: "android",
                    stored: [(targets, #"["a"]"#)]),
            drained("previous#no-times", "a queue of the version without tap times drains as any", format: "android",
                    stored: [(targets, #"{"a":true,"b":false}"#)], tasks: [QueueTask("a"), QueueTask("b", isDone: true, doneOn: QueueScript.start - 1000)]),
            thenTap("times-corrupt", "unreadable tap times lose no target", format: "android",
                    stored: [(targets, #"{"a":true}"#), (times, "{")]),
            // ios: the App Group file
            thenTap("truncated#ios", "a queue file cut short is kept aside, the next tap queued", format: "ios",
                    stored: [(file, JSONString(String(entry.prefix(40))))]),
            thenTap("corrupt#ios", "a queue file that is not JSON is kept aside, the next tap queued", format: "ios",
                    stored: [(file, "not json")]),
            thenTap("wrong-type#ios-array", "an array where the queue file was is kept aside, the next tap queued", format: "ios",
                    stored: [(file, #"["a"]"#)]),
            thenTap("wrong-type#ios-targets", "the {id: bool} form in the queue file is kept aside, the next tap queued", format: "ios",
                    stored: [(file, #"{"a":true}"#)]),
            thenTap("readable#ios", "the iOS port's entries (no tap times) drain as any", format: "ios",
                    stored: [(file, JSONString(entry))], tasks: [QueueTask("a"), QueueTask("b", isDone: true, doneOn: QueueScript.start - 1000), QueueTask("c")]),
        ]
    }
}

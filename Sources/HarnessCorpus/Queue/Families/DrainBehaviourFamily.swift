import ContractModel
import WidgetSnapshot

/// The drain's behaviours as the app's own tests pose them (`getTaskDoneChangesToApply` at
/// b28e0ade), each a case: what a drain of the object form applies (CONTRACT.md §10.6).
enum DrainBehaviourFamily {
    /// A drain case; `needs` the features a drain must declare to be asked it (the object form's: `targets`).
    static func request(_ name: String, _ behaviour: String, _ queue: JSONString?, times: JSONString? = nil, _ tasks: [QueueTask],
                        needs: Set<String> = ["targets"]) -> DrainCase {
        DrainCase(id: "queue/drain.\(name)", behaviour: behaviour, queue: queue, times: times, tasks: tasks, needs: needs)
    }

    static let family = DrainFamily(name: "drain", summary: "the drain's behaviours: what it applies, what it skips, what it refuses") {
        [
            request("marks-done", "marks undone tasks done", #"{"a":true,"b":true}"#, [QueueTask("a"), QueueTask("b")]),
            request("marks-undone", "marks done tasks undone", #"{"a":false}"#, [QueueTask("a", isDone: true)]),
            request("skips-deleted", "skips tasks deleted since the tap", #"{"gone":true,"a":true}"#, [QueueTask("a")]),
            request("skips-in-target", "skips tasks already in the target state", #"{"a":true,"b":true}"#, [QueueTask("a", isDone: true), QueueTask("b")]),
            request("round-trip-noop", "treats a done→undone round trip as a no-op", #"{"a":false}"#, [QueueTask("a")]),
            request("invalid-json", "returns nothing for invalid JSON", "not json", [QueueTask("a")], needs: []),
            request("array", "returns nothing for [\"a\"] unless it reads the first version's array", #"["a"]"#, [QueueTask("a")], needs: []),
            request("array-of-booleans", "an array's members are no task ids: [true] applies nothing to a task named 0", "[true]", [QueueTask("0")], needs: []),
            request("null", "returns nothing for null", "null", [QueueTask("a")], needs: []),
            request("no-queue", "returns nothing when nothing was handed over", nil, [QueueTask("a")], needs: []),
            request("non-boolean", "skips non-boolean values", #"{"a":"true","b":1,"c":null,"d":{},"e":true}"#,
                    [QueueTask("a"), QueueTask("b"), QueueTask("c"), QueueTask("d"), QueueTask("e")]),
            request("duplicate-keys", "a repeated id: the last value wins", #"{"a":true,"a":false}"#, [QueueTask("a", isDone: true)]),
            request("empty", "an empty queue applies nothing", "{}", [QueueTask("a")]),
        ]
    }
}

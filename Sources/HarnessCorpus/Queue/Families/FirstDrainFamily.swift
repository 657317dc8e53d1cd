import ContractModel
import WidgetSnapshot

/// The first widget's drain (`getTaskIdsToMarkDone`, pull request 8737's first commit) and the
/// array it read: ids of done taps, deduped; anything but an array refused. A drain of the object
/// form reads an array only when it declares `legacyArray` (CONTRACT.md §10.6).
enum FirstDrainFamily {
    static let family = DrainFamily(name: "first", summary: "the first drain's array of ids: deduped, non-array refused") {
        [
            DrainBehaviourFamily.request("first.marks-done", "an array of ids marks each existing undone task done", #"["a","b"]"#, [QueueTask("a"), QueueTask("b")], needs: []),
            DrainBehaviourFamily.request("first.dedupe", "an array of ids is deduped: [\"a\",\"a\",\"a\"] is one change", #"["a","a","a"]"#, [QueueTask("a")], needs: []),
            DrainBehaviourFamily.request("first.skips", "skips deleted and already-done tasks", #"["gone","a","b"]"#, [QueueTask("a", isDone: true), QueueTask("b")], needs: []),
            DrainBehaviourFamily.request("first.non-array", "refuses anything but an array ({\"a\":1})", #"{"a":1}"#, [QueueTask("a")], needs: []),
            DrainBehaviourFamily.request("first.non-array#targets", "a drain of the array form alone refuses the object form", #"{"a":true}"#, [QueueTask("a")], needs: ["legacyArray"]),
            DrainBehaviourFamily.request("first.non-strings", "elements that are not strings are no ids", #"[1,null,"a"]"#, [QueueTask("1"), QueueTask("a")], needs: []),
        ]
    }
}

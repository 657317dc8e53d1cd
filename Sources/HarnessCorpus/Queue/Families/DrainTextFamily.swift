import ContractModel
import WidgetSnapshot

/// Handed queues as the writers write them: org.json's `\/`, lone surrogates kept raw (escaped
/// here), ids named like Object.prototype's members, tap times good and bad (CONTRACT.md §10.6).
enum DrainTextFamily {
    static let family = DrainFamily(name: "text", summary: "handed texts: escapes, prototype names, lone surrogates, tap times") {
        [
            DrainBehaviourFamily.request("text.escaped-slash", "org.json's `\\/` is `/`", #"{"a\/b":true}"#, [QueueTask("a/b")]),
            DrainBehaviourFamily.request("text.prototype-names", "ids named like Object.prototype's members are no tasks of the app",
                                         #"{"__proto__":true,"constructor":true,"toString":false,"hasOwnProperty":true,"a":true}"#, [QueueTask("a")]),
            DrainBehaviourFamily.request("text.proto-task", "a task named __proto__ is found like any", #"{"__proto__":true}"#, [QueueTask("__proto__")]),
            DrainBehaviourFamily.request("text.lone-surrogate", "a lone surrogate in an id matches the task that holds it", #"{"x\ud83c":true,"x\ufffd":false}"#,
                                         [QueueTask("x\\ud83c"), QueueTask("x\u{fffd}", isDone: true)]),
            DrainBehaviourFamily.request("text.numeric-ids", "array-index ids apply like any", #"{"2":true,"10":true,"1":false}"#,
                                         [QueueTask("2"), QueueTask("10"), QueueTask("1", isDone: true)]),
            DrainBehaviourFamily.request("text.times", "a done change carries its tap's time", #"{"a":true,"b":true,"c":false}"#,
                                         times: #"{"a":1784278401000,"c":1784278402000}"#, [QueueTask("a"), QueueTask("b"), QueueTask("c", isDone: true)]),
            DrainBehaviourFamily.request("text.times-bad", "a tap time that is not a positive integer is no time", #"{"a":true,"b":true,"c":true,"d":true}"#,
                                         times: #"{"a":"1784278401000","b":-5,"c":1.5,"d":0}"#, [QueueTask("a"), QueueTask("b"), QueueTask("c"), QueueTask("d")]),
            DrainBehaviourFamily.request("text.times-not-json", "tap times that are not JSON lose no change", #"{"a":true}"#, times: "{", [QueueTask("a")]),
        ]
    }
}

/// What every report format says about one feature a reader does not declare: "ready to
/// declare" only when each of its units was compared on some case and agreed, and so did every
/// feature it needs (declaring it declares them); otherwise what it waits on, what no case
/// compared (a testee that answered nothing shows no agreement), and what is ready so far. One sentence, each format marking it up its own way.
enum ReadinessText {
    static let ready = "ready to declare"

    /// The sentence, with `strong` marking "ready to declare" when the feature is, and `code`
    /// each unit's name (escaped for the format).
    static func sentence(_ revision: ReaderVerdict.Readiness, strong: (String) -> String = { $0 },
                         code: (String) -> String) -> String {
        if revision.isReady { return strong(ready) + " (every pending field agrees)" }
        if revision.agrees {
            let needs = revision.needsNotReady.map(code).joined(separator: ", ")
            return "every pending field agrees, but it needs \(needs), not ready yet"
        }
        var parts: [String] = []
        if !revision.waiting.isEmpty {
            parts.append("waiting on " + revision.waiting.map { "\(code($0.unit)) (\($0.cases) cases)" }.joined(separator: ", "))
        }
        if !revision.unseen.isEmpty {
            parts.append("not seen on any case with a view, so not known to agree: " + revision.unseen.map(code).joined(separator: ", "))
        }
        if !revision.ready.isEmpty { parts.append("\(ready): " + revision.ready.map(code).joined(separator: ", ")) }
        return parts.joined(separator: "; ")
    }
}

/// What every report format says about one later revision of a lagging reader: "ready to
/// declare" only when each of its units was compared on some case and agreed, and so did every
/// revision before it (declaring it declares them); otherwise what it waits on, what no case
/// compared (a testee that answered nothing shows no agreement), and what is ready so far. One sentence, each format marking it up its own way.
enum ReadinessText {
    static let ready = "ready to declare"

    /// The sentence, with `strong` marking "ready to declare" when the revision is, and `code`
    /// each unit's name (escaped for the format).
    static func sentence(_ revision: ReaderVerdict.Readiness, strong: (String) -> String = { $0 },
                         code: (String) -> String) -> String {
        if revision.isReady { return strong(ready) + " (every pending field agrees)" }
        if revision.agrees {
            let earlier = revision.earlierNotReady.map(String.init).joined(separator: ", ")
            return "every pending field agrees, but declaring it declares revision \(earlier) too, which is not ready"
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

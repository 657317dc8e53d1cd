/// What one reader made of one case: a view, or a failure of the reader itself (a crash,
/// a hang, a line that is not a view, no line at all, out of memory) — which is never
/// confused with a parse error.
package enum ReaderOutcome: Equatable, Sendable {
    case view(DecodedView)
    case failure(String)

    package var view: DecodedView? {
        if case .view(let view) = self { return view }
        return nil
    }

    /// How a failure is compared: `missing` when the reader gave no line for the case (nothing
    /// recorded, a hang, a testee that could not start or was given up), `crash` otherwise (it
    /// said so, died, or wrote something that is not a view). Nil for a view.
    /// How the failure of a case a reader never ran begins (the reader was declared broken
    /// before it: `LineSession`): it shows nothing about the case, so nothing lists it.
    package static let notRunPrefix = "broken: "

    /// Whether this is the failure of a case the reader never ran.
    package var wasNotRun: Bool {
        if case .failure(let reason) = self { return reason.hasPrefix(Self.notRunPrefix) }
        return false
    }

    package var noViewField: FieldPath.Name? {
        guard case .failure(let reason) = self else { return nil }
        let missing = ["hang", "broken", "no recorded output", "missing", "cannot start", "silent"]
        return missing.contains { reason.hasPrefix($0) || reason.hasPrefix("failure: \($0)") } ? .missing : .crash
    }
}

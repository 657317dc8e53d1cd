/// How far a finding's case was shrunk, saved in its file as `"shrinking"`: a finding cut
/// short by `--seconds` or SIGINT is still a true witness of its disagreement, only a
/// larger one, and a reviewer must see that it was not minimised.
package enum ShrinkState: String, Equatable, Sendable, CaseIterable {
    /// Every pass reached its fixpoint.
    case complete
    /// The `--shrink-budget` candidates were spent first.
    case budgetSpent = "budget spent"
    /// The time budget ran out (or SIGINT came) while it was being shrunk.
    case stopped
    /// Never shrunk: the time was up before its turn (the generated case, as is).
    case notStarted = "not started"
}

import ContractModel

/// The first shrinking pass: the case inputs beside the blob (CONTRACT.md §6). Drops each
/// queued tap, then each tap time, then the selection, then puts the capacity back to
/// Android's 20, then drops the device locale, keeping each change that still shows the disagreement — so a finding keeps
/// a selection or a tap time only when the disagreement needs it.
enum CaseInputShrink {
    static func run(_ start: Case, session: ShrinkSession) -> Case {
        var current = start
        var index = 0
        while index < current.pendingDoneTargets.count, !session.exhausted {
            var candidate = current
            candidate.pendingDoneTargets.remove(at: index)
            if session.fails(candidate) { current = candidate } else { index += 1 }
        }
        index = 0
        while index < current.pendingDoneTimestamps.count, !session.exhausted {
            var candidate = current
            candidate.pendingDoneTimestamps.remove(at: index)
            if session.fails(candidate) { current = candidate } else { index += 1 }
        }
        if current.selectedProjectId != nil, !session.exhausted {
            var candidate = current
            candidate.selectedProjectId = nil
            if session.fails(candidate) { current = candidate }
        }
        if current.capacity != Case.androidCapacity, !session.exhausted {
            var candidate = current
            candidate.capacity = Case.androidCapacity
            if session.fails(candidate) { current = candidate }
        }
        if current.deviceLocale != nil, !session.exhausted {
            var candidate = current
            candidate.deviceLocale = nil
            if session.fails(candidate) { current = candidate }
        }
        return current
    }
}

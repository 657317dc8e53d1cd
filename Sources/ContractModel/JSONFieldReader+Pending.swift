import WidgetSnapshot

/// The case-specific field of the strict JSON field reader: queued taps, read the same way by
/// the fixture loader and the case-stream reader.
extension JSONFieldReader {
    /// An object of `id → true/false`, kept in its order, a repeated id included (when the
    /// object was parsed keeping repeated keys, as case lines are).
    package func pendingTargets(_ key: String) throws(HarnessInputError) -> [Case.PendingTarget] {
        var targets: [Case.PendingTarget] = []
        for member in try object(key).members {
            guard case .bool(let flag) = member.value else {
                throw failure("\(key).\(member.key.string)", "expected true or false")
            }
            targets.append(Case.PendingTarget(taskId: member.key, isDone: flag))
        }
        return targets
    }
}

import WidgetSnapshot

/// The case-specific fields of the strict JSON field reader: queued taps and their times and
/// the device locale, read the same way by the fixture loader and the case-stream reader.
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

    /// An object of `id → epoch ms` (an int64 integer), kept in its order, a repeated id
    /// included, as `pendingTargets`.
    package func pendingTimestamps(_ key: String) throws(HarnessInputError) -> [Case.PendingTimestamp] {
        var stamps: [Case.PendingTimestamp] = []
        for member in try object(key).members {
            guard case .integer(let ms) = member.value else {
                throw failure("\(key).\(member.key.string)", "expected an integer (epoch ms)")
            }
            stamps.append(Case.PendingTimestamp(taskId: member.key, ms: ms))
        }
        return stamps
    }

    /// A device locale (CONTRACT.md §6): a BCP 47 tag in canonical case, refused naming what is wrong.
    package func deviceLocale(_ key: String) throws(HarnessInputError) -> DeviceLocale {
        let tag = try string(key).string
        do {
            return try DeviceLocale(tag: tag)
        } catch {
            throw failure(key, error.description)
        }
    }
}

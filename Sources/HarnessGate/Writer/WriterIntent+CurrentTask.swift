import ContractModel
import HarnessCorpus

extension WriterIntent {
    /// The view's path of revision 3's tracked task (CONTRACT.md §8.3).
    static let currentTaskPath = "currentTask"

    /// Revision 3's `currentTask` (CONTRACT.md §7.5): what a reader shows (`shown`, the view's
    /// `currentTask`) against the task the state tracks (`WriterState.CurrentTask`, W7), member
    /// by member as the readers keep them (§8.3: `sinceTs` only above 0, `focusCycle` as an
    /// `int`). Nil when they agree; one message naming what differs otherwise.
    static func currentTaskMismatch(_ want: WriterState.CurrentTask?, shown: ViewValue?) -> String? {
        let expected = want.map(shownAsReaders) ?? .null
        guard shown != expected else { return nil }
        guard let want else {
            return "the widget shows \(trackedTask(shown)) as tracked, the app tracks none"
        }
        let where_ = want.isLocal ? "on this device" : "on \(quoted(want.deviceLabel))"
        guard case .object(let got)? = shown, case .object(let wanted) = expected, got.count == wanted.count,
              let names = ContractDescription.current.objectMembers(at: currentTaskPath)?.map(\.name), names.count == got.count else {
            return "the widget shows \(trackedTask(shown)) as tracked, the app tracks task \(UntrustedText.escape(want.id)) \(where_)"
        }
        let differing = zip(names, zip(got, wanted)).filter { $0.1.0 != $0.1.1 }
            .map { name, pair in "\(name) \(described(pair.0)) (the app's: \(described(pair.1)))" }
        return "the widget's tracked task \(UntrustedText.escape(want.id)) (\(where_)) has " + differing.joined(separator: ", ")
    }

    /// The `currentTask` view value a reader gives for the writer's object of `task` (§8.3).
    private static func shownAsReaders(_ task: WriterState.CurrentTask) -> ViewValue {
        ViewValue.object(at: currentTaskPath, [
            "id": .text(task.id), "title": .text(task.title), "projectId": .optionalText(task.projectId),
            "deviceLabel": .text(task.deviceLabel), "isLocal": .bool(task.isLocal),
            "sinceTs": .optionalInt(task.sinceTs.flatMap { $0 > 0 ? $0 : nil }),
            "focusCycle": .optionalInt(task.focusCycle.map { Int64(Int32(truncatingIfNeeded: $0)) }),
        ])
    }

    /// `task t1` (its id, the first member), `no task` (null), or what else the view holds.
    private static func trackedTask(_ value: ViewValue?) -> String {
        switch value {
        case .null?: "no task"
        case .object(let members)? where members.first.map({ if case .text = $0 { true } else { false } }) == true:
            if case .text(let id) = members[0] { "task \(UntrustedText.escape(id))" } else { "a task" }
        default: described(value)
        }
    }
}

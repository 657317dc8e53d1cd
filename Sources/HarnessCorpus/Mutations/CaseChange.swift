import ContractModel
import WidgetSnapshot

/// A case under edit by an operator of a later revision's inputs: the blob's draft and every
/// case input beside it (taps, their times, the selected project), changed together, since a
/// project widget's case is a blob *and* a selection.
package struct CaseChange: Sendable {
    package var draft: BlobDraft
    package var pendingDoneTargets: [Case.PendingTarget]
    package var pendingDoneTimestamps: [Case.PendingTimestamp]
    package var selectedProjectId: JSONString?
    /// The rows the widget can show (the display question, CONTRACT.md §9.1).
    package var capacity: Int
    /// The device locale the readers run under (CONTRACT.md §4).
    package var deviceLocale: DeviceLocale?

    /// The input as it came, ready to edit.
    package init(_ input: MutationOperator.Input) {
        draft = input.draft
        pendingDoneTargets = input.pendingDoneTargets
        pendingDoneTimestamps = input.pendingDoneTimestamps
        selectedProjectId = input.selectedProjectId
        capacity = input.capacity
        deviceLocale = input.deviceLocale
    }

    /// Queues a tap (and, when given, its time), as the widget's two queues do.
    package mutating func tap(_ taskId: JSONString, done: Bool, at ms: Int64? = nil) {
        pendingDoneTargets = pendingDoneTargets.queuing(taskId, done)
        if let ms { pendingDoneTimestamps.append(Case.PendingTimestamp(taskId: taskId, ms: ms)) }
    }

    var output: MutationOperator.Output {
        MutationOperator.Output(blob: draft.render(), pendingDoneTargets: pendingDoneTargets,
                                pendingDoneTimestamps: pendingDoneTimestamps, selectedProjectId: selectedProjectId,
                                capacity: capacity, deviceLocale: deviceLocale)
    }
}

extension MutationOperator {
    /// Changes the case (blob and inputs) once per named parameter value; `change` returns
    /// false when the operator does not apply.
    static func change<Value: Sendable>(_ id: String, _ family: MutationFamily, _ summary: String, reach: Reach,
                                        _ parameters: [(String, Value)],
                                        _ change: @escaping @Sendable (inout CaseChange, Input, Value) -> Bool) -> MutationOperator {
        MutationOperator(id: id, family: family, summary: summary, parameters: parameters.map(\.0), reach: reach) { input, name in
            guard let value = parameters.first(where: { $0.0 == name })?.1 else { return nil }
            var edit = CaseChange(input)
            return change(&edit, input, value) ? edit.output : nil
        }
    }

    /// Changes the case (blob and inputs), no parameters.
    static func change(_ id: String, _ family: MutationFamily, _ summary: String, reach: Reach,
                       _ change: @escaping @Sendable (inout CaseChange, Input) -> Bool) -> MutationOperator {
        MutationOperator(id: id, family: family, summary: summary, reach: reach) { input, _ in
            var edit = CaseChange(input)
            return change(&edit, input) ? edit.output : nil
        }
    }
}

import ContractModel
import WidgetSnapshot

/// Short ways to declare the common kinds of operator in the family files: edit the draft,
/// edit the compact text's bytes, or change the queued taps.
extension MutationOperator {
    /// Edits the blob's draft; `edit` returns false when the operator does not apply.
    static func edit(_ id: String, _ family: MutationFamily, _ summary: String, reach: Reach = .canonicalFixture,
                     _ edit: @escaping @Sendable (inout BlobDraft, Input) -> Bool) -> MutationOperator {
        MutationOperator(id: id, family: family, summary: summary, reach: reach) { input, _ in
            var draft = input.draft
            guard edit(&draft, input) else { return nil }
            return input.output(draft.render())
        }
    }

    /// Edits the draft once per named parameter value.
    static func edit<Value: Sendable>(_ id: String, _ family: MutationFamily, _ summary: String,
                                      reach: Reach = .canonicalFixture, _ parameters: [(String, Value)],
                                      _ edit: @escaping @Sendable (inout BlobDraft, Input, Value) -> Bool) -> MutationOperator {
        MutationOperator(id: id, family: family, summary: summary, parameters: parameters.map(\.0), reach: reach) {
            input, name in
            guard let value = parameters.first(where: { $0.0 == name })?.1 else { return nil }
            var draft = input.draft
            guard edit(&draft, input, value) else { return nil }
            return input.output(draft.render())
        }
    }

    /// Rewrites the blob's compact text once per named parameter value; `edit` returns
    /// nil when the operator does not apply.
    static func bytes<Value: Sendable>(_ id: String, _ family: MutationFamily, _ summary: String,
                                       reach: Reach = .canonicalFixture, _ parameters: [(String, Value)],
                                       _ edit: @escaping @Sendable ([UInt8], Value) -> [UInt8]?) -> MutationOperator {
        MutationOperator(id: id, family: family, summary: summary, parameters: parameters.map(\.0), reach: reach) {
            input, name in
            guard let value = parameters.first(where: { $0.0 == name })?.1,
                  let bytes = edit(input.text, value) else { return nil }
            return input.output(bytes)
        }
    }

    /// Rewrites the blob's compact text (no parameters).
    static func bytes(_ id: String, _ family: MutationFamily, _ summary: String, reach: Reach = .canonicalFixture,
                      _ edit: @escaping @Sendable ([UInt8]) -> [UInt8]?) -> MutationOperator {
        MutationOperator(id: id, family: family, summary: summary, reach: reach) { input, _ in
            guard let bytes = edit(input.text) else { return nil }
            return input.output(bytes)
        }
    }

    /// Keeps the blob's text and changes the queued taps, once per named parameter value;
    /// `queue` returns nil when the operator does not apply.
    static func taps<Value: Sendable>(_ id: String, _ family: MutationFamily, _ summary: String,
                                      reach: Reach = .everyFixture, _ parameters: [(String, Value)],
                                      _ queue: @escaping @Sendable (Input, Value) -> [Case.PendingTarget]?) -> MutationOperator {
        MutationOperator(id: id, family: family, summary: summary, parameters: parameters.map(\.0), reach: reach) {
            input, name in
            guard let value = parameters.first(where: { $0.0 == name })?.1,
                  let targets = queue(input, value) else { return nil }
            return input.output(input.text, pendingDoneTargets: targets)
        }
    }

    /// Keeps the blob's text and changes the queued taps (no parameters).
    static func taps(_ id: String, _ family: MutationFamily, _ summary: String, reach: Reach = .everyFixture,
                     _ queue: @escaping @Sendable (Input) -> [Case.PendingTarget]?) -> MutationOperator {
        MutationOperator(id: id, family: family, summary: summary, reach: reach) { input, _ in
            guard let targets = queue(input) else { return nil }
            return input.output(input.text, pendingDoneTargets: targets)
        }
    }
}

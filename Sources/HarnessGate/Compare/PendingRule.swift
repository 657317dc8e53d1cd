import ContractModel
import HarnessReaders

/// Which differing fields are pending for a reader that declares only some of the contract's
/// features (the app's default branch without project selection, the iOS port without the
/// tracked task), worked out from the contract description alone (`schemas/contract.json`),
/// never from field, question or feature names written here:
/// - a field a feature the reader does not declare adds (`parse.tasks[].doneOn`, `projects`,
///   `currentTask` …) is pending for it on every case;
/// - on a case that sets a case input on which such a feature's question answers differently
///   (`selectedProjectId` for project selection and the grace, `pendingDoneTimestamps` for tap
///   times), every field of that question is pending too, even a base field (`parse.tasks[].title`
///   of a project's rows): the reader cannot know them.
/// The reference (the reader that writes the expected views) decides what is compared: a field
/// of a feature it does not implement is pending for every reader (the expected views do not
/// hold it), and a question is pending where the reader and the reference disagree on whether
/// the feature that changes it applies (a reader of the tap-time grace against a reference of
/// the `doneOn` grace). Pending fields are
/// counted and shown, never failing; every other field of the case is compared as for any
/// reader. Each pending difference is owned by a *unit* — a member a feature adds, or one of its
/// questions on the inputs that make it differ — and a unit none of whose fields differs
/// anywhere is "ready to declare".
package struct PendingRule: Sendable {
    /// What a pending difference is owned by.
    package struct Unit: Hashable, Sendable, Comparable {
        /// The feature that adds it.
        package var feature: String
        /// The feature's position in the description (reports list units in that order).
        package var order: Int
        /// A member's field name (`projects`), or a question with the inputs that make it differ
        /// (`parse with selectedProjectId`).
        package var name: String

        package static func < (lhs: Unit, rhs: Unit) -> Bool { (lhs.order, lhs.name) < (rhs.order, rhs.name) }
    }

    /// A feature's question that answers differently from a reader's without it on some cases.
    private struct ChangedQuestion: Sendable {
        var unit: Unit
        /// The case inputs on which it differs.
        var trigger: Set<String>
        /// The top-level view members it answers that the feature does not add itself (`parse`).
        var answers: Set<String>
    }

    private let description: ContractDescription
    /// The reference's features: nil, every feature has a reference.
    private let reference: FeatureSet?
    private let questions: [ChangedQuestion]
    /// The members features after the base add, as units.
    private let members: [Unit]
    /// The members among them that are fields of a row (`parse.tasks[].doneOn`).
    let rowMembers: Set<Unit>

    /// `reference`: the features the expected views hold (the reference reader's declaration,
    /// `ReaderEntry.c`); the others are pending for every reader. Nil: every feature is compared.
    package init(_ description: ContractDescription = .current, reference: FeatureSet? = ReaderEntry.c.features) {
        self.description = description
        self.reference = reference
        let memberFeature = Dictionary(description.view.map { ($0.name, $0.feature) }, uniquingKeysWith: { first, _ in first })
        var questions: [ChangedQuestion] = []
        for (order, feature) in description.features.enumerated().dropFirst() {
            let added = Set(feature.caseInputs.map(\.name))
            for question in feature.questions {
                let trigger = Set(question.when ?? question.inputs.filter(added.contains))
                // A question that answers only the feature's own members is owned by them
                // (pending on every case): a unit of its own only for other members.
                let others = question.answers.filter { memberFeature[$0] != feature.name }
                guard !trigger.isEmpty, !others.isEmpty else { continue }
                let shown = question.inputs.filter(trigger.contains).joined(separator: ", ")
                questions.append(ChangedQuestion(unit: Unit(feature: feature.name, order: order, name: "\(question.name) with \(shown)"),
                                                 trigger: trigger, answers: Set(others)))
            }
        }
        self.questions = questions
        let unit = { (member: ViewMember) in Unit(feature: member.feature, order: description.order(of: member.feature), name: member.path) }
        self.members = (description.addedMembers + description.addedRowMembers).filter { $0.feature != description.base.name }.map(unit)
        self.rowMembers = Set(description.addedRowMembers.map(unit))
    }

    /// Whether `feature` is compared for a reader that declares `declared`: it declares it and the
    /// reference implements it (asked per differing field: no set is built).
    package func isCompared(_ feature: String, declared: FeatureSet) -> Bool {
        declared.contains(feature) && hasReference(feature)
    }

    /// Whether a feature is compared at all: the reference implements it.
    package func hasReference(_ feature: String) -> Bool { reference?.contains(feature) ?? true }

    /// The features no reference implements, in the description's order: pending for every reader.
    package var unreferenced: [String] { description.features.map(\.name).filter { !hasReference($0) } }

    /// Whether a feature's question answers differently for the reader than for the reference:
    /// one of them implements the feature and the other does not.
    private func questionDiffers(_ feature: String, declared: FeatureSet) -> Bool {
        declared.contains(feature) != hasReference(feature)
    }

    /// The case inputs a case sets, by the description's names (an empty tap queue, no tap
    /// times and no selection are not set).
    package static func inputs(of testCase: Case) -> Set<String> {
        var names: Set<String> = ["blob", "nowMs", "timeZone"]
        if !testCase.pendingDoneTargets.isEmpty { names.insert("pendingDoneTargets") }
        if !testCase.pendingDoneTimestamps.isEmpty { names.insert("pendingDoneTimestamps") }
        if testCase.selectedProjectId != nil { names.insert("selectedProjectId") }
        if testCase.deviceLocale != nil { names.insert("deviceLocale") }
        return names
    }

    /// The unit a differing field is pending on for a reader that declares `declared` on a case
    /// with these inputs; nil when the field is compared (it blocks). `crash` and `missing`
    /// are never pending: a reader that gives no view fails whatever it declares.
    package func pendingUnit(of field: FieldPath, caseInputs: Set<String>, declared: FeatureSet) -> Unit? {
        guard field.name != .crash, field.name != .missing else { return nil }
        let key = field.key
        let feature = description.feature(ofField: key) ?? description.base.name
        if !isCompared(feature, declared: declared) {
            return members.first { $0.feature == feature && (key == $0.name || key.hasPrefix($0.name + ".") || key.hasPrefix($0.name + "[")) }
                ?? Unit(feature: feature, order: description.order(of: feature), name: key)
        }
        return questions.first { question in
            questionDiffers(question.unit.feature, declared: declared) && question.answers.contains(field.family)
                && !question.trigger.isDisjoint(with: caseInputs)
        }?.unit
    }

    /// Whether a unit is a question (asked only on cases that set its inputs) rather than a member.
    package func isQuestion(_ unit: Unit) -> Bool { questions.contains { $0.unit == unit } }

    /// The questions of features the reader could declare (outside `declared`, implemented by
    /// the reference) that a case with these inputs asks.
    package func questionUnits(outside declared: FeatureSet, caseInputs: Set<String>) -> [Unit] {
        questions.filter { !declared.contains($0.unit.feature) && hasReference($0.unit.feature) && !$0.trigger.isDisjoint(with: caseInputs) }
            .map(\.unit)
    }

    /// Every unit of the features a reader that declares `declared` could declare next (the
    /// members and questions of those it does not declare that the reference implements), in
    /// the description's order: what "ready to declare" is worked out on.
    package func units(outside declared: FeatureSet) -> [Unit] {
        (members + questions.map(\.unit)).filter { !declared.contains($0.feature) && hasReference($0.feature) }.sorted()
    }

    /// True when the reader's view leaves out a field of a feature it declares (other than the
    /// base, whose `meta`, `stale` and `header` a reader may leave out as "not implemented"):
    /// it declares a feature it does not implement.
    package func isDeclaredButMissing(_ field: FieldPath, declared: FeatureSet) -> Bool {
        let feature = description.feature(ofField: field.key) ?? description.base.name
        return feature != description.base.name && isCompared(feature, declared: declared)
    }
}

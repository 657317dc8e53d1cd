import ContractModel

/// Which differing fields are pending for a reader that declares an older revision of the
/// contract than the description's (issue 23's lagging reader, e.g. the iOS port behind
/// Android), worked out from the contract description alone (`schemas/contract.json`), never
/// from field or question names written here:
/// - a field a later revision adds (`parse.tasks[].doneOn`, `projects`, `currentTask` …) is
///   pending for it on every case;
/// - on a case that sets a case input a later revision adds (`selectedProjectId`,
///   `pendingDoneTimestamps`), every field of the questions of that revision which take the
///   input (revision 2's five-input `parse`) is pending too: the reader cannot know them,
///   even where they are revision-1 fields (`parse.tasks[].title` of a project's rows).
/// Pending fields are counted and shown, never failing; every other field of the case is
/// compared as for any reader. Each pending difference is owned by a *unit* — a member the
/// later revision adds, or one of its questions with the new inputs — and a unit none of whose
/// fields differs anywhere is "ready to declare".
package struct PendingRule: Sendable {
    /// What a pending difference is owned by.
    package struct Unit: Hashable, Sendable, Comparable {
        /// The revision that adds it.
        package var revision: Int
        /// A member's field name (`projects`), or a question with the inputs that make it new
        /// (`parse with selectedProjectId, pendingDoneTimestamps`).
        package var name: String

        package static func < (lhs: Unit, rhs: Unit) -> Bool { (lhs.revision, lhs.name) < (rhs.revision, rhs.name) }
    }

    /// A question of a later revision that takes inputs of that revision.
    private struct NewQuestion: Sendable {
        var unit: Unit
        /// Its new inputs (added by its revision).
        var inputs: Set<String>
        /// The top-level view members it answers (`parse`).
        var answers: Set<String>
    }

    private let description: ContractDescription
    /// The revision that added each case input.
    private let inputRevision: [String: Int]
    private let questions: [NewQuestion]
    /// Per revision after the first: the top-level (or row) members it adds, as units.
    private let members: [Unit]
    /// The members among them that are fields of a row (`parse.tasks[].doneOn`).
    let rowMembers: Set<Unit>

    package init(_ description: ContractDescription = .current) {
        self.description = description
        var inputRevision: [String: Int] = [:]
        for revision in description.revisions {
            for input in revision.caseInputs where inputRevision[input.name] == nil { inputRevision[input.name] = revision.number }
        }
        self.inputRevision = inputRevision
        var questions: [NewQuestion] = []
        let memberRevision = Dictionary(description.view.map { ($0.name, $0.revision) }, uniquingKeysWith: { first, _ in first })
        for revision in description.revisions.dropFirst() {
            for question in revision.questions {
                let new = Set(question.inputs.filter { inputRevision[$0] == revision.number })
                // A question that answers only members of its own revision is owned by them
                // (they are pending on every case): a unit of its own only for older answers.
                let older = question.answers.filter { (memberRevision[$0] ?? 1) < revision.number }
                guard !new.isEmpty, !older.isEmpty else { continue }
                let name = "\(question.name) with \(question.inputs.filter(new.contains).joined(separator: ", "))"
                questions.append(NewQuestion(unit: Unit(revision: revision.number, name: name), inputs: new, answers: Set(older)))
            }
        }
        self.questions = questions
        self.members = (description.addedMembers + description.addedRowMembers).map { Unit(revision: $0.revision, name: $0.path) }
        self.rowMembers = Set(description.addedRowMembers.map { Unit(revision: $0.revision, name: $0.path) })
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

    /// The unit a differing field is pending on for a reader of `readerRevision` on a case
    /// with these inputs; nil when the field is compared (it blocks). `crash` and `missing`
    /// are never pending: a reader that gives no view fails whatever it declares.
    package func pendingUnit(of field: FieldPath, caseInputs: Set<String>, readerRevision: Int) -> Unit? {
        guard field.name != .crash, field.name != .missing else { return nil }
        let key = field.key
        let fieldRevision = description.revision(ofField: key) ?? 1
        if fieldRevision > readerRevision {
            return members.first { $0.revision == fieldRevision && (key == $0.name || key.hasPrefix($0.name + ".") || key.hasPrefix($0.name + "[")) }
                ?? Unit(revision: fieldRevision, name: key)
        }
        return questions.first { question in
            question.unit.revision > readerRevision && question.answers.contains(field.family) && !question.inputs.isDisjoint(with: caseInputs)
        }?.unit
    }

    /// Whether a unit is a question (asked only on cases that set its new inputs) rather than a member.
    package func isQuestion(_ unit: Unit) -> Bool { questions.contains { $0.unit == unit } }

    /// The questions above `readerRevision` a case with these inputs asks.
    package func questionUnits(above readerRevision: Int, caseInputs: Set<String>) -> [Unit] {
        questions.filter { $0.unit.revision > readerRevision && !$0.inputs.isDisjoint(with: caseInputs) }.map(\.unit)
    }

    /// Every unit a reader of `readerRevision` has pending (later revisions' members and new
    /// questions), in revision order.
    package func units(above readerRevision: Int) -> [Unit] {
        (members + questions.map(\.unit)).filter { $0.revision > readerRevision }.sorted()
    }

    /// True when the reader's view leaves out a field of a revision it declares (after the
    /// first, whose `meta`, `stale` and `header` a reader may leave out as "not implemented"):
    /// it declares a revision it does not implement.
    package func isDeclaredButMissing(_ field: FieldPath, readerRevision: Int) -> Bool {
        let revision = description.revision(ofField: field.key) ?? 1
        return revision > 1 && revision <= readerRevision
    }

    /// The newest revision the description has.
    package var latestRevision: Int { description.latestRevision }
}

import ContractModel

/// How far a reader is, field by field (CONTRACT.md §6, "Conformance"): every compared field
/// of every compared case — a *field-case* — counted once as agreeing, listed, not implemented
/// or unexpected, or as pending when the reader's declaration leaves it out of the comparison.
/// A case's fields are those either view holds (`ViewFields`), rows folded
/// (`parse.tasks[].title` is one field of a case however many rows it has): a field deviates
/// where it differs, where a field holding it differs (a parse error instead of rows deviates
/// in every row field), and where only one view holds it (a `header.dayMs` under a header of
/// the other kind); it then counts as its difference was judged (unexcused: unexpected; a
/// `not implemented` entry: not implemented; another entry: listed). A crash or a missing line
/// deviates in every field the expected view holds. So a reader that passes by listing nearly
/// everything shows a share near 0 beside its PASS.
package struct FieldTally: Sendable, Equatable {
    /// The field-cases of one field, or of all.
    package struct Counts: Sendable, Equatable {
        package var agree = 0
        package var listed = 0
        package var notImplemented = 0
        package var unexpected = 0
        /// Not compared: a field of a revision (or a question with an input) the reader does not declare.
        package var pending = 0

        /// Field-cases judged: every one but the pending.
        package var compared: Int { agree + listed + notImplemented + unexpected }
        /// The share that agrees, nil when nothing was compared.
        package var share: Double? { compared == 0 ? nil : Double(agree) / Double(compared) }

        static func + (lhs: Counts, rhs: Counts) -> Counts {
            Counts(agree: lhs.agree + rhs.agree, listed: lhs.listed + rhs.listed, notImplemented: lhs.notImplemented + rhs.notImplemented,
                   unexpected: lhs.unexpected + rhs.unexpected, pending: lhs.pending + rhs.pending)
        }
    }

    /// The compared fields, in report order (`FieldScope.viewFields`), and each one's position.
    static let fields = FieldScope.viewFields
    static let position: [String: Int] = Dictionary(uniqueKeysWithValues: fields.enumerated().map { ($1, $0) })

    /// Per field, in `fields` order: field-cases agreeing, pending, and judged otherwise.
    private var agree = [Int](repeating: 0, count: fields.count)
    private var pending = [Int](repeating: 0, count: fields.count)
    private var deviating = [Counts](repeating: Counts(), count: fields.count)
    /// The fields the reader's view held on any case.
    private var answered = FieldSet()
    /// Per field looked at (`noteValues`): the one value the reader's views hold wherever they hold it, until a second appears.
    private var firstValue: [Int: ViewValue] = [:]
    private var varies: Set<Int> = []
    /// Cases on which the reader gave a view.
    package private(set) var casesWithView = 0

    package init() {}

    /// Every field-case of the run.
    package var total: Counts { fields.indices.map(counts(at:)).reduce(Counts(), +) }

    /// One field's field-cases (`meta.dayStr`); zero for a name that is not a field.
    package func counts(of field: String) -> Counts { Self.position[field].map(counts(at:)) ?? Counts() }

    private func counts(at index: Int) -> Counts {
        var counts = deviating[index]
        counts.agree = agree[index]
        counts.pending = pending[index]
        return counts
    }

    private var fields: Range<Int> { Self.fields.indices }

    /// The fields with any field-case, in report order.
    package var byField: [(field: String, counts: Counts)] {
        fields.map { (Self.fields[$0], counts(at: $0)) }.filter { $0.1.compared + $0.1.pending > 0 }
    }

    /// Whether the reader's view held the field on any case.
    package func answers(_ field: String) -> Bool { Self.position[field].map(answered.contains) ?? false }

    /// The one value the reader gives the field wherever it gives it (`null` for a day it never
    /// reads), nil when it gives several or none — known for the fields `noteValues` was given.
    package func constantValue(of field: String) -> ViewValue? {
        guard let index = Self.position[field], !varies.contains(index) else { return nil }
        return firstValue[index]
    }

    /// Counts one compared case: the fields of its expected view and of the reader's (nil where
    /// there is no view). `judged` are its differences of compared fields with their
    /// judgements (empty: every compared field agrees); `pending` tells, by position in
    /// `fields`, which fields the reader does not declare on this case (nil: none).
    mutating func add(expected: ViewFields?, got: ViewFields?, judged: [(field: String, judgement: ReaderVerdict.Judgement)],
                      pending: FieldSet?) {
        if let got {
            casesWithView += 1
            answered.formUnion(got.held)
            // The common case: both views hold the same fields and every compared one agrees.
            if judged.isEmpty, let expected, expected.held == got.held {
                if let pending {
                    got.held.forEach { index in if pending.contains(index) { self.pending[index] += 1 } else { agree[index] += 1 } }
                } else {
                    got.held.forEach { agree[$0] += 1 }
                }
                return
            }
        }
        let gotHeld = got?.held ?? FieldSet()
        let expectedHeld = expected?.held ?? FieldSet()
        // Each difference's field by position; nil for no view at all (`crash`, `missing`), which covers every field.
        let keys = judged.map { Self.position[FieldScope.canonical($0.field)] }
        for index in fields {
            let inGot = gotHeld.contains(index)
            let inExpected = expectedHeld.contains(index)
            guard inGot || inExpected else { continue }
            if pending?.contains(index) == true {
                self.pending[index] += 1
                continue
            }
            guard !judged.isEmpty else {
                agree[index] += 1
                continue
            }
            var covering = keys.indices.filter { keys[$0].map(Self.holders[index].contains) ?? true }
            if covering.isEmpty {
                guard !(inGot && inExpected) else {
                    agree[index] += 1
                    continue
                }
                // Held by one view only: it counts as the difference nearest to it does (its object's).
                covering = [Self.nearest(to: Self.fields[index], among: keys.map { $0.map { Self.fields[$0] } ?? "" })]
            }
            let judgements = covering.map { judged[$0].judgement }
            if judgements.contains(where: { $0.excusedBy == nil }) {
                deviating[index].unexpected += 1
            } else if judgements.contains(where: \.notImplemented) {
                deviating[index].notImplemented += 1
            } else {
                deviating[index].listed += 1
            }
        }
    }

    /// Notes the values one of the reader's views holds for `fields` (positions), so that
    /// `constantValue` can tell a field answered with one value everywhere. The gate calls it
    /// only for the fields a failing reader gets suggestions for.
    mutating func noteValues(of view: ViewFields, fields: [Int]) {
        for index in fields where view.held.contains(index) && !varies.contains(index) {
            guard let value = view.values[index] else {
                varies.insert(index)
                continue
            }
            if let first = firstValue[index] {
                if first != value { varies.insert(index) }
            } else {
                firstValue[index] = value
            }
        }
    }

    /// Per field, the fields a difference at which covers it: itself and every field holding it
    /// (`parse` and `parse.tasks` for `parse.tasks[].title`).
    private static let holders: [FieldSet] = fields.map { field in
        var set = FieldSet()
        for (index, other) in fields.enumerated() where other == field || field.hasPrefix(other + ".") || field.hasPrefix(other + "[") {
            set.insert(index)
        }
        return set
    }

    /// The position in `keys` of the difference sharing the longest leading path with `field`.
    private static func nearest(to field: String, among keys: [String]) -> Int {
        var best = 0
        var bestShared = -1
        for (index, key) in keys.enumerated() {
            var shared = 0
            for (a, b) in zip(key.utf8, field.utf8) {
                guard a == b else { break }
                shared += 1
            }
            if shared > bestShared { (best, bestShared) = (index, shared) }
        }
        return best
    }
}

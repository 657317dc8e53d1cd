import ContractModel

/// How far a reader is, field by field (CONTRACT.md §6, "Conformance"): every compared field
/// of every compared case — a *field-case* — counted once as agreeing, listed, not implemented
/// or unexpected, or as pending when the reader's declaration leaves it out of the comparison.
/// A case's fields are those either view holds (`DecodedView.forEachField`), rows folded
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
    private static let position: [String: Int] = Dictionary(uniqueKeysWithValues: fields.enumerated().map { ($1, $0) })

    /// Per field, in `fields` order.
    private var counts = [Counts](repeating: Counts(), count: fields.count)
    /// Per field: on how many cases the reader's view holds it.
    private var answeredCases = [Int](repeating: 0, count: fields.count)
    /// Per field: the one value the reader's views hold wherever they hold it, until a second appears.
    private var firstValue = [ViewValue?](repeating: nil, count: fields.count)
    private var varies = [Bool](repeating: false, count: fields.count)
    /// Cases on which the reader gave a view.
    package private(set) var casesWithView = 0

    package init() {}

    /// Every field-case of the run.
    package var total: Counts { counts.reduce(Counts(), +) }

    /// One field's field-cases (`meta.dayStr`); zero for a name that is not a field.
    package func counts(of field: String) -> Counts { Self.position[field].map { counts[$0] } ?? Counts() }

    /// The fields with any field-case, in report order.
    package var byField: [(field: String, counts: Counts)] {
        Self.fields.indices.filter { counts[$0].compared + counts[$0].pending > 0 }.map { (Self.fields[$0], counts[$0]) }
    }

    /// On how many cases the reader's view holds the field.
    package func answered(_ field: String) -> Int { Self.position[field].map { answeredCases[$0] } ?? 0 }

    /// The one value the reader gives the field wherever it gives it (`null` for a day it never
    /// reads), nil when it gives several or none: a field it answers with a constant.
    package func constantValue(of field: String) -> ViewValue? {
        guard let index = Self.position[field], !varies[index] else { return nil }
        return firstValue[index]
    }

    /// Counts one compared case. `judged` are its differences of compared fields with their
    /// judgements (empty: every compared field agrees); `allAgree` says no field differs at all,
    /// pending ones included; `pending` tells, by position in `fields`, which fields the reader
    /// does not declare on this case.
    mutating func add(expected: ReaderOutcome, got: ReaderOutcome, judged: [(field: String, judgement: ReaderVerdict.Judgement)],
                      allAgree: Bool, pending: [Bool]) {
        var inGot = [Bool](repeating: false, count: Self.fields.count)
        var inExpected = inGot
        if case .view(let view) = got {
            casesWithView += 1
            view.forEachField { name, value in
                guard let index = Self.position[name.rawValue] else { return }
                inGot[index] = true
                if let first = firstValue[index] {
                    if !varies[index], first != value { varies[index] = true }
                } else {
                    firstValue[index] = value
                }
            }
            for index in inGot.indices where inGot[index] { answeredCases[index] += 1 }
        }
        if case .view(let view) = expected {
            if allAgree, got.view != nil {
                inExpected = inGot
            } else {
                view.forEachField { name, _ in
                    if let index = Self.position[name.rawValue] { inExpected[index] = true }
                }
            }
        }
        let keys = judged.map { FieldScope.canonical($0.field) }
        for index in Self.fields.indices where inGot[index] || inExpected[index] {
            if pending[index] {
                counts[index].pending += 1
                continue
            }
            guard !judged.isEmpty else {
                counts[index].agree += 1
                continue
            }
            let field = Self.fields[index]
            var covering = keys.indices.filter { Self.covers(keys[$0], field) }
            if covering.isEmpty {
                guard !(inGot[index] && inExpected[index]) else {
                    counts[index].agree += 1
                    continue
                }
                // Held by one view only: it counts as the difference nearest to it does (its object's).
                covering = [Self.nearest(to: field, among: keys)]
            }
            let judgements = covering.map { judged[$0].judgement }
            if judgements.contains(where: { $0.excusedBy == nil }) {
                counts[index].unexpected += 1
            } else if judgements.contains(where: \.notImplemented) {
                counts[index].notImplemented += 1
            } else {
                counts[index].listed += 1
            }
        }
    }

    /// A difference at `key` covers `field` when it is the field, a field holding it, or no view at all.
    private static func covers(_ key: String, _ field: String) -> Bool {
        FieldScope.outcomes.contains(key) || key == field || field.hasPrefix(key + ".") || field.hasPrefix(key + "[")
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

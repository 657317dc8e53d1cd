import ContractModel

/// Which of a reader's deviations a report shows case by case, so a report stays small however
/// many cases deviate (a reader that lists 10,000 cases): per mutation family, differing field
/// and kind (unexpected or listed), the first `perKey` cases; the others are counted per key,
/// and every one is in the JSON report and the `--deviations` file.
package struct DeviationSample: Sendable {
    /// One family, field (rows folded) and kind.
    package struct Key: Hashable, Sendable, Comparable {
        package var family: String
        package var field: String
        package var unexpected: Bool

        package static func < (lhs: Key, rhs: Key) -> Bool {
            (lhs.family, lhs.field, lhs.unexpected ? 0 : 1) < (rhs.family, rhs.field, rhs.unexpected ? 0 : 1)
        }
    }

    /// The cases shown one by one.
    package private(set) var shown: Set<String> = []
    /// Per key: how many deviations it has, and how many of them are shown.
    package private(set) var counts: [Key: (all: Int, shown: Int)] = [:]

    /// `deviations` in the order to show them (e.g. the writer-reachable first).
    package init(_ deviations: [ReaderVerdict.Deviation], perKey: Int) {
        for deviation in deviations {
            let family = CaseID.family(of: deviation.caseId)
            let keys = Set(deviation.judgements.map { Key(family: family, field: FieldScope.canonical($0.field), unexpected: $0.excusedBy == nil) })
            let show = keys.contains { (counts[$0]?.shown ?? 0) < perKey }
            if show { shown.insert(deviation.caseId) }
            for key in keys {
                var count = counts[key] ?? (0, 0)
                count.all += 1
                if show { count.shown += 1 }
                counts[key] = count
            }
        }
    }

    /// The keys with deviations not shown, and how many, in key order.
    package var notShown: [(key: Key, cases: Int)] {
        counts.filter { $0.value.all > $0.value.shown }.map { ($0.key, $0.value.all - $0.value.shown) }.sorted { $0.key < $1.key }
    }
}

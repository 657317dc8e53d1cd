/// How one reader fared against the expected outputs over a whole case stream.
public struct ReaderVerdict: Sendable {
    /// One case on which the reader's view differs from the expected one.
    public struct Deviation: Sendable {
        public var caseId: String
        public var differences: [FieldDifference]
        /// The divergence-list entry that names it; nil means unexpected.
        public var listedBy: DivergenceList.Entry?
    }

    public var reader: String
    /// Why the reader was not compared at all (e.g. a recording made from another case
    /// stream), with the command that fixes it; nil when compared.
    public var notCompared: String?
    public var caseCount: Int
    public var deviations: [Deviation]
    /// Entries of the reader's list that matched no deviation: the list is out of date.
    public var staleEntries: [DivergenceList.Entry]
    public var listFile: String

    public var unexpected: [Deviation] { deviations.filter { $0.listedBy == nil } }
    public var listed: [Deviation] { deviations.filter { $0.listedBy != nil } }
    public var agreeing: Int { caseCount - deviations.count }
    /// Deviations where the reader produced no view at all (crash, hang, bad line).
    public var failures: Int { deviations.filter { $0.differences.contains { $0.field == "outcome" } }.count }
    /// A reader that could not be compared (stale recording) fails: the gate cannot vouch for it.
    public var passed: Bool { notCompared == nil && unexpected.isEmpty && staleEntries.isEmpty }

    /// Compares outcomes (in case order) with the expected ones and applies the list.
    public static func judge(reader: String, caseIds: [String], expected: [ReaderOutcome], got: [ReaderOutcome],
                             list: DivergenceList) -> ReaderVerdict {
        var deviations: [Deviation] = []
        var used = Set<Int>()
        for (index, caseId) in caseIds.enumerated() {
            let differences = FieldDifference.between(expected: expected[index], got: got[index])
            guard !differences.isEmpty else { continue }
            let entry = list.entry(for: caseId)
            if let entry { used.insert(entry.line) }
            deviations.append(Deviation(caseId: caseId, differences: differences, listedBy: entry))
        }
        let stale = list.entries.filter { !used.contains($0.line) }
        return ReaderVerdict(reader: reader, notCompared: nil, caseCount: caseIds.count, deviations: deviations,
                             staleEntries: stale, listFile: list.file)
    }

    /// Lines to add to the reader's list for its unexpected deviations, one glob per
    /// fixture and operator (`fixture/operator@*`), most frequent first.
    public var suggestedEntries: [String] {
        var counts: [String: Int] = [:]
        var order: [String] = []
        for deviation in unexpected {
            let head = deviation.caseId.prefix { $0 != "@" }
            let pattern = String(head) + "@*"
            if counts[pattern] == nil { order.append(pattern) }
            counts[pattern, default: 0] += 1
        }
        return order.map { "\($0)  TODO: why \(reader) reads this differently (\(counts[$0]!) cases)" }
    }
}

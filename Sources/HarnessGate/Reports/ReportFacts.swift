import ContractModel

/// The numbers every report shows, computed once from a gate result.
package struct ReportFacts: Sendable {
    /// Per reader and mutation family: cases, deviations listed, deviations unexpected.
    package struct FamilyCount: Sendable {
        package var cases = 0
        package var listed = 0
        package var unexpected = 0
        /// Cases on which only pending fields differ (features the reader does not declare).
        package var pending = 0
    }

    package let result: GateResult
    /// Families in first-seen case order.
    package let families: [String]
    /// reader → family → counts.
    package let byFamily: [String: [String: FamilyCount]]

    package init(_ result: GateResult) {
        self.result = result
        var families: [String] = []
        var seen: Set<String> = []
        var familyOfCase: [String: String] = [:]
        for testCase in result.corpus.cases {
            let family = CaseID.family(of: testCase.id)
            familyOfCase[testCase.id] = family
            if seen.insert(family).inserted { families.append(family) }
        }
        var caseCounts: [String: Int] = [:]
        for family in familyOfCase.values { caseCounts[family, default: 0] += 1 }
        var byFamily: [String: [String: FamilyCount]] = [:]
        for verdict in result.verdicts {
            var counts: [String: FamilyCount] = [:]
            for family in families { counts[family] = FamilyCount(cases: caseCounts[family] ?? 0) }
            for deviation in verdict.deviations {
                let family = familyOfCase[deviation.caseId] ?? CaseID.family(of: deviation.caseId)
                if deviation.isUnexpected { counts[family, default: FamilyCount()].unexpected += 1 } else { counts[family, default: FamilyCount()].listed += 1 }
            }
            for item in verdict.pending {
                counts[familyOfCase[item.caseId] ?? CaseID.family(of: item.caseId), default: FamilyCount()].pending += 1
            }
            byFamily[verdict.reader] = counts
        }
        self.families = families
        self.byFamily = byFamily
    }

    package var fixtureCount: Int { result.corpus.fixtures.count }
    package var caseCount: Int { result.corpus.cases.count }
}

/// Severity by reachability (issue 25): deviations on blobs the writer can produce come
/// first in every report ("users see this"), hand-made inputs after.
extension ReportFacts {
    package func reach(_ caseId: String) -> WriterReachability.Verdict {
        result.reachability[caseId] ?? .handMade
    }

    /// `deviations` with the writer-reachable ones first, each group in case order.
    package func rankedByReach(_ deviations: [ReaderVerdict.Deviation]) -> [ReaderVerdict.Deviation] {
        deviations.filter { reach($0.caseId).isReachable } + deviations.filter { !reach($0.caseId).isReachable }
    }

    /// How many of a reader's listed and unexpected deviations are on writer-reachable blobs.
    package func usersSee(_ verdict: ReaderVerdict) -> (listed: Int, unexpected: Int) {
        (verdict.listed.filter { reach($0.caseId).isReachable }.count, verdict.unexpected.filter { reach($0.caseId).isReachable }.count)
    }

    /// Each list entry that excuses a writer-reachable case, with the first such case's verdict.
    package func reachableEntries(_ verdict: ReaderVerdict) -> [(entry: DivergenceList.Entry, caseId: String, reach: WriterReachability.Verdict)] {
        var seen: Set<Int> = []
        var out: [(entry: DivergenceList.Entry, caseId: String, reach: WriterReachability.Verdict)] = []
        for deviation in verdict.deviations where reach(deviation.caseId).isReachable {
            for judgement in deviation.judgements {
                guard let entry = judgement.excusedBy, seen.insert(entry.line).inserted else { continue }
                out.append((entry, deviation.caseId, reach(deviation.caseId)))
            }
        }
        return out.sorted { $0.entry.line < $1.entry.line }
    }
}

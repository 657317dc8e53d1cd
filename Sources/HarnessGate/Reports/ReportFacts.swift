import ContractModel

/// The numbers every report shows, computed once from a gate result.
package struct ReportFacts: Sendable {
    /// Per reader and mutation family: cases, deviations listed, deviations unexpected.
    package struct FamilyCount: Sendable {
        package var cases = 0
        package var listed = 0
        package var unexpected = 0
        /// Cases on which only pending fields differ (a later revision than the reader declares).
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

import ContractModel

extension PendingRule {
    /// The units outside `declared` that one case actually compares: none unless both
    /// readers gave a view (a crash or a missing line compares no field); then every pending
    /// member — a row member only when the expected view has a row to hold it — and every
    /// pending question the case asks by setting its input. A unit no case compares is not
    /// "ready to declare": nothing showed it agrees.
    func comparedUnits(outside declared: FeatureSet, caseInputs: Set<String>, expected: ReaderOutcome,
                       got: ReaderOutcome) -> [Unit] {
        guard case .view(let view) = expected, got.view != nil else { return [] }
        var hasRows = false
        if case .tasks(let rows) = view.parse { hasRows = !rows.isEmpty }
        let members = units(outside: declared).filter { !isQuestion($0) && (hasRows || !rowMembers.contains($0)) }
        return members + questionUnits(outside: declared, caseInputs: caseInputs)
    }
}

import ContractModel

extension PendingRule {
    /// The units above `readerRevision` that one case actually compares: none unless both
    /// readers gave a view (a crash or a missing line compares no field); then every later
    /// member — a row member only when the expected view has a row to hold it — and every
    /// later question the case asks by setting its new input. A unit no case compares is not
    /// "ready to declare": nothing showed it agrees.
    func comparedUnits(above readerRevision: Int, caseInputs: Set<String>, expected: ReaderOutcome,
                       got: ReaderOutcome) -> [Unit] {
        guard case .view(let view) = expected, got.view != nil else { return [] }
        var hasRows = false
        if case .tasks(let rows) = view.parse { hasRows = !rows.isEmpty }
        let members = units(above: readerRevision).filter { !isQuestion($0) && (hasRows || !rowMembers.contains($0)) }
        return members + questionUnits(above: readerRevision, caseInputs: caseInputs)
    }
}

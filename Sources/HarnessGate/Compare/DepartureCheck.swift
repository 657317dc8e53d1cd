import ContractModel
import HarnessReaders

/// Holds a reader's list to the departures the roster declares for it (CONTRACT.md §5), so a
/// departure is stated once, as a predicate (`DeclaredDepartures`), and a list entry can excuse
/// no more than the departure it names allows:
///
/// - a reader with declared departures (the Kotlin end): every entry but a `not implemented`
///   one names one of them (`D3: …`), and every difference it excuses must show that
///   departure's cause;
/// - a reader with none (Swift, the C reference, a live testee): no entry names a departure;
///   its entries are that reader's own reviewed differences, in their own words.
///
/// Each broken rule is a gate problem naming the list file, line, entry, departure and the
/// first case and field it excuses wrongly.
enum DepartureCheck {
    static func problems(_ verdict: ReaderVerdict, list: DivergenceList, cases: [Case],
                         expected: [ReaderOutcome], got: [ReaderOutcome]) -> [String] {
        let reader = verdict.entry
        var problems: [String] = []
        for entry in list.entries where !entry.isNotImplemented {
            let at = "\(list.file):\(entry.line): entry `\(entry.pattern)`"
            switch (entry.departure, reader.departures.isEmpty) {
            case (let departure?, true):
                problems.append("\(at) names departure \(departure.name), but CONTRACT.md §5 declares none for the \(reader.name) reader: say why in its own words, without a `Dn:` token")
            case (nil, false):
                problems.append("\(at) names no departure: every entry of the \(reader.name) reader's list relies on one of \(names(reader.departures)) (start its reason with `Dn:`, CONTRACT.md §5)")
            case (let departure?, false) where !reader.departures.contains(departure):
                problems.append("\(at) names departure \(departure.name), which CONTRACT.md §5 does not declare for the \(reader.name) reader (\(names(reader.departures)))")
            default:
                break
            }
        }
        guard !reader.departures.isEmpty, !verdict.deviations.isEmpty else { return problems }
        let index = Dictionary(cases.indices.map { (cases[$0].id, $0) }, uniquingKeysWith: { first, _ in first })
        let departures = DeclaredDepartures(reader.departures)
        var overreach: [Int: (entry: DivergenceList.Entry, caseId: String, field: String, count: Int)] = [:]
        for deviation in verdict.deviations {
            guard let position = index[deviation.caseId] else { continue }
            var facts = DeclaredDepartures.CaseFacts()
            for (difference, judgement) in zip(deviation.differences, deviation.judgements) {
                guard let entry = judgement.excusedBy, let departure = entry.departure, reader.departures.contains(departure),
                      !departures.holds(departure, for: difference, in: cases[position], expected: expected[position],
                                        got: got[position], facts: &facts) else { continue }
                if let seen = overreach[entry.line] {
                    if seen.caseId != deviation.caseId { overreach[entry.line]?.count += 1 }
                } else {
                    overreach[entry.line] = (entry, deviation.caseId, difference.field, 1)
                }
            }
        }
        for (_, wrong) in overreach.sorted(by: { $0.key < $1.key }) {
            let more = wrong.count > 1 ? " (and \(wrong.count - 1) more cases)" : ""
            problems.append("\(list.file):\(wrong.entry.line): entry `\(wrong.entry.pattern)` relies on \(wrong.entry.departure!.name), "
                            + "but case \(wrong.caseId) differs in \(wrong.field) without \(wrong.entry.departure!.name)'s cause\(more): "
                            + "narrow the entry to the cases its departure covers (CONTRACT.md §5)")
        }
        return problems
    }

    private static func names(_ departures: [ContractDeparture]) -> String {
        departures == ContractDeparture.allCases
            ? "\(departures[0].name)–\(departures[departures.count - 1].name)" : departures.map(\.name).joined(separator: ", ")
    }
}

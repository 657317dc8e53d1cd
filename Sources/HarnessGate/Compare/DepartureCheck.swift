import ContractModel
import HarnessReaders

/// Holds a reader's list to the departures the roster declares for it (CONTRACT.md §5), so a
/// departure is stated once, as a predicate (`DeclaredDepartures`), and a list entry can excuse
/// no more than the departure it names allows:
///
/// - a reader with declared departures (the Kotlin end): every entry but a `not implemented`
///   one names one of them (`D3: …`), and every difference it excuses must show that
///   departure's cause;
/// - a reader with none (Swift, the C reference, a live testee without a platform): no entry
///   names a departure; its entries are that reader's own reviewed differences, in their own words;
/// - a live testee whose list declares a platform (`# platform: org.json`, an app's own Android
///   reader): its entries may name the platform's departures, each held to its cause as above
///   and, since a departure is the platform's behaviour, to the platform's recorded reader: every
///   field it excuses must read exactly as golden/kotlin reads it (`PlatformEvidence`); its other
///   entries are its own reviewed differences.
///
/// Each broken rule is a gate problem naming the list file, line, entry, departure and the
/// first case and field it excuses wrongly.
enum DepartureCheck {
    static func problems(_ verdict: ReaderVerdict, list: DivergenceList, cases: [Case],
                         expected: [ReaderOutcome], got: [ReaderOutcome], platform: PlatformEvidence? = nil) -> [String] {
        let reader = verdict.entry
        let testee = reader.declaresOwnPlatform
        var problems: [String] = []
        for entry in list.entries where !entry.isNotImplemented {
            let at = "\(list.file):\(entry.line): entry `\(entry.pattern)`"
            switch (entry.departure, reader.departures.isEmpty) {
            case (let departure?, true) where testee:
                problems.append("\(at) names departure \(departure.name), but the \(reader.name) testee declares no platform: "
                                + "a testee that runs on Android's org.json says so with a line `\(ReaderPlatform.orgJSON.declarationLine)` at the top of its list, "
                                + "and its departures are then held to what golden/kotlin reads (CONTRACT.md §5); any other reader says why in its own words, without a `Dn:` token")
            case (let departure?, true):
                problems.append("\(at) names departure \(departure.name), but CONTRACT.md §5 declares none for the \(reader.name) reader: say why in its own words, without a `Dn:` token")
            case (nil, false) where !testee:
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
        // A testee's departures are also held to the platform's recorded reader (when this run judged it).
        let evidence = testee ? platform : nil
        var memo: [Int: Set<String>] = [:]
        var overreach = Overreach(), unlike = Overreach(), unconfirmed = Overreach()
        for deviation in verdict.deviations {
            guard let position = index[deviation.caseId] else { continue }
            var facts = DeclaredDepartures.CaseFacts()
            for (difference, judgement) in zip(deviation.differences, deviation.judgements) {
                guard let entry = judgement.excusedBy, let departure = entry.departure, reader.departures.contains(departure) else { continue }
                if !departures.holds(departure, for: difference, in: cases[position], expected: expected[position], got: got[position], facts: &facts) {
                    overreach.note(entry, deviation.caseId, difference.field)
                } else if let evidence {
                    switch evidence.unlike(at: position, got: got[position], memo: &memo) {
                    case nil: unconfirmed.note(entry, deviation.caseId, difference.field)
                    case let fields?:
                        // (Every field the excused one stands for: the rows under a parse kind too.)
                        if let field = PlatformEvidence.unlike(fields, within: difference.field) { unlike.note(entry, deviation.caseId, field) }
                    }
                }
            }
        }
        problems += overreach.problems(list) { wrong, more in
            "but case \(wrong.caseId) differs in \(wrong.field) without \(wrong.entry.departure!.name)'s cause\(more): "
                + "narrow the entry to the cases its departure covers (CONTRACT.md §5)"
        }
        if let evidence {
            let platform = evidence.entry.platform?.rawValue ?? evidence.entry.name
            problems += unlike.problems(list) { wrong, more in
                "but case \(wrong.caseId) reads \(wrong.field) unlike \(evidence.entry.name), the project's reader on \(platform)\(more): "
                    + "a departure excuses only what \(platform) itself does (`explain \(wrong.caseId)` shows both); "
                    + "narrow the entry, or list this reader's own difference in its own words without a `Dn:` token"
            }
            problems += unconfirmed.problems(list) { wrong, more in
                "but \(evidence.entry.golden?.path ?? evidence.entry.name) has no current line for case \(wrong.caseId)\(more), "
                    + "so nothing shows \(platform) reads \(wrong.field) so: record it with `\(evidence.entry.golden?.commandLine ?? "")`"
            }
        }
        return problems
    }

    /// Entries that excuse a field wrongly, by list line: the first case and field, and in how
    /// many cases.
    private struct Overreach {
        typealias Wrong = (entry: DivergenceList.Entry, caseId: String, field: String, count: Int)
        var byLine: [Int: Wrong] = [:]

        mutating func note(_ entry: DivergenceList.Entry, _ caseId: String, _ field: String) {
            if let seen = byLine[entry.line] {
                if seen.caseId != caseId { byLine[entry.line]?.count += 1 }
            } else {
                byLine[entry.line] = (entry, caseId, field, 1)
            }
        }

        /// One problem per entry: `entry … relies on Dn, ` then `why`.
        func problems(_ list: DivergenceList, _ why: (Wrong, String) -> String) -> [String] {
            byLine.sorted { $0.key < $1.key }.map { _, wrong in
                let more = wrong.count > 1 ? " (and \(wrong.count - 1) more cases)" : ""
                return "\(list.file):\(wrong.entry.line): entry `\(wrong.entry.pattern)` relies on \(wrong.entry.departure!.name), " + why(wrong, more)
            }
        }
    }

    private static func names(_ departures: [ContractDeparture]) -> String {
        departures == ContractDeparture.allCases
            ? "\(departures[0].name)–\(departures[departures.count - 1].name)" : departures.map(\.name).joined(separator: ", ")
    }
}

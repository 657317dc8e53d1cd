import ContractModel
import HarnessCorpus
import HarnessGate
import HarnessReaders

/// How `fuzz states --kotlin` (and the replay of its findings) judges the Kotlin end's view
/// of one writer case against the C reference's: as the gate judges the Kotlin recording
/// (`ReaderVerdict.judge`), field by field, so a live Kotlin run and `check` excuse the same
/// differences and no others:
/// - a field of a revision above the one the Kotlin end declares (or a question a later
///   revision's case input asks) is pending (`PendingRule`): counted, never a finding;
/// - a field its view leaves out is "not implemented": counted, never a finding (as in every
///   fuzz loop), unless it belongs to a revision the reader declares;
/// - a `golden/divergences/kotlin.txt` entry whose pattern matches the case id and whose
///   fields cover the field excuses it, held to its departure's cause as the gate holds it
///   (`DepartureCheck`): an entry that matches without its departure's cause excuses nothing;
/// - CONTRACT.md §5's departures as predicates over the case and both views
///   (`DeclaredDepartures`, what `fuzz --kotlin` excuses): the list's entries name corpus
///   families, never a `writer-fuzz/…` id, and these are the causes the gate holds each entry to.
/// The first difference none of these excuses is the disagreement (`c/kotlin <field>`).
package struct WriterKotlinComparison: Sendable {
    /// What one case showed.
    package struct Judgement: Sendable, Equatable {
        /// The first difference nothing excuses: a finding.
        package var disagreement: Disagreement?
        /// What excused a difference, each once: `golden/divergences/kotlin.txt:26` or a
        /// departure class (`D1`).
        package var excusedBy: [String] = []
        /// The departure class of the first excuse (a list entry's departure, or the
        /// predicate's): what a replay calls it.
        package var excusedAs: DeclaredDepartures.Departure?
        /// Some differing field was pending (a later revision than the reader declares).
        package var pending = false
        /// Some differing field was one the reader's view leaves out.
        package var notImplemented = false
    }

    package let entry: ReaderEntry
    package let referenceName: String
    package let list: DivergenceList
    let rule: PendingRule
    let departures: DeclaredDepartures

    package init(entry: ReaderEntry = .kotlin, referenceName: String = ReaderEntry.c.name, list: DivergenceList,
                 rule: PendingRule = PendingRule()) {
        self.entry = entry
        self.referenceName = referenceName
        self.list = list
        self.rule = rule
        self.departures = DeclaredDepartures(entry.departures)
    }

    /// With the tree's list (`golden/divergences/kotlin.txt` under `paths`).
    package init(paths: HarnessPaths, entry: ReaderEntry = .kotlin) throws {
        self.init(entry: entry, list: try paths.divergenceList(for: entry))
    }

    package func judge(_ testCase: Case, expected: ReaderOutcome, got: ReaderOutcome) -> Judgement {
        var judgement = Judgement()
        let differences = FieldDifference.between(expected: expected, got: got)
        guard !differences.isEmpty else { return judgement }
        let inputs = PendingRule.inputs(of: testCase)
        let declared = entry.features
        var facts = DeclaredDepartures.CaseFacts()
        func excused(_ label: String) { if !judgement.excusedBy.contains(label) { judgement.excusedBy.append(label) } }
        for difference in differences {
            if rule.pendingUnit(of: difference.path, caseInputs: inputs, declared: declared) != nil {
                judgement.pending = true
                continue
            }
            if difference.got == FieldDifference.notImplemented, !rule.isDeclaredButMissing(difference.path, declared: declared) {
                judgement.notImplemented = true
                continue
            }
            if let listed = list.entry(for: testCase.id, field: difference.field, notImplemented: false),
               listed.departure.map({ departures.holds($0, for: difference, in: testCase, expected: expected, got: got, facts: &facts) }) ?? true {
                excused("\(list.file):\(listed.line)")
                judgement.excusedAs = judgement.excusedAs ?? listed.departure?.kind
                continue
            }
            if let departure = departures.excuse(difference, in: testCase, expected: expected, got: got, facts: &facts) {
                excused(departure.rawValue)
                judgement.excusedAs = judgement.excusedAs ?? departure
                continue
            }
            judgement.disagreement = Disagreement(reference: referenceName, reader: entry.name, difference: difference)
            return judgement
        }
        return judgement
    }
}

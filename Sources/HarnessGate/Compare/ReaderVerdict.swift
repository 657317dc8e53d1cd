import ContractModel
import HarnessCorpus
import HarnessReaders

/// How one reader fared against the expected outputs over a whole case stream, field by
/// field: each differing field is excused by the first list entry whose pattern matches the
/// case and whose `[FIELDS]` cover that field, or it is unexpected.
package struct ReaderVerdict: Sendable {
    /// One differing field of one case, and what the list made of it.
    package struct Judgement: Sendable {
        /// The name entries and reports use: a view field with its row index
        /// (`parse.tasks[2].isDone`, `header.dayMs`), or `crash` / `missing`.
        package var field: String
        /// The reader does not produce this field (its view line leaves it out).
        package var notImplemented: Bool
        /// The entry that excuses it; nil means unexpected.
        package var excusedBy: DivergenceList.Entry?
        /// A field of a feature the reader declares (other than the base) that its view leaves
        /// out: it declares a feature it does not implement. No entry excuses it.
        package var declaredButMissing = false
        /// A field of the question the widget paints (the display) that the view of a reader
        /// that paints a widget leaves out: no entry excuses it (CONTRACT.md §5).
        package var paintedButMissing = false
    }

    /// One case on which the reader's view differs from the expected one.
    package struct Deviation: Sendable {
        package var caseId: String
        package var differences: [FieldDifference]
        /// One per difference, in the same order.
        package var judgements: [Judgement]

        package var isUnexpected: Bool { judgements.contains { $0.excusedBy == nil } }
        /// Every differing field is a field the reader does not produce, and excused as such.
        package var isOnlyNotImplemented: Bool { !isUnexpected && judgements.allSatisfy(\.notImplemented) }
        /// The entry that excuses the whole case (the first one that excuses a field the
        /// reader does produce); nil when any field is unexpected or only not-implemented
        /// fields differ.
        package var listedBy: DivergenceList.Entry? {
            guard !isUnexpected else { return nil }
            return judgements.first { !$0.notImplemented }?.excusedBy
        }
        /// The differences no entry excuses.
        package var unexpectedDifferences: [FieldDifference] {
            zip(differences, judgements).filter { $0.1.excusedBy == nil }.map(\.0)
        }
    }

    /// The fields of one case that belong to a feature of the contract the reader does not
    /// declare (`ReaderEntry.features`) and differ: pending — counted and shown, never
    /// failing, never looked up in the list, and not a deviation. A base field is pending too
    /// on a case that sets a case input on which such a feature's question answers differently
    /// (`PendingRule`).
    package struct PendingCase: Sendable {
        package var caseId: String
        package var differences: [FieldDifference]
        /// What each difference is pending on (a feature's member or question), in the same order.
        package var units: [PendingRule.Unit]
    }

    /// Per feature the reader does not declare: which of its members and questions the reader already
    /// agrees on in every compared case ("ready to declare"), which still differ, and which no
    /// case compared (the reader gave no view, or no case asked them with a view).
    package struct Readiness: Sendable {
        package var feature: String
        /// Units compared on at least one case, on which no case differs.
        package var ready: [String]
        /// Units with differing cases, and on how many.
        package var waiting: [(unit: String, cases: Int)]
        /// Units asked in the run but compared on no case: nothing shows whether they agree.
        package var unseen: [String] = []
        /// Features it needs that the reader does not declare and that are not ready: declaring
        /// this one declares them too.
        package var needsNotReady: [String] = []
        /// Every unit of the feature was compared and agrees.
        package var agrees: Bool { waiting.isEmpty && unseen.isEmpty && !ready.isEmpty }
        /// It agrees and so does every feature it needs: declaring it would pass.
        package var isReady: Bool { agrees && needsNotReady.isEmpty }
    }

    /// The reader judged, as the roster knows it.
    package var entry: ReaderEntry
    package var reader: String { entry.name }
    /// Why the reader was not compared at all (e.g. a recording made from another case
    /// stream), with the command that fixes it; nil when compared.
    package var notCompared: String?
    package var caseCount: Int
    package var deviations: [Deviation]
    /// Entries of the reader's list none of whose fields differs in any case it matches:
    /// the list is out of date.
    package var staleEntries: [DivergenceList.Entry]
    package var listFile: String
    /// Fields named by entries that are in use but never differ in a case the entry
    /// matches (by list line): the entry could be narrower. Shown, never a failure.
    package var unusedFields: [Int: [String]] = [:]
    /// Every case id of the stream, in order (what suggested patterns must not over-cover).
    package var caseIds: [String] = []
    /// The cases whose differing fields include pending ones (a feature the reader does not declare).
    package var pending: [PendingCase] = []
    /// The units of undeclared features that the run asked (their members always; their
    /// questions only when a case set the inputs that make them differ).
    package var askedUnits: [PendingRule.Unit] = []
    /// The units of undeclared features compared on at least one case (both readers gave a
    /// view, `PendingRule.comparedUnits`).
    package var comparedUnits: Set<PendingRule.Unit> = []
    /// Every compared field of every compared case, as agreeing, listed, not implemented,
    /// unexpected or pending: how far the reader is (`FieldTally`).
    package var fieldTally = FieldTally()
    /// What to do about its unexpected deviations beyond fixing the reader (a testee on a
    /// platform whose reader's list excuses the same differences: `PlatformEvidence`).
    package var advice: [String] = []
    /// Cases the reader never ran (it was declared broken before them), and why: they show
    /// nothing about the cases, so no list line is suggested for them; the reader is to be fixed.
    package var notRun: Set<String> = []
    package var notRunReason: String?

    package var unexpected: [Deviation] { deviations.filter(\.isUnexpected) }
    /// Cases whose differences are all excused, at least one by an ordinary entry.
    package var listed: [Deviation] { deviations.filter { !$0.isUnexpected && !$0.isOnlyNotImplemented } }
    /// Cases that differ only in fields the reader does not produce, all excused.
    package var notImplementedOnly: [Deviation] { deviations.filter(\.isOnlyNotImplemented) }
    /// Cases equal on every compared field (pending fields, of features the reader does not
    /// declare, are not compared; `pending` counts the cases where they differ).
    package var agreeing: Int { caseCount - deviations.count }
    /// Deviations where the reader produced no view at all (crash, hang, bad line, no line).
    package var failures: Int { deviations.filter { $0.judgements.contains { FieldScope.outcomes.contains($0.field) } }.count }
    /// Per field the reader does not produce: on how many cases (report order).
    package var notImplementedCounts: [(field: String, cases: Int)] { fieldCounts(\.notImplemented) }

    /// Per field whose judgements have `flag` (rows folded): on how many cases, in report order.
    private func fieldCounts(_ flag: KeyPath<Judgement, Bool>) -> [(field: String, cases: Int)] {
        var counts: [String: Int] = [:]
        for deviation in deviations {
            for field in Set(deviation.judgements.filter { $0[keyPath: flag] }.map { FieldScope.canonical($0.field) }) { counts[field, default: 0] += 1 }
        }
        return FieldScope.viewFields.compactMap { field in counts[field].map { (field, $0) } }
    }
    /// Cases on which only pending fields differ (no compared field deviates).
    package var pendingOnly: [PendingCase] {
        let deviating = Set(deviations.map(\.caseId))
        return pending.filter { !deviating.contains($0.caseId) }
    }

    /// Per feature the reader does not declare, in the description's order: its ready and waiting units.
    package var readiness: [Readiness] { readiness(in: .current) }

    /// `readiness` with the features' needs read from `description`.
    package func readiness(in description: ContractDescription) -> [Readiness] {
        var cases: [PendingRule.Unit: Int] = [:]
        for item in pending {
            for unit in Set(item.units) { cases[unit, default: 0] += 1 }
        }
        let features = Dictionary(askedUnits.map { ($0.feature, $0.order) }, uniquingKeysWith: { first, _ in first })
            .sorted { ($0.value, $0.key) < ($1.value, $1.key) }.map(\.key)
        var agreeing: [String: Bool] = [:]
        var out: [Readiness] = []
        for feature in features {
            let units = askedUnits.filter { $0.feature == feature }
            let quiet = units.filter { cases[$0] == nil }
            var readiness = Readiness(feature: feature, ready: quiet.filter(comparedUnits.contains).map(\.name),
                                      waiting: units.compactMap { unit in cases[unit].map { (unit.name, $0) } },
                                      unseen: quiet.filter { !comparedUnits.contains($0) }.map(\.name))
            agreeing[feature] = readiness.agrees
            readiness.needsNotReady = (description.feature(named: feature)?.needs ?? []).filter { agreeing[$0] == false }
            out.append(readiness)
        }
        return out
    }

    /// Per field of a declared feature the reader's views leave out: on how many cases.
    package var declaredButMissing: [(field: String, cases: Int)] { fieldCounts(\.declaredButMissing) }

    /// Per field of what the widget paints that the views of a reader that paints one leave
    /// out (no entry excuses it, CONTRACT.md §5): on how many cases.
    package var paintedButMissing: [(field: String, cases: Int)] { fieldCounts(\.paintedButMissing) }

    /// Per pending field (of a feature the reader does not declare) that differs: on how many cases (report order).
    package var pendingCounts: [(field: String, cases: Int)] {
        var counts: [String: Int] = [:]
        for item in pending {
            for field in Set(item.differences.map(\.path.key)) { counts[field, default: 0] += 1 }
        }
        return FieldScope.viewFields.compactMap { field in counts[field].map { (field, $0) } }
    }
    /// A reader that could not be compared (stale recording) fails: the gate cannot vouch for it.
    package var passed: Bool { notCompared == nil && unexpected.isEmpty && staleEntries.isEmpty }

    /// Compares outcomes (in case order) with the expected ones and applies the list. The
    /// comparisons run on up to `jobs` threads, the list is applied in case order: the
    /// verdict is the same at any `jobs`.
    /// `caseInputs` names, per case, the case inputs it sets (`PendingRule.inputs(of:)`); with
    /// none given, every case is taken to set only the base's.
    package static func judge(reader: ReaderEntry, caseIds: [String], expected: [ReaderOutcome], got: [ReaderOutcome],
                             list: DivergenceList, caseInputs: [Set<String>]? = nil, rule: PendingRule = PendingRule(),
                             expectedFields: [ViewFields?]? = nil, jobs: Int = 1) -> ReaderVerdict {
        let declared = reader.features
        let plain: Set<String> = ["blob", "pendingDoneTargets", "nowMs", "timeZone"]
        var deviations: [Deviation] = []
        var used = Set<Int>()
        var pendingUsed = Set<Int>()
        var usedNames: [Int: Set<String>] = [:]
        // Each case's differences, and the fields of both views (the expected one's given when
        // the gate shares them; the reader's only where it differs: elsewhere they are the same).
        let compared = ParallelMap.map(Array(caseIds.indices), jobs: jobs) { index in
            let differences = FieldDifference.between(expected: expected[index], got: got[index])
            let want = expectedFields.map { $0[index] } ?? ViewFields.of(expected[index])
            let have = differences.isEmpty && got[index].view != nil ? want : ViewFields.of(got[index])
            return (differences: differences, expected: want, got: have)
        }
        var pending: [PendingCase] = []
        // Every later member is asked, and a later question on a case that sets its input; a
        // unit is seen only on a case the reader answered with a view (`comparedUnits`): a crash,
        // a hang or a bad line agrees on nothing, so a reader without views is ready for no
        // feature, and the reports say what it was not seen on.
        var asked = Set(rule.units(outside: declared).filter { !rule.isQuestion($0) })
        var seen = Set<PendingRule.Unit>()
        var tally = FieldTally()
        var pendingFields: [Set<String>: FieldSet] = [:]
        let nothingPending = rule.units(outside: declared).isEmpty && rule.unreferenced.isEmpty
        let painted = reader.paintsWidget ? WidgetFields.painted : []
        for (index, (caseId, (all, wantFields, haveFields))) in zip(caseIds, compared).enumerated() {
            let inputs = caseInputs?[index] ?? plain
            asked.formUnion(rule.questionUnits(outside: declared, caseInputs: inputs))
            if seen.count < asked.count {
                seen.formUnion(rule.comparedUnits(outside: declared, caseInputs: inputs, expected: expected[index], got: got[index]))
            }
            // Which fields the reader's declaration leaves pending on a case with these inputs (none
            // for a reader that declares every feature), worked out once per set of inputs.
            let pendingMask = nothingPending ? nil : pendingFields[inputs] ?? {
                var mask = FieldSet()
                for (index, field) in FieldTally.fields.enumerated() {
                    if let path = FieldPath(field), rule.pendingUnit(of: path, caseInputs: inputs, declared: declared) != nil { mask.insert(index) }
                }
                pendingFields[inputs] = mask
                return mask
            }()
            guard !all.isEmpty else {
                tally.add(expected: wantFields, got: haveFields, judged: [], pending: pendingMask)
                continue
            }
            var differences: [FieldDifference] = []
            var later = PendingCase(caseId: caseId, differences: [], units: [])
            for difference in all {
                if let unit = rule.pendingUnit(of: difference.path, caseInputs: inputs, declared: declared) {
                    later.differences.append(difference)
                    later.units.append(unit)
                } else {
                    differences.append(difference)
                }
            }
            if !later.differences.isEmpty {
                pending.append(later)
                // An entry that would excuse a pending difference waits with it: not stale.
                let matching = list.entries(matching: caseId)
                if !matching.isEmpty {
                    for difference in later.differences {
                        let notImplemented = difference.got == FieldDifference.notImplemented
                        if let entry = DivergenceList.entry(among: matching, field: difference.field, notImplemented: notImplemented) {
                            pendingUsed.insert(entry.line)
                        }
                    }
                }
            }
            guard !differences.isEmpty else {
                tally.add(expected: wantFields, got: haveFields, judged: [], pending: pendingMask)
                continue
            }
            // The entries naming this case, matched once for all its differing fields.
            let matching = list.entries(matching: caseId)
            let judgements = differences.map { difference -> Judgement in
                let field = difference.field
                let notImplemented = difference.got == FieldDifference.notImplemented
                // A field of a feature the reader declares cannot be "not implemented".
                if notImplemented, rule.isDeclaredButMissing(difference.path, declared: declared) {
                    return Judgement(field: field, notImplemented: true, excusedBy: nil, declaredButMissing: true)
                }
                // What the widget paints cannot be listed away by a reader that paints one.
                if notImplemented, painted.contains(difference.path.key) {
                    return Judgement(field: field, notImplemented: true, excusedBy: nil, paintedButMissing: true)
                }
                let entry = DivergenceList.entry(among: matching, field: field, notImplemented: notImplemented)
                if let entry {
                    used.insert(entry.line)
                    for name in entry.fields.names where FieldScope(names: [name]).covers(field) { usedNames[entry.line, default: []].insert(name) }
                }
                return Judgement(field: field, notImplemented: notImplemented, excusedBy: entry)
            }
            deviations.append(Deviation(caseId: caseId, differences: differences, judgements: judgements))
            tally.add(expected: wantFields, got: haveFields, judged: zip(differences, judgements).map { ($0.field, $1) },
                      pending: pendingMask)
        }
        // A field a failing reader gets suggestions for: whether it answers it with one value everywhere.
        let suggested = Set(deviations.flatMap { $0.judgements }.filter {
            $0.excusedBy == nil && !$0.notImplemented
        }.compactMap { FieldTally.position[FieldScope.canonical($0.field)] }).sorted()
        if !suggested.isEmpty {
            for outcome in got { if let view = outcome.view { tally.noteValues(of: ViewFields(view, values: true), fields: suggested) } }
        }
        // An entry about features the reader does not declare only (a list copied from a reader
        // that declares more) is pending with them, not stale.
        let description = ContractDescription.current
        let aboutUndeclared = { (entry: DivergenceList.Entry) in
            !entry.fields.names.isEmpty && entry.fields.names.allSatisfy { name in
                guard let feature = description.feature(ofField: name) else { return false }
                return !rule.isCompared(feature, declared: declared)
            }
        }
        let stale = list.entries.filter { !used.contains($0.line) && !pendingUsed.contains($0.line) && !aboutUndeclared($0) }
        var unused: [Int: [String]] = [:]
        for entry in list.entries where used.contains(entry.line) {
            // A field of a feature the reader does not declare is pending, never compared: naming
            // it is not too wide (it applies once the reader declares that feature).
            let names = entry.fields.names.filter { name in
                !(usedNames[entry.line]?.contains(name) ?? false)
                    && (FieldPath(name).map { rule.pendingUnit(of: $0, caseInputs: plain, declared: declared) == nil } ?? true)
            }
            if !names.isEmpty { unused[entry.line] = names }
        }
        var verdict = ReaderVerdict(entry: reader, notCompared: nil, caseCount: caseIds.count, deviations: deviations,
                                    staleEntries: stale, listFile: list.file, unusedFields: unused, caseIds: caseIds, pending: pending,
                                    askedUnits: asked.sorted(), comparedUnits: seen, fieldTally: tally)
        for (caseId, outcome) in zip(caseIds, got) where outcome.wasNotRun {
            verdict.notRun.insert(caseId)
            if verdict.notRunReason == nil, case .failure(let reason) = outcome { verdict.notRunReason = reason }
        }
        return verdict
    }

    /// Lines to add to the reader's list for its unexpected deviations: per field, the
    /// fewest patterns found that cover exactly cases where that field deviates (see
    /// `SuggestionGrouping`), each with a placeholder reason the list refuses until a
    /// reviewer writes the why. None for the C reference: it wrote `golden/expected`, so its
    /// deviation on an unchanged case means the reference changed (`contract-harness golden update`
    /// and review), never a list line.
    package var suggestedEntries: [String] {
        guard entry.role != .reference else { return [] }
        return SuggestionGrouping.suggestions(for: self).map(\.text)
    }
}

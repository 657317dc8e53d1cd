import ContractModel
import HarnessCorpus
import HarnessReaders

/// What `explain` needs about one case, gathered outside the reports: every reader run on
/// it, its golden lines and the readers' divergence lists. `CaseExplanation` and
/// `HTMLCaseExplanation` only render what this returns. A golden file that cannot be read
/// is an error naming its file and line (exit 2), never "no expected output".
package enum CaseGathering {
    /// Runs the roster's readers (the in-process ones, then any testees, then the recorded
    /// ones that have views) on one case. A writer case another team's writer (`writer`) wrote
    /// unlike the tree's is explained as `check` judges it (`WriterLiveCases`): expected is the
    /// C reference's view of it now, and the recordings have no line for it.
    package static func explanation(of testCase: Case, paths: HarnessPaths, testees: [ExternalProcessReader] = [],
                                    roster: ReaderRoster = .standard, writer: WriterCommand = .tree) throws -> CaseExplanation {
        let stored = try paths.expected.loadLines()[testCase.id]
        // (A case of an app's own fixtures or states has no golden line: its expected view is the C reference's now.)
        var expected = stored?.outcome ?? (paths.contract != nil ? CReferenceReader().outcome(testCase).compacted() : nil)
        var readers: [(ReaderEntry, any Reader)] = roster.inProcessReaders.map { (roster.entry(for: $0), $0) }
            + (try testees.map { (try paths.judged(.liveTestee($0)).entry, $0) })
        var notes = [note(stored, testCase, command: GoldenFolder.expected.command)].compactMap { $0 }
        if case .command(let command) = writer, CaseID.fixture(of: testCase.id) == WriterFamily.fixtureName,
           case .sealed(let sealed)? = stored?.provenance, sealed != CaseFingerprint.of(testCase) {
            expected = CReferenceReader().outcome(testCase).compacted()
            notes = ["judged live: this writer's blob (`\(UntrustedText.escape(command))`) is not the one \(stored.map { "\($0.file):\($0.lineNumber)" } ?? "golden/expected") was written from; "
                     + "expected is the C reference's view of it now"]
                + roster.recorded.map { "\($0.name): not recorded for this writer (\($0.golden?.path ?? "") has no line for its blob); `check --kotlin` runs it live" }
            return try explanation(testCase, expected: expected, readers: readers, notes: notes)
        }
        for entry in roster.recorded {
            guard let folder = entry.golden, try paths.store(folder).holdsViews() else { continue }
            let recorded = try paths.store(folder).loadLines()
            readers.append((entry, RecordedReader(name: entry.name, outcomes: recorded.mapValues(\.outcome))))
            notes += [note(recorded[testCase.id], testCase, command: folder.command)].compactMap { $0 }
        }
        return try explanation(testCase, expected: expected, readers: readers, notes: notes)
    }

    private static func explanation(_ testCase: Case, expected: ReaderOutcome?, readers: [(ReaderEntry, any Reader)],
                                    notes: [String]) throws -> CaseExplanation {
        let views = readers.map { entry, reader in
            let outcome = reader.decodeAll([testCase], jobs: 1)[0]
            let differences = expected.map { FieldDifference.between(expected: $0, got: outcome) } ?? []
            return CaseExplanation.ReaderView(entry: entry, outcome: outcome, differences: differences)
        }
        return CaseExplanation(testCase: testCase, expected: expected, readers: views, goldenNotes: notes)
    }

    /// Each explained reader's divergence list.
    package static func lists(for explanation: CaseExplanation, paths: HarnessPaths) throws -> [String: DivergenceList] {
        var lists: [String: DivergenceList] = [:]
        for view in explanation.readers { lists[view.reader] = try paths.divergenceList(for: view.entry) }
        return lists
    }

    /// `explain CASE-ID` as text: gathered, then rendered with the readers' lists.
    package static func text(of testCase: Case, paths: HarnessPaths, testees: [ExternalProcessReader] = [],
                             roster: ReaderRoster = .standard, writer: WriterCommand = .tree) throws -> String {
        let explanation = try explanation(of: testCase, paths: paths, testees: testees, roster: roster, writer: writer)
        return explanation.text(lists: try lists(for: explanation, paths: paths))
    }

    /// What is wrong with a stored line's provenance for this case, if anything.
    static func note(_ line: ViewStore.StoredLine?, _ testCase: Case, command: String) -> String? {
        guard let line else { return nil }
        switch line.provenance {
        case .sealed(let fingerprint) where fingerprint == CaseFingerprint.of(testCase): return nil
        case .broken: return "\(line.file):\(line.lineNumber) was edited by hand (its seal does not match): run `\(command)`"
        default: return "\(line.file):\(line.lineNumber) is stale (written from an earlier version of this case): run `\(command)`"
        }
    }
}

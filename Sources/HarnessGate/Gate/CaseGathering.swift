import ContractModel
import HarnessCorpus
import HarnessReaders

/// What `explain` needs about one case, gathered outside the reports: every reader run on
/// it, its golden lines and the readers' divergence lists. `CaseExplanation` and
/// `HTMLCaseExplanation` only render what this returns. A golden file that cannot be read
/// is an error naming its file and line (exit 2), never "no expected output".
package enum CaseGathering {
    /// Runs the Swift and C readers (plus recorded Kotlin and any testees) on one case.
    package static func explanation(of testCase: Case, paths: HarnessPaths, testees: [ExternalProcessReader] = []) throws -> CaseExplanation {
        let stored = try paths.expected.loadLines()[testCase.id]
        let expected = stored?.outcome
        var readers: [any Reader] = Gate.defaultReaders + testees
        var notes = [note(stored, testCase, command: "contract-harness update")].compactMap { $0 }
        if try paths.kotlin.holdsViews() {
            let recorded = try paths.kotlin.loadLines()
            readers.append(RecordedReader(name: "kotlin", outcomes: recorded.mapValues(\.outcome)))
            notes += [note(recorded[testCase.id], testCase, command: "scripts/record-kotlin")].compactMap { $0 }
        }
        let views = readers.map { reader in
            let outcome = reader.decodeAll([testCase], jobs: 1)[0]
            let differences = expected.map { FieldDifference.between(expected: $0, got: outcome) } ?? []
            return CaseExplanation.ReaderView(reader: reader.name, outcome: outcome, differences: differences)
        }
        return CaseExplanation(testCase: testCase, expected: expected, readers: views, goldenNotes: notes)
    }

    /// Each explained reader's divergence list.
    package static func lists(for explanation: CaseExplanation, paths: HarnessPaths) throws -> [String: DivergenceList] {
        var lists: [String: DivergenceList] = [:]
        for view in explanation.readers { lists[view.reader] = try paths.divergenceList(for: view.reader) }
        return lists
    }

    /// `explain CASE-ID` as text: gathered, then rendered with the readers' lists.
    package static func text(of testCase: Case, paths: HarnessPaths, testees: [ExternalProcessReader] = []) throws -> String {
        let explanation = try explanation(of: testCase, paths: paths, testees: testees)
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

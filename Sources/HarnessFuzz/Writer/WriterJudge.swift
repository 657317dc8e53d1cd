import ContractModel
import HarnessCorpus
import HarnessGate
import HarnessReaders
import WidgetSnapshot

/// Judges one state's writer answer as the gate judges a case, plus the writer's own checks:
/// the writer must answer a valid state with a blob (a crash line is a writer finding), the
/// `checks` (the writer schema, the intent checks) must hold, and every in-process reader
/// must agree with the reference on every case the blob becomes.
struct WriterJudge: Sendable {
    let seed: UInt64
    let reference: any InProcessReader
    let readers: [any InProcessReader]
    let checks: [any WriterBlobCheck]
    let departures: [String: DeclaredDepartures]

    /// What one state's blob showed.
    struct Verdict: Sendable {
        /// The first problem: a writer finding or a reader disagreement.
        var disagreement: Disagreement?
        /// The cases the blob became (empty when the writer wrote none).
        var cases: [Case] = []
        /// The case a reader disagreed on.
        var disagreeingCase: Case?
        /// The departures whose cause the blob carries (`DepartureCause`).
        var causes: Set<ContractDeparture> = []
        /// True when the writer gave no answer at all (the run stops).
        var writerFailed: String?
    }

    /// The writer's side of a finding: `state/writer <field>`.
    static func writerFinding(_ field: FieldPath.Name, expected: String, got: String) -> Disagreement {
        Disagreement(reference: "state", reader: "writer", difference: FieldDifference(path: FieldPath(field), expected: expected, got: got))
    }

    func judge(index: Int, state: AppState, answer: WriterAnswer) -> Verdict {
        var verdict = Verdict()
        let blob: [UInt8]
        switch answer {
        case .failure(let reason):
            verdict.writerFailed = reason
            return verdict
        case .crash(let text):
            verdict.disagreement = Self.writerFinding(.crash, expected: "a blob", got: "crash line: \(text)")
            return verdict
        case .blob(let bytes):
            blob = bytes
        }
        let parsed = try? JSONParser().parse(blob)
        verdict.causes = DepartureCause.causes(blob, parsed: parsed)
        for check in checks {
            if let problem = check.problem(state: state, blob: blob) {
                verdict.disagreement = problem
                return verdict
            }
        }
        verdict.cases = WriterCases.cases(seed: seed, index: index, zone: state.timeZone, blob: blob, parsed: parsed)
        for testCase in verdict.cases {
            let expected = reference.outcome(testCase)
            for reader in readers {
                let judged = Disagreement.between(reference: reference.name, expected: expected, reader: reader.name,
                                                  got: reader.outcome(testCase), testCase: testCase,
                                                  departures: departures[reader.name])
                if let disagreement = judged.disagreement {
                    verdict.disagreement = disagreement
                    verdict.disagreeingCase = testCase
                    return verdict
                }
            }
        }
        return verdict
    }
}

/// A check of one writer blob against the state that produced it (the writer schema of the
/// state's revision, the intent checks): nil when it holds, else the writer finding. The
/// checks themselves are writergate's (issue 25's gate side); `fuzz --writer` calls them.
package protocol WriterBlobCheck: Sendable {
    func problem(state: AppState, blob: [UInt8]) -> Disagreement?
}

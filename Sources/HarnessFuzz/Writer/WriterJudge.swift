import ContractModel
import HarnessCorpus
import HarnessGate
import HarnessReaders
import WidgetSnapshot

/// Judges one state's writer answer as the gate judges a case, plus the writer's own checks:
/// the writer must answer a valid state with a blob (a crash line is a writer finding), the
/// blob of a state the app holds must be valid for its revision's writer schema and show what
/// the state means (writergate's `WriterBlobJudge` / `WriterIntent`, the gate's own checks),
/// and every in-process reader must agree with the reference on every case the blob becomes.
struct WriterJudge: Sendable {
    let seed: UInt64
    let reference: any InProcessReader
    let readers: [any InProcessReader]
    /// The schema and intent checks; nil runs the readers only.
    let blobJudge: WriterBlobJudge?
    let departures: [String: DeclaredDepartures]

    /// What one state's blob showed.
    struct Verdict: Sendable {
        /// The first problem: a writer finding or a reader disagreement.
        var disagreement: Disagreement?
        /// The cases the blob became (empty when the writer wrote none).
        var cases: [Case] = []
        /// The case a reader (or the intent check) disagreed on.
        var disagreeingCase: Case?
        /// The departures whose cause the blob carries (`DepartureCause`).
        var causes: Set<ContractDeparture> = []
        /// An in-app state of a later revision than the writer declares: read, not judged.
        var pending = false
        /// True when the writer gave no answer at all (the run stops).
        var writerFailed: String?
    }

    /// A writer finding: `state/<check> <field>` (`state/writer crash`, `state/writer-schema parse`,
    /// `state/writer-intent parse`): the state is the expected side, what the writer made the other.
    static func writerFinding(_ check: String, _ field: FieldPath.Name, expected: String, got: String) -> Disagreement {
        Disagreement(reference: "state", reader: check, difference: FieldDifference(path: FieldPath(field), expected: expected, got: got))
    }

    func judge(index: Int, state: AppState, answer: WriterAnswer) -> Verdict {
        var verdict = Verdict()
        let blob: [UInt8]
        switch answer {
        case .failure(let reason):
            verdict.writerFailed = reason
            return verdict
        case .crash(let text):
            verdict.disagreement = Self.writerFinding("writer", .crash, expected: "a blob", got: "crash line: \(text)")
            return verdict
        case .blob(let bytes):
            blob = bytes
        }
        // One validating pass over the blob for the causes and the schema (a tape, not a tree).
        let tape = blob.withUnsafeBufferPointer { try? JSONTape($0) }
        verdict.causes = DepartureCause.causes(blob, tape: tape)
        // What the state means, from the state itself (`AppStateLine.line` parsed again was ~6 % of the run).
        var checked = state.inApp ? blobJudge.map { ($0, WriterState(state)) } : nil
        if let (judge, writerState) = checked, judge.isPending(writerState) {
            verdict.pending = true
            checked = nil
        }
        if let (judge, writerState) = checked,
           let problem = judge.schemaProblems(writerState, blob: blob, tape: tape).first {
            verdict.disagreement = Self.writerFinding("writer-schema", .parse, expected: "a blob valid for the writer schema", got: problem)
            return verdict
        }
        let boundary = WriterCases.boundary(of: state)
        let cases = WriterCases.cases(seed: seed, index: index, zone: state.timeZone, boundary: boundary, blob: blob,
                                      selections: WriterCases.selections(of: state, index: index))
        verdict.cases = cases.map(\.testCase)
        // Each reader reads the blob once for both instants.
        let expectedOutcomes = reference.outcomes(sharingBlob: verdict.cases)
        let readerOutcomes = readers.map { $0.outcomes(sharingBlob: verdict.cases) }
        for (position, (instant, testCase)) in cases.enumerated() {
            let expected = expectedOutcomes[position]
            if let (_, writerState) = checked, case .view(let view) = expected,
               let problem = WriterIntent.mismatches(writerState, boundary: boundary, instant: instant, selectedProjectId: testCase.selectedProjectId,
                                                     nowMs: testCase.nowMs, view: view).first {
                verdict.disagreement = Self.writerFinding("writer-intent", .parse, expected: "what the state means", got: problem)
                verdict.disagreeingCase = testCase
                return verdict
            }
            for (reader, outcomes) in zip(readers, readerOutcomes) {
                let judged = Disagreement.between(reference: reference.name, expected: expected, reader: reader.name,
                                                  got: outcomes[position], testCase: testCase,
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

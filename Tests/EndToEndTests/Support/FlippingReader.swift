import ContractModel
import HarnessReaders

/// A reader wrapper with a planted fault: it flips `isDone` of the first row on every case of
/// one mutation family and is the wrapped reader everywhere else.
struct FlippingReader: InProcessReader {
    let name: String
    let wrapped: any InProcessReader
    let family: String

    func outcome(_ testCase: Case) -> ReaderOutcome {
        guard case .view(var view) = wrapped.outcome(testCase), CaseID.family(of: testCase.id) == family,
              case .tasks(var rows) = view.parse, !rows.isEmpty else { return wrapped.outcome(testCase) }
        rows[0].isDone.toggle()
        view.parse = .tasks(rows)
        return .view(view)
    }
}

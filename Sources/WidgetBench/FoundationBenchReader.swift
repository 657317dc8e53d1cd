import ContractModel
import FoundationWidgetReader
import WidgetSnapshot

/// The bench's handle on the JSONSerialization port (`Examples/FoundationWidgetReader`):
/// one case in, one comparable view out, timed against the Swift reader.
struct FoundationBenchReader {
    func decode(_ testCase: Case) -> DecodedView {
        var pending: [String: Bool] = [:]
        for target in testCase.pendingDoneTargets { pending[target.taskId.string] = target.isDone }
        let snapshot = FoundationReader.read(testCase.blob, pendingDoneTargets: pending, nowMs: testCase.nowMs,
                                             timeZone: testCase.timeZone)
        let parse: DecodedView.Parse
        switch snapshot.rows {
        case .success(let rows): parse = .tasks(rows)
        case .failure(let failure): parse = .error(failure.description)
        }
        return DecodedView(id: testCase.id, parse: parse, meta: snapshot.meta, stale: snapshot.stale, header: snapshot.header)
    }
}

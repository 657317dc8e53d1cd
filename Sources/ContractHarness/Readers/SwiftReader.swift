import ContractModel
import WidgetSnapshot

/// The product under test: the `WidgetSnapshot` library, exactly as an iOS widget calls it —
/// `WidgetData.parse`, `parseMeta`, `isSnapshotStale`, `headerFor` (which reads the day with
/// `dayStrToMs`), the taps passed as the ordered queue, keyed by exact code points.
package struct SwiftReader: InProcessReader {
    package let name = "swift"

    package init() {}

    package func outcome(_ testCase: Case) -> ReaderOutcome { .view(decode(testCase)) }

    package func decode(_ testCase: Case) -> DecodedView {
        let pending = PendingTargets(testCase.pendingDoneTargets.map { (taskId: $0.taskId.string, isDone: $0.isDone) })
        let parse: DecodedView.Parse
        do {
            parse = .tasks(try WidgetData.parse(testCase.blob, pendingDoneTargets: pending))
        } catch {
            parse = .error(error.description)
        }
        let meta = WidgetData.parseMeta(testCase.blob)
        let stale = WidgetData.isSnapshotStale(meta, nowMs: testCase.nowMs)
        let header: WidgetHeader
        if let zone = ZoneCache.shared.zone(testCase.timeZone) {
            header = WidgetData.headerFor(meta, nowMs: testCase.nowMs, timeZone: zone)
        } else {
            header = stale ? .outdated(dayMs: nil) : .today // a zone Foundation lacks: no day (CONTRACT.md §4)
        }
        return DecodedView(id: testCase.id, parse: parse, meta: meta, stale: stale, header: header)
    }
}

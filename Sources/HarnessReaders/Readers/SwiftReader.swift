import ContractModel
import WidgetSnapshot

/// The product under test: the `WidgetSnapshot` library, exactly as an iOS widget calls it —
/// `WidgetData.parse`, `parseMeta`, `isSnapshotStale`, `headerFor` (which reads the day with
/// `dayStrToMs`), `parseProjects`, `projectTitle`, through `DecodedView.decode`; the taps and
/// their times passed as ordered queues, keyed by exact code points.
package struct SwiftReader: InProcessReader {
    package var name: String { ReaderEntry.swift.name }

    package init() {}

    package func outcome(_ testCase: Case) -> ReaderOutcome { .view(decode(testCase)) }

    /// A zone Foundation lacks gives no day (CONTRACT.md §4): `outdated` without `dayMs`.
    package func decode(_ testCase: Case) -> DecodedView {
        let pending = PendingTargets(testCase.pendingDoneTargets.map { (taskId: $0.taskId.string, isDone: $0.isDone) })
        let times = PendingTimestamps(testCase.pendingDoneTimestamps.map { (taskId: $0.taskId.string, doneAtMs: $0.ms) })
        return DecodedView.decode(id: testCase.id, blob: testCase.blob, pendingDoneTargets: pending, pendingDoneTimestamps: times,
                                  selectedProjectId: testCase.selectedProjectId?.string, nowMs: testCase.nowMs,
                                  timeZone: ZoneCache.shared.zone(testCase.timeZone))
    }
}

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

    /// The blob parsed once for all of them.
    package func outcomes(sharingBlob cases: [Case]) -> [ReaderOutcome] {
        guard let blob = cases.first?.blob else { return [] }
        precondition(cases.allSatisfy { $0.blob == blob }, "outcomes(sharingBlob:) of cases with different blobs")
        let document = Result { () throws(SnapshotParseError) in try SnapshotDocument(blob: blob) }
        return cases.map { .view(decode($0, document: document)) }
    }

    /// A zone Foundation lacks gives no day (CONTRACT.md §4): `outdated` without `dayMs`.
    package func decode(_ testCase: Case) -> DecodedView {
        decode(testCase, document: Result { () throws(SnapshotParseError) in try SnapshotDocument(blob: testCase.blob) })
    }

    private func decode(_ testCase: Case, document: Result<SnapshotDocument, SnapshotParseError>) -> DecodedView {
        let pending = PendingTargets(testCase.pendingDoneTargets.map { (taskId: $0.taskId.string, isDone: $0.isDone) })
        let times = PendingTimestamps(testCase.pendingDoneTimestamps.map { (taskId: $0.taskId.string, doneAtMs: $0.ms) })
        return DecodedView.decode(id: testCase.id, document: document, pendingDoneTargets: pending, pendingDoneTimestamps: times,
                                  selectedProjectId: testCase.selectedProjectId?.string, capacity: testCase.capacity, nowMs: testCase.nowMs,
                                  timeZone: ZoneCache.shared.zone(testCase.timeZone))
    }
}

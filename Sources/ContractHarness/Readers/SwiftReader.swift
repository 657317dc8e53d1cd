import WidgetSnapshot

/// The product under test: the `WidgetSnapshot` library, exactly as an iOS widget calls it.
public struct SwiftReader: InProcessReader {
    public let name = "swift"

    public init() {}

    public func decode(_ testCase: Case) -> DecodedView {
        DecodedView.decode(
            id: testCase.id,
            blob: testCase.blob,
            pendingDoneTargets: PendingTargets(testCase.pendingDoneTargets.map { ($0.taskId, $0.isDone) }),
            nowMs: testCase.nowMs,
            timeZone: ZoneCache.shared.zone(testCase.timeZone))
    }
}

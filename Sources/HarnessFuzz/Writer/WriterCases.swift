import ContractModel
import HarnessCorpus
import WidgetSnapshot

/// The cases one writer blob becomes, read as the gate's writer family reads its blobs: in the
/// state's zone one ms before the app's day boundary (`before`: today) and at it (`at`:
/// outdated), the boundary computed from the STATE (`AppDayBoundary`), not from the blob, so a
/// writer that stamps a wrong `validUntil` shows; a state without a boundary is read at `fixed`.
package enum WriterCases {
    /// The first word of every writer-fuzz case id.
    package static let fixtureName = "writer-fuzz"

    /// The state's day boundary (V8's reading, as the writer end's), nil when its day has none.
    package static func boundary(of state: AppState) -> Int64? {
        AppDayBoundary.ms(todayStr: state.todayStr.description, timeZone: state.timeZone,
                          startOfNextDayDiffMs: state.startOfNextDayDiffMs)
    }

    /// `writer-fuzz/state#<seed>-<index>@<zone>@<instant>` cases of `blob`, with their instant names.
    package static func cases(seed: UInt64, index: Int, zone: String, boundary: Int64?, blob: [UInt8]) -> [(instant: String, testCase: Case)] {
        let prefix = "\(fixtureName)/state#\(seed)-\(index)@\(CaseID.zoneLabel(zone))@"
        let instants = boundary.map { [("before", $0 &- 1), ("at", $0)] } ?? [("fixed", WriterFamily.fixedInstantMs)]
        return instants.map { instant, now in (instant, Case(id: prefix + instant, blob: blob, nowMs: now, timeZone: zone)) }
    }
}

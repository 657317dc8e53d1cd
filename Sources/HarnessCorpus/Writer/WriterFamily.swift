import ContractModel
import WidgetSnapshot

/// The `writer` family: every app state of `golden/states`, turned into its blob by the writer
/// end, becomes cases read by every reader like any other (data flows one way: states → writer
/// → cases → readers). Each state's blob is read one ms before the app's day boundary
/// (`before`: the widget must say today) and at it (`at`: outdated), in the state's own zone;
/// a state without a boundary (a `todayStr` the app never writes) is read once, at `fixed`.
///
/// Ids: `states/writer.<file>#<name>@<zone label>@<instant>` for state `<file>/<name>`
/// (golden files `golden/*/states.jsonl`).
package struct WriterFamily: Sendable {
    /// The first word of every writer case id.
    package static let fixtureName = "states"
    /// The instant of a state without a day boundary: 2026-07-17 10:00 UTC.
    package static let fixedInstantMs: Int64 = 1_784_282_400_000

    /// One state, what the writer answered, and the cases its blob became.
    package struct Entry: Sendable {
        package var state: StateLine
        package var answer: WriterAnswer
        /// When the app's day ends (`AppDayBoundary`), nil when the state has none.
        package var boundary: Int64?
        /// This state's case ids, in case order; empty when the writer gave no blob.
        package var caseIds: [String]

        /// The blob, when the writer wrote one.
        package var blob: [UInt8]? {
            if case .blob(let bytes) = answer { return bytes }
            return nil
        }
    }

    /// The writer end's command line (shown in findings: what to run to see it again).
    package var command: String
    package var entries: [Entry]

    /// The family and its cases, from the states and the writer's answer to each (in order).
    package static func build(states: [StateLine], answers: [WriterAnswer], command: String) -> (WriterFamily, [Case]) {
        var entries: [Entry] = []
        var cases: [Case] = []
        var zones = KnownZones()
        for (state, answer) in zip(states, answers) {
            let boundary = state.state.flatMap {
                AppDayBoundary.ms(todayStr: $0.todayStr, timeZone: $0.timeZone, startOfNextDayDiffMs: $0.startOfNextDayDiffMs)
            }
            var entry = Entry(state: state, answer: answer, boundary: boundary, caseIds: [])
            if case .blob(let bytes) = answer, let zone = state.state?.timeZone, zones.contains(zone) {
                let instants = boundary.map { [("before", $0 - 1), ("at", $0)] } ?? [("fixed", fixedInstantMs)]
                for (instant, now) in instants {
                    let id = caseId(state: state.id, zone: zone, instant: instant)
                    entry.caseIds.append(id)
                    cases.append(Case(id: id, blob: bytes, nowMs: now, timeZone: zone))
                }
            }
            entries.append(entry)
        }
        return (WriterFamily(command: command, entries: entries), cases)
    }

    /// `states/writer.colours#inbox-default@berlin@before` for state `colours/inbox-default`.
    package static func caseId(state: String, zone: String, instant: String) -> String {
        let file = String(state.prefix { $0 != "/" })
        let name = String(state.drop { $0 != "/" }.dropFirst())
        return CaseID.make(fixture: fixtureName, operator: "writer.\(file)", parameter: name, zone: zone, instant: instant)
    }
}

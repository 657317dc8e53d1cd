import ContractModel
import WidgetSnapshot

/// The `writer` family: every app state of `golden/states`, turned into its blob by the writer
/// end, becomes cases read by every reader like any other (data flows one way: states → writer
/// → cases → readers). Each state's blob is read one ms before the app's day boundary
/// (`before`: the widget must say today) and at it (`at`: outdated), in the state's own zone;
/// a state without a boundary (a `todayStr` the app never writes) is read once, at `fixed`.
/// A state of revision 2 or later is also read as a project widget configured to each of its
/// project entities (`plan`).
///
/// Ids: `states/writer.<file>#<name>@<zone label>@<instant>` for state `<file>/<name>`, and
/// `…#<name>_project-<k>@…` for its k-th project entity (golden files `golden/*/states.jsonl`).
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
                for planned in plan(state, boundary: boundary) {
                    entry.caseIds.append(planned.id)
                    cases.append(Case(id: planned.id, blob: bytes, selectedProjectId: planned.selectedProjectId,
                                      nowMs: planned.nowMs, timeZone: zone))
                }
            }
            entries.append(entry)
        }
        return (WriterFamily(command: command, entries: entries), cases)
    }

    /// One case a state's blob becomes.
    package struct PlannedCase: Sendable, Equatable {
        package var id: String
        package var selectedProjectId: JSONString?
        package var nowMs: Int64
    }

    /// The cases of one state, whatever the writer answers: the Today widget at each instant,
    /// then (revision 2 and later) a project widget configured to each project entity — one the
    /// writer lists shows that project's rows, one it must leave out (archived, hidden, the
    /// Inbox) Today's — at the same instants, so the grace of a done row (`doneOn` + 5000 ms,
    /// CONTRACT.md §8.1) is read on both sides of the day boundary. The selection is the id as
    /// the readers show it; a project whose id holds a lone surrogate is not selected (a UTF-8
    /// selection cannot name it as Kotlin reads it, D1). Empty for a state that cannot be read.
    package static func plan(_ state: StateLine, boundary: Int64?) -> [PlannedCase] {
        guard let meaning = state.state else { return [] }
        let instants = boundary.map { [("before", $0 - 1), ("at", $0)] } ?? [("fixed", fixedInstantMs)]
        var planned = instants.map { instant, now in
            PlannedCase(id: caseId(state: state.id, zone: meaning.timeZone, instant: instant), selectedProjectId: nil, nowMs: now)
        }
        for project in meaning.projects where project.selectable {
            planned += instants.map { instant, now in
                PlannedCase(id: caseId(state: state.id, zone: meaning.timeZone, instant: instant, projectEntity: project.entity),
                            selectedProjectId: JSONString(project.id), nowMs: now)
            }
        }
        return planned
    }

    /// `states/writer.colours#inbox-default@berlin@before` for state `colours/inbox-default`;
    /// with `projectEntity` k, the project widget configured to the state's k-th project entity:
    /// `states/writer.projects#lists_project-2@berlin@before` (state names have no `_`).
    package static func caseId(state: String, zone: String, instant: String, projectEntity: Int? = nil) -> String {
        let file = String(state.prefix { $0 != "/" })
        let name = String(state.drop { $0 != "/" }.dropFirst())
        return CaseID.make(fixture: fixtureName, operator: "writer.\(file)", parameter: name + (projectEntity.map { "_project-\($0)" } ?? ""),
                           zone: zone, instant: instant)
    }
}

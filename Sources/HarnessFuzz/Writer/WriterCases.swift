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

    /// The project entity a revision-2 state's blob is also read as a project widget of, as the
    /// gate's writer family reads each (`WriterFamily.plan`): its position (from 1) and id as the
    /// readers show it. One per state, the `index`-th (modulo) of those `WriterState.isSelectable`
    /// takes, so a run covers listed and left-out ones at a third of the cost of reading them all;
    /// none for a state whose writer writes no projects.
    package static func selections(of state: AppState, index: Int) -> [(entity: Int, id: String)] {
        guard state.writes("projects") else { return [] }
        let selectable = state.projects.enumerated().compactMap { position, project -> (entity: Int, id: String)? in
            let id = project.id.description
            return WriterState.isSelectable(projectId: id) ? (position + 1, id) : nil
        }
        return selectable.isEmpty ? [] : [selectable[index % selectable.count]]
    }

    /// `writer-fuzz/state#<seed>-<index>@<zone>@<instant>` cases of `blob`, with their instant names;
    /// then, per project entity k of `selections`, `…#<seed>-<index>_project-<k>@…` read as that project's widget.
    package static func cases(seed: UInt64, index: Int, zone: String, boundary: Int64?, blob: [UInt8],
                              selections: [(entity: Int, id: String)] = []) -> [(instant: String, testCase: Case)] {
        let state = "\(fixtureName)/state#\(seed)-\(index)"
        let suffix = "@" + CaseID.zoneLabel(zone) + "@"
        var cases: [(instant: String, testCase: Case)] = []
        cases.reserveCapacity((1 + selections.count) * (boundary == nil ? 1 : 2))
        // (Appended one by one: mapping tuples of instants and casting the labelled result was a
        // third of making a state's cases.)
        func add(_ name: String, selected: JSONString?) {
            if let boundary {
                cases.append((instant: "before", testCase: Case(id: name + suffix + "before", blob: blob, selectedProjectId: selected,
                                                                 nowMs: boundary &- 1, timeZone: zone)))
                cases.append((instant: "at", testCase: Case(id: name + suffix + "at", blob: blob, selectedProjectId: selected,
                                                             nowMs: boundary, timeZone: zone)))
            } else {
                cases.append((instant: "fixed", testCase: Case(id: name + suffix + "fixed", blob: blob, selectedProjectId: selected,
                                                                nowMs: WriterFamily.fixedInstantMs, timeZone: zone)))
            }
        }
        add(state, selected: nil)
        for (entity, id) in selections { add(state + "_project-\(entity)", selected: JSONString(id)) }
        return cases
    }
}

import HarnessCorpus

/// Shrinks a finding over the app STATE, never over the blob: every candidate is a state the
/// writer turns into a blob again, so the shrunk finding is still something the app can write.
/// Greedy to a fixpoint: each pass tries every simplification once on the state as it is by
/// then (drop today's ids, tasks, projects, list entries; plainer titles, ids, colours, flags,
/// day, zone, offset, revision), keeping each that still fails, until a pass keeps none or the
/// budget is spent.
package struct StateShrinker: Sendable {
    package var maximumEvaluations: Int

    package init(maximumEvaluations: Int = 5_000) { self.maximumEvaluations = maximumEvaluations }

    package struct Result: Sendable {
        package var shrunk: AppState
        package var evaluations: Int
        /// True when the budget ran out or `shouldStop` said so before the fixpoint.
        package var exhausted: Bool
    }

    /// `stillFails` answers a batch of candidates in order.
    package func shrink(_ state: AppState, stillFails: ([AppState]) -> [Bool], shouldStop: () -> Bool = { false }) -> Result {
        var current = state
        var evaluations = 0
        while true {
            // One pass: every edit of the pass's list, each tried on the state as it is by then.
            let edits = Self.edits(of: current)
            var changed = false
            var next = 0
            while next < edits.count {
                if shouldStop() || evaluations >= maximumEvaluations {
                    return Result(shrunk: current, evaluations: evaluations, exhausted: true)
                }
                // Up to 32 edits of `current` at once; the first that still fails is taken and
                // the pass goes on after it.
                var batch: [(edit: Int, state: AppState)] = []
                while next < edits.count, batch.count < min(32, maximumEvaluations - evaluations) {
                    var candidate = current
                    edits[next](&candidate)
                    candidate.inApp = candidate.isHeldByApp
                    if candidate != current { batch.append((next, candidate)) }
                    next += 1
                }
                if batch.isEmpty { continue }
                evaluations += batch.count
                if let first = stillFails(batch.map(\.state)).firstIndex(of: true) {
                    current = batch[first].state
                    changed = true
                    next = batch[first].edit + 1
                }
            }
            if !changed { return Result(shrunk: current, evaluations: evaluations, exhausted: false) }
        }
    }

    /// One pass's simplifications, biggest first, each making the state strictly simpler (a
    /// constant is only set where it is simpler than what is there, so no two edits undo each
    /// other and the passes end), each naming what it changes by id (so it
    /// still means the same after earlier edits of the pass) and computed on the state it is
    /// applied to (a title halves whatever it is by then).
    static func edits(of state: AppState) -> [(inout AppState) -> Void] {
        var out: [(inout AppState) -> Void] = []
        func task(_ id: AppText, _ change: @escaping (inout AppState.Task) -> Void) {
            out.append { state in
                for position in state.tasks.indices where state.tasks[position].id == id { change(&state.tasks[position]) }
            }
        }
        func project(_ id: AppText, _ change: @escaping (inout AppState.Project) -> Void) {
            out.append { state in
                for position in state.projects.indices where state.projects[position].id == id { change(&state.projects[position]) }
            }
        }
        // Whole parts first.
        out.append { $0.todayTaskIds = [] }
        out.append { $0.projects = [] }
        out.append { state in
            state.tasks = state.tasks.filter { task in
                state.todayTaskIds.contains(task.id)
                    || state.projects.contains { $0.taskIds.contains(task.id) || $0.backlogTaskIds.contains(task.id) }
            }
        }
        out.append { $0.todayTaskIds.removeLast($0.todayTaskIds.count / 2) }
        out.append { $0.todayTaskIds.removeFirst($0.todayTaskIds.count / 2) }
        for id in state.todayTaskIds {
            out.append { state in if let at = state.todayTaskIds.firstIndex(of: id) { state.todayTaskIds.remove(at: at) } }
        }
        for id in state.tasks.map(\.id) { out.append { $0.tasks.removeAll { $0.id == id } } }
        for entity in state.projects {
            out.append { $0.projects.removeAll { $0.id == entity.id } }
            project(entity.id) { $0.taskIds = []; $0.backlogTaskIds = [] }
            for entry in entity.taskIds { project(entity.id) { if let at = $0.taskIds.firstIndex(of: entry) { $0.taskIds.remove(at: at) } } }
            for entry in entity.backlogTaskIds {
                project(entity.id) { if let at = $0.backlogTaskIds.firstIndex(of: entry) { $0.backlogTaskIds.remove(at: at) } }
            }
        }
        // Then plainer values.
        out.append { $0.revision = 1 }
        out.append { $0.startOfNextDayDiffMs = 0 }
        out.append { $0.timeZone = "UTC" }
        out.append { if $0.timeZone != "UTC" { $0.timeZone = "Europe/Berlin" } }
        out.append { $0.todayStr = "2026-07-17" }
        out.append { $0.note = nil }
        for (position, entity) in state.tasks.enumerated() {
            task(entity.id) { $0.isDone = false }
            task(entity.id) { $0.doneOn = .absent }
            task(entity.id) { $0.projectId = .absent }
            task(entity.id) { $0.title = "" }
            task(entity.id) { if $0.title.units.count > 1 { $0.title = "t" } }
            task(entity.id) { $0.title = firstHalf($0.title) }
            task(entity.id) { $0.title = secondHalf($0.title) }
            task(entity.id) { $0.title = AppText(units: $0.title.units.dropLast()) }
            task(entity.id) { $0.title = AppText(units: Array($0.title.units.dropFirst())) }
            let plain = AppText("t\(position)")
            out.append { state in if !state.tasks.contains(where: { $0.id == plain }) { rename(task: entity.id, to: plain, in: &state) } }
        }
        for (position, entity) in state.projects.enumerated() {
            project(entity.id) { $0.primary = nil }
            project(entity.id) { if let primary = $0.primary, primary.units.count > 7 { $0.primary = "#000000" } }
            project(entity.id) { $0.isArchived = false }
            project(entity.id) { $0.isHiddenFromMenu = false }
            project(entity.id) { if $0.title.units.count > 1 { $0.title = "P" } }
            project(entity.id) { $0.title = firstHalf($0.title) }
            project(entity.id) { $0.title = secondHalf($0.title) }
            project(entity.id) { $0.primary = $0.primary.map(firstHalf) }
            project(entity.id) { $0.primary = $0.primary.map(secondHalf) }
            let plain = AppText("p\(position)")
            out.append { state in if !state.projects.contains(where: { $0.id == plain }) { rename(project: entity.id, to: plain, in: &state) } }
        }
        return out
    }

    private static func firstHalf(_ text: AppText) -> AppText { AppText(units: Array(text.units.prefix(text.units.count / 2))) }
    private static func secondHalf(_ text: AppText) -> AppText { AppText(units: Array(text.units.dropFirst(text.units.count / 2))) }

    private static func rename(task old: AppText, to new: AppText, in state: inout AppState) {
        for position in state.tasks.indices where state.tasks[position].id == old { state.tasks[position].id = new }
        state.todayTaskIds = state.todayTaskIds.map { $0 == old ? new : $0 }
        for position in state.projects.indices {
            state.projects[position].taskIds = state.projects[position].taskIds.map { $0 == old ? new : $0 }
            state.projects[position].backlogTaskIds = state.projects[position].backlogTaskIds.map { $0 == old ? new : $0 }
        }
    }

    private static func rename(project old: AppText, to new: AppText, in state: inout AppState) {
        for position in state.projects.indices where state.projects[position].id == old { state.projects[position].id = new }
        for position in state.tasks.indices where state.tasks[position].projectId == .value(old) {
            state.tasks[position].projectId = .value(new)
        }
    }
}

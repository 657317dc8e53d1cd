import WidgetSnapshot

/// The widget's second queue (revision 2's `pendingDoneTimestamps`, CONTRACT.md §8.1): a row a
/// tap marks done gets that tap's time as `doneOn` (or `nowMs` when the queue has none); a
/// row a tap marks undone keeps the blob's `doneOn`; a time without a tap changes nothing; the
/// last time for an id wins. On the `projects` fixture, every instant: a tap made a second
/// before the `before` instant is inside the grace there and outside it an hour later.
enum TapTimeMutations {
    private static let reach = MutationOperator.Reach.fixture(Fixture.projectsName)
    /// The tap's time: a second before the fixture's `before` instant.
    private static func tapTime(_ input: MutationOperator.Input) -> Int64? { input.instant(named: "before").map { $0 - 1_000 } }

    static let all: [MutationOperator] = [
        .change("taptime.done", .tapTime, "an open project row tapped done, with the tap's time or without one (then nowMs)",
                reach: reach, [("with-time", true), ("without-time", false)]) { change, input, timed in
            guard let open = input.selectedOpenTask, let ms = tapTime(input) else { return false }
            change.tap(open.id, done: true, at: timed ? ms : nil)
            return true
        },
        .change("taptime.undone", .tapTime, "a done project row tapped undone: it stays, open, with the blob's doneOn",
                reach: reach, [("plain", false), ("with-stale-time", true)]) { change, input, staleTime in
            guard let done = input.selectedDoneTask,
                  let id = input.projectTasks(done.project).first(where: { $0.index == done.task })?.task["id"]?.stringValue,
                  let ms = tapTime(input) else { return false }
            // A time left from an earlier tap that marked it done: a target `false` ignores it.
            if staleTime { change.pendingDoneTimestamps.append(.init(taskId: id, ms: ms)) }
            change.tap(id, done: false)
            return true
        },
        .change("taptime.time-without-tap", .tapTime, "a tap time for a done row without doneOn and no tap: it stays dropped",
                reach: reach) { change, input in
            guard let project = input.selectedProject?.index, let ms = tapTime(input),
                  let id = input.projectTasks(project).first(where: { input.effectiveIsDone($0.task) && $0.task["doneOn"] == nil })?
                      .task["id"]?.stringValue else { return false }
            change.pendingDoneTimestamps.append(.init(taskId: id, ms: ms))
            return true
        },
        .change("taptime.repeated", .tapTime, "an open row tapped done with two times queued for it: the last one wins",
                reach: reach) { change, input in
            guard let open = input.selectedOpenTask, let ms = tapTime(input) else { return false }
            change.pendingDoneTimestamps.append(.init(taskId: open.id, ms: ms - 3_600_000))
            change.tap(open.id, done: true, at: ms)
            return true
        },
        .change("taptime.today", .tapTime, "no selection: a today row tapped done with a time (doneOn, no grace on today's rows)",
                reach: reach) { change, input in
            guard let ms = tapTime(input),
                  let id = input.tasks.first(where: { !input.effectiveIsDone($0.task) })?.task["id"]?.stringValue else { return false }
            change.selectedProjectId = nil
            change.tap(id, done: true, at: ms)
            return true
        },
    ]
}

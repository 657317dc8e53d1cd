import Foundation
import WidgetContractTestee
import WidgetSnapshot

// A kit testee on WidgetSnapshot's revision-3 API, as an iOS team linking the library would
// write it: `check --testee swift-kit@$(swift-kit-testee --contract-features)=swift-kit-testee`
// holds it to every field of the features WidgetSnapshot declares (the set 3: everything but the tap-time grace).
Testee.run(features: WidgetSnapshotContract.features) { c in
    let targets = PendingTargets(c.pendingDoneTargets)
    let stamps = PendingTimestamps(c.pendingDoneTimestamps)
    let parse: TesteeView.Parse
    do {
        parse = .tasks(try WidgetData.parse(c.blob, pendingDoneTargets: targets, pendingDoneTimestamps: stamps,
                                            selectedProjectId: c.selectedProjectId, nowMs: c.nowMs))
    } catch {
        parse = .error("\(error)")
    }
    let meta = WidgetData.parseMeta(c.blob)
    let stale = WidgetData.isSnapshotStale(meta, nowMs: c.nowMs)
    // A zone this machine lacks gives no day (CONTRACT.md §4).
    let header = c.timeZone.map { WidgetData.headerFor(meta, nowMs: c.nowMs, timeZone: $0) } ?? (stale ? .outdated(dayMs: nil) : .today)
    var display = WidgetData.display(c.blob, pendingDoneTargets: targets, pendingDoneTimestamps: stamps,
                                     selectedProjectId: c.selectedProjectId, nowMs: c.nowMs,
                                     timeZone: c.timeZone ?? TimeZone(secondsFromGMT: 0)!, capacity: c.capacity)
    if c.timeZone == nil, case .outdated = display.header { display.header = .outdated(day: nil) }
    return TesteeView(parse: parse, meta: meta, stale: stale, header: header, display: display, rowsAnswerDoneOn: true,
                      projects: .reading { try WidgetData.parseProjects(c.blob) },
                      projectTitle: c.selectedProjectId.map { id in .reading { try WidgetData.projectTitle(c.blob, projectId: id) } } ?? .noTitle,
                      currentTask: .init(WidgetData.currentTask(c.blob)))
}

import Foundation

/// The display question (CONTRACT.md §9): what Android's widget paints for a snapshot, so an
/// iOS widget that draws `WidgetData.display(…)` shows the same rows, dots and header.
extension WidgetData {
    /// Android's widget shows at most this many rows (`TaskListWidgetService.MAX_TASKS`), and it
    /// is the capacity of a case that names none.
    public static let androidCapacity = 20

    /// What a widget of `capacity` rows shows (CONTRACT.md §9.1–§9.3), never failing:
    /// - the rows: `parse` (revision 2's, with the selection) in order, the first `capacity`
    ///   of them; with a selection, `projectTitle` runs first in the same `try`, so a blob whose
    ///   `projects` list is broken shows no rows even when `parse` alone would succeed; any
    ///   failure → no rows;
    /// - each row's dot: `WidgetDotColor.android(projectColor)`;
    /// - `moreCount`: the rows the list has beyond the capacity (0 when it failed);
    /// - the header: the selected project's title when `projectTitle` finds one (a failure
    ///   there is no title), else `today` / `outdated` from the stamp, with the local day of
    ///   `dayMs` in `timeZone`;
    /// - the empty view: shown when no row is on screen.
    public static func display(_ blob: [UInt8], pendingDoneTargets: PendingTargets = .none,
                               pendingDoneTimestamps: PendingTimestamps = .none, selectedProjectId: String?,
                               nowMs: Int64, timeZone: TimeZone, capacity: Int = androidCapacity) -> WidgetDisplay {
        let document = Result { () throws(SnapshotParseError) in try SnapshotDocument(blob: blob) }
        let rows = document.flatMap { document in
            Result { () throws(SnapshotParseError) in
                try document.rows(pendingDoneTargets: pendingDoneTargets, pendingDoneTimestamps: pendingDoneTimestamps,
                                  selectedProjectId: selectedProjectId, nowMs: nowMs)
            }
        }
        let title = selectedProjectId.map { id in
            document.flatMap { document in Result { () throws(SnapshotParseError) in try document.projectTitle(id: id) } }
        }
        return display(rows: rows, projectTitle: title, meta: (try? document.get())?.meta ?? .unknown,
                       nowMs: nowMs, timeZone: timeZone, capacity: capacity)
    }

    /// The answer from the questions it is built on, each asked once: `rows`, `parse`'s answer
    /// (revision 2's, with the selection); `projectTitle`, the selection's (nil: no selection);
    /// `meta`, the stamp (`.unknown` for a blob that is not a JSON object).
    package static func display(rows: Result<[WidgetTaskRow], SnapshotParseError>,
                                projectTitle: Result<String?, SnapshotParseError>?, meta: SnapshotMeta,
                                nowMs: Int64, timeZone: TimeZone, capacity: Int = androidCapacity) -> WidgetDisplay {
        precondition(capacity >= 0, "a widget shows zero rows or more")
        // projectTitle runs first in the same try as parse: its failure empties the list too.
        var titleFailed = false
        if case .failure? = projectTitle { titleFailed = true }
        let listed = titleFailed ? [] : (try? rows.get()) ?? []
        let shown = listed.prefix(capacity).map { row in
            WidgetDisplayRow(id: row.id, title: row.title, isDone: row.isDone, dot: row.projectColor.flatMap(WidgetDotColor.android))
        }
        return WidgetDisplay(rows: shown, moreCount: listed.count - shown.count,
                             header: displayHeader(projectTitle: try? projectTitle?.get(), meta: meta, nowMs: nowMs, timeZone: timeZone),
                             showsEmptyView: shown.isEmpty)
    }

    public static func display(_ json: String, pendingDoneTargets: PendingTargets = .none,
                               pendingDoneTimestamps: PendingTimestamps = .none, selectedProjectId: String?,
                               nowMs: Int64, timeZone: TimeZone, capacity: Int = androidCapacity) -> WidgetDisplay {
        display(Array(json.utf8), pendingDoneTargets: pendingDoneTargets, pendingDoneTimestamps: pendingDoneTimestamps,
                selectedProjectId: selectedProjectId, nowMs: nowMs, timeZone: timeZone, capacity: capacity)
    }

    /// The provider's header: the project's title, else the stamp's verdict.
    private static func displayHeader(projectTitle: String?, meta: SnapshotMeta, nowMs: Int64,
                                      timeZone: TimeZone) -> WidgetDisplayHeader {
        if let projectTitle {
            return .project(title: projectTitle)
        }
        switch headerFor(meta, nowMs: nowMs, timeZone: timeZone) {
        case .today: return .today
        case .outdated(let dayMs): return .outdated(day: dayMs.map { localDay(ofMs: $0, timeZone: timeZone) })
        }
    }

    /// The calendar day that holds the instant `ms` in `timeZone` (what Android's
    /// `DateUtils.formatDateTime` names, without its words).
    public static func localDay(ofMs ms: Int64, timeZone: TimeZone) -> WidgetCalendarDay {
        let seconds = ms >= 0 ? ms / 1000 : (ms - 999) / 1000
        let offset = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds)))
        return WidgetCalendarDay(epochMs: ms, offsetSeconds: offset)
    }
}

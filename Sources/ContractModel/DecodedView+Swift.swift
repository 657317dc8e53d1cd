import Foundation
import WidgetSnapshot

/// The Swift reader (the product, `WidgetSnapshot`) seen through the contract: one blob in,
/// one comparable view out, exactly as an iOS widget would call the library.

extension DecodedView {
    /// Everything the Swift reader decides for one blob, as a comparable view, through the
    /// functions an app calls: `WidgetData.parse` (revision 2's, with the tap times, the
    /// selection and the instant), `parseMeta`, `isSnapshotStale`, `headerFor`,
    /// `parseProjects`, `projectTitle` (only with a selection, as a project widget asks it),
    /// `currentTask` (revision 3) —
    /// so a change to any of them fails the gate; the blob is read once per call, as an app
    /// calling each reads it. The revision-1 `parse(_:pendingDoneTargets:)` answers the same
    /// rows without `doneOn` (RevisionTableTests holds both to one table).
    package static func decode(id: String, blob: [UInt8], pendingDoneTargets: PendingTargets,
                              pendingDoneTimestamps: PendingTimestamps = .none, selectedProjectId: String? = nil,
                              capacity: Int = Case.androidCapacity, nowMs: Int64, timeZone: TimeZone?) -> DecodedView {
        let parse: Parse
        var rowValues: [[String: ViewValue]] = []
        do {
            let rows = try WidgetData.parse(blob, pendingDoneTargets: pendingDoneTargets, pendingDoneTimestamps: pendingDoneTimestamps,
                                            selectedProjectId: selectedProjectId, nowMs: nowMs)
            parse = .tasks(rows.map { WidgetTaskRow(id: $0.id, title: $0.title, isDone: $0.isDone, projectColor: $0.projectColor) })
            rowValues = rows.map { ["doneOn": .optionalInt($0.doneOn)] }
        } catch {
            parse = .error(error.description)
        }
        let meta = WidgetData.parseMeta(blob)
        let stale = WidgetData.isSnapshotStale(meta, nowMs: nowMs)
        // The public headerFor, as the widget calls it (so a change to it fails the gate);
        // a zone Foundation lacks gives no day (CONTRACT.md §4).
        let header = timeZone.map { WidgetData.headerFor(meta, nowMs: nowMs, timeZone: $0) }
            ?? (stale ? .outdated(dayMs: nil) : .today)
        var added: [String: ViewValue] = [:]
        do {
            added["projects"] = .projects(try WidgetData.parseProjects(blob))
        } catch {
            added["projects"] = .error(error.description)
        }
        if let selectedProjectId {
            do {
                added["projectTitle"] = .optionalText(try WidgetData.projectTitle(blob, projectId: selectedProjectId))
            } catch {
                added["projectTitle"] = .error(error.description)
            }
        } else {
            added["projectTitle"] = .null
        }
        added["display"] = .display(display(blob, pendingDoneTargets: pendingDoneTargets, pendingDoneTimestamps: pendingDoneTimestamps,
                                            selectedProjectId: selectedProjectId, capacity: capacity, nowMs: nowMs, timeZone: timeZone))
        added["currentTask"] = .currentTask(WidgetData.currentTask(blob))
        return DecodedView(id: id, parse: parse, meta: meta, stale: stale, header: header, added: added, addedRowValues: rowValues)
    }

    /// `WidgetData.display` as the widget calls it (CONTRACT.md §9); a zone Foundation lacks
    /// gives no header day, as it gives no `dayMs`.
    private static func display(_ blob: [UInt8], pendingDoneTargets: PendingTargets, pendingDoneTimestamps: PendingTimestamps,
                                selectedProjectId: String?, capacity: Int, nowMs: Int64, timeZone: TimeZone?) -> WidgetDisplay {
        var answer = WidgetData.display(blob, pendingDoneTargets: pendingDoneTargets, pendingDoneTimestamps: pendingDoneTimestamps,
                                        selectedProjectId: selectedProjectId, nowMs: nowMs,
                                        timeZone: timeZone ?? TimeZone(secondsFromGMT: 0)!, capacity: capacity)
        if timeZone == nil, case .outdated = answer.header { answer.header = .outdated(day: nil) }
        return answer
    }
}

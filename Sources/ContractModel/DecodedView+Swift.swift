import Foundation
import WidgetSnapshot

/// The Swift reader (the product, `WidgetSnapshot`) seen through the contract: one blob in,
/// one comparable view out, exactly as an iOS widget would call the library.

extension DecodedView {
    /// Everything the Swift reader decides for one blob, as a comparable view. The blob is
    /// parsed once into a `SnapshotDocument` (CONTRACT.md §8.4: one scan for all), as a widget
    /// provider that asks every question would: `rows(…selectedProjectId:nowMs:)` (revision 2's
    /// parse, with the tap times, the selection and the instant), `meta` with the public
    /// `isSnapshotStale` and `headerFor`, `projectList()`, `projectTitle` (only with a
    /// selection, as a project widget asks it; matched on that list), `WidgetData.display`
    /// built on those answers, and `trackedTask` (revision 3). A blob that is not a JSON
    /// object fails `parse`, `projects` and `projectTitle` with the document's error. The
    /// one-blob functions (`WidgetData.parse`, `parseProjects`, …) are each that document
    /// and one of its questions; RevisionTableTests and DisplayTableTests hold them to the
    /// same tables.
    package static func decode(id: String, blob: [UInt8], pendingDoneTargets: PendingTargets,
                              pendingDoneTimestamps: PendingTimestamps = .none, selectedProjectId: String? = nil,
                              capacity: Int = Case.androidCapacity, nowMs: Int64, timeZone: TimeZone?) -> DecodedView {
        decode(id: id, document: Result { () throws(SnapshotParseError) in try SnapshotDocument(blob: blob) },
               pendingDoneTargets: pendingDoneTargets, pendingDoneTimestamps: pendingDoneTimestamps,
               selectedProjectId: selectedProjectId, capacity: capacity, nowMs: nowMs, timeZone: timeZone)
    }

    /// The same for a blob already parsed (or not parseable): a blob read at several
    /// instants (`fuzz states`'s writer blobs) is parsed once for all of them.
    package static func decode(id: String, document: Result<SnapshotDocument, SnapshotParseError>, pendingDoneTargets: PendingTargets,
                              pendingDoneTimestamps: PendingTimestamps = .none, selectedProjectId: String? = nil,
                              capacity: Int = Case.androidCapacity, nowMs: Int64, timeZone: TimeZone?) -> DecodedView {
        let rows = document.flatMap { document in
            Result { () throws(SnapshotParseError) in
                try document.rows(pendingDoneTargets: pendingDoneTargets, pendingDoneTimestamps: pendingDoneTimestamps,
                                  selectedProjectId: selectedProjectId, nowMs: nowMs)
            }
        }
        let parse: Parse
        var rowValues: [AddedValues] = []
        switch rows {
        case .success(let rows):
            parse = .tasks(rows.map { WidgetTaskRow(id: $0.id, title: $0.title, isDone: $0.isDone, projectColor: $0.projectColor) })
            rowValues = rows.map { AddedValues("doneOn", .optionalInt($0.doneOn)) }
        case .failure(let error):
            parse = .error(error.description)
        }
        let meta = (try? document.get())?.meta ?? .unknown
        let stale = WidgetData.isSnapshotStale(meta, nowMs: nowMs)
        // The public headerFor, as the widget calls it (so a change to it fails the gate);
        // a zone Foundation lacks gives no day (CONTRACT.md §4).
        let header = timeZone.map { WidgetData.headerFor(meta, nowMs: nowMs, timeZone: $0) }
            ?? (stale ? .outdated(dayMs: nil) : .today)
        let projects = document.flatMap { document in Result { () throws(SnapshotParseError) in try document.projectList() } }
        let title = selectedProjectId.map { id in projects.map { SnapshotDocument.projectTitle(id: id, in: $0) } }
        let added: AddedValues = [
            "projects": value(projects) { .projects($0) },
            "projectTitle": title.map { value($0) { .optionalText($0) } } ?? .null,
            "display": .display(display(rows: rows, projectTitle: title, meta: meta, capacity: capacity, nowMs: nowMs, timeZone: timeZone)),
            "currentTask": .currentTask((try? document.get())?.trackedTask),
        ]
        return DecodedView(id: id, parse: parse, meta: meta, stale: stale, header: header, added: added, addedRowValues: rowValues)
    }

    /// An answer as the view's value: `success`'s, or the error's text.
    private static func value<Answer>(_ answer: Result<Answer, SnapshotParseError>, _ success: (Answer) -> ViewValue) -> ViewValue {
        switch answer {
        case .success(let answer): success(answer)
        case .failure(let error): .error(error.description)
        }
    }

    /// `WidgetData.display` as the widget calls it (CONTRACT.md §9), on the answers above; a
    /// zone Foundation lacks gives no header day, as it gives no `dayMs`.
    private static func display(rows: Result<[WidgetTaskRow], SnapshotParseError>, projectTitle: Result<String?, SnapshotParseError>?,
                                meta: SnapshotMeta, capacity: Int, nowMs: Int64, timeZone: TimeZone?) -> WidgetDisplay {
        var answer = WidgetData.display(rows: rows, projectTitle: projectTitle, meta: meta, nowMs: nowMs,
                                        timeZone: timeZone ?? TimeZone(secondsFromGMT: 0)!, capacity: capacity)
        if timeZone == nil, case .outdated = answer.header { answer.header = .outdated(day: nil) }
        return answer
    }
}

import ContractModel
import Foundation
import ReferenceDecoder
import WidgetSnapshot

/// The C reference's answers to the questions revisions 2 and later add (CONTRACT.md §8),
/// through its C API (`rd_parse`, `rd_parse_projects`, `rd_project_title`,
/// `rd_current_task_read`), as the view's values: the rows with `doneOn`, `projects`,
/// `projectTitle`, `currentTask`. Nil where C ran out of memory.
extension CReference {
    /// A queued tap's time: the task id's exact bytes and the tap's epoch ms.
    package struct PendingTime: Sendable {
        package var id: [UInt8]
        package var ms: Int64
        package init(id: [UInt8], ms: Int64) {
            self.id = id
            self.ms = ms
        }
    }

    /// Revision 2's parse: the rows (without `doneOn`, the typed part) and each row's added
    /// values (`doneOn`).
    static func rows(blob: UnsafeBufferPointer<UInt8>, pending: UnsafeBufferPointer<rd_pending>, times: [PendingTime],
                     selectedProjectId: [UInt8]?, nowMs: Int64) -> (DecodedView.Parse, [[String: ViewValue]])? {
        let ids = times.map { ContiguousArray($0.id.map { CChar(bitPattern: $0) }) } + [ContiguousArray((selectedProjectId ?? []).map { CChar(bitPattern: $0) })]
        return withPointers(ids) { pointers in
            let stamps = times.indices.map { rd_pending_time(id: pointers[$0], id_len: ids[$0].count, done_at_ms: times[$0].ms) }
            return stamps.withUnsafeBufferPointer { stamps in
                var query = rd_parse_query(blob: blob.baseAddress, blob_len: blob.count, pending: pending.baseAddress,
                                           pending_count: pending.count, pending_times: stamps.baseAddress, pending_time_count: stamps.count,
                                           selected_project_id: selectedProjectId == nil ? nil : pointers[times.count],
                                           selected_project_id_len: ids[times.count].count, now_ms: nowMs)
                guard let result = rd_parse(&query) else { return nil }
                defer { rd_rows_free(result) }
                guard result.pointee.parse_ok != 0 else {
                    return (.error(result.pointee.error.map { String(cString: $0) } ?? "error"), [])
                }
                var rows: [WidgetTaskRow] = []
                var values: [[String: ViewValue]] = []
                rows.reserveCapacity(result.pointee.row_count)
                values.reserveCapacity(result.pointee.row_count)
                for index in 0..<result.pointee.row_count {
                    let row = result.pointee.rows[index]
                    rows.append(WidgetTaskRow(id: DecodedView.text(row.id, row.id_len) ?? "", title: DecodedView.text(row.title, row.title_len) ?? "",
                                              isDone: row.is_done != 0, projectColor: DecodedView.text(row.project_color, row.project_color_len)))
                    values.append(["doneOn": .optionalInt(row.has_done_on != 0 ? row.done_on : nil)])
                }
                return (.tasks(rows), values)
            }
        }
    }

    /// `parseProjects`: the list, or the error.
    static func projects(blob: UnsafeBufferPointer<UInt8>) -> ViewValue? {
        guard let list = rd_parse_projects(blob.baseAddress, blob.count) else { return nil }
        defer { rd_projects_free(list) }
        guard list.pointee.ok != 0 else { return .error(list.pointee.error.map { String(cString: $0) } ?? "error") }
        return .list((0..<list.pointee.count).map { index in
            let project = list.pointee.projects[index]
            return .object(at: "projects[]", ["id": .text(DecodedView.text(project.id, project.id_len) ?? ""),
                                              "title": .text(DecodedView.text(project.title, project.title_len) ?? "")])
        })
    }

    /// `projectTitle` of the selection: the title, null when none matches, or the error.
    static func projectTitle(blob: UnsafeBufferPointer<UInt8>, selectedProjectId: [UInt8]) -> ViewValue? {
        var title: UnsafeMutablePointer<CChar>?
        var length = 0
        var error: UnsafeMutablePointer<CChar>?
        let id = selectedProjectId.map { CChar(bitPattern: $0) }
        let found = id.withUnsafeBufferPointer { rd_project_title(blob.baseAddress, blob.count, $0.baseAddress, $0.count, &title, &length, &error) }
        defer {
            free(title)
            free(error)
        }
        switch found {
        case 1: return .optionalText(DecodedView.text(title, length))
        case 0: return .null
        case -1: return .error(error.map { String(cString: $0) } ?? "error")
        default: return nil
        }
    }

    /// `currentTask`: the tracked task, or null.
    static func currentTask(blob: UnsafeBufferPointer<UInt8>) -> ViewValue? {
        var task: UnsafeMutablePointer<rd_current_task>?
        guard rd_current_task_read(blob.baseAddress, blob.count, &task) >= 0 else { return nil }
        defer { rd_current_task_free(task) }
        guard let t = task?.pointee else { return .null }
        return .object(at: "currentTask", [
            "id": .text(DecodedView.text(t.id, t.id_len) ?? ""), "title": .text(DecodedView.text(t.title, t.title_len) ?? ""),
            "projectId": .optionalText(DecodedView.text(t.project_id, t.project_id_len)),
            "deviceLabel": .text(DecodedView.text(t.device_label, t.device_label_len) ?? ""), "isLocal": .bool(t.is_local != 0),
            "sinceTs": .optionalInt(t.has_since_ts != 0 ? t.since_ts : nil),
            "focusCycle": .optionalInt(t.has_focus_cycle != 0 ? Int64(t.focus_cycle) : nil),
        ])
    }

    /// Stable pointers to each byte array for the duration of `body`.
    private static func withPointers<Result>(_ arrays: [ContiguousArray<CChar>], _ body: ([UnsafePointer<CChar>?]) -> Result) -> Result {
        let copies = arrays.map { array -> UnsafeMutablePointer<CChar> in
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: max(array.count, 1))
            array.withUnsafeBufferPointer { if let base = $0.baseAddress, !$0.isEmpty { copy.initialize(from: base, count: $0.count) } }
            return copy
        }
        defer { copies.forEach { $0.deallocate() } }
        return body(copies.map { UnsafePointer($0) })
    }
}

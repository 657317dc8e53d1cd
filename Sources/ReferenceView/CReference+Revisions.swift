import ContractModel
import Foundation
import ReferenceDecoder
import WidgetSnapshot

/// The C reference's answers to the questions revisions 2 and later add (CONTRACT.md §8),
/// asked of the case's one document through its C API (`rd_document_parse`,
/// `rd_document_projects`, `rd_document_project_title`, `rd_document_current_task`), as the
/// view's values: the rows with `doneOn`, `projects`, `projectTitle`, `currentTask`. Nil
/// where C ran out of memory.
extension CReference {
    /// Revision 2's parse: the rows (without `doneOn`, the typed part) and each row's added
    /// values (`doneOn`).
    static func rows(_ document: OpaquePointer, _ query: rd_parse_query) -> (DecodedView.Parse, [AddedValues])? {
        var query = query
        return asked({ rd_document_parse(document, &query) }, freedBy: rd_rows_free) { result in
            guard result.parse_ok != 0 else { return (.error(reason(result.error)), []) }
            let rows = (0..<result.row_count).map { result.rows[$0] }
            return (.tasks(rows.map(WidgetTaskRow.init)), rows.map { AddedValues("doneOn", .optionalInt($0.has_done_on != 0 ? $0.done_on : nil)) })
        }
    }

    /// `parseProjects`: the list, or the error.
    static func projects(_ document: OpaquePointer) -> ViewValue? {
        asked({ rd_document_projects(document) }, freedBy: rd_projects_free) { list in
            guard list.ok != 0 else { return .error(reason(list.error)) }
            return .list((0..<list.count).map { index in
                let project = list.projects[index]
                return ViewValue.projectShape.object(["id": .text(DecodedView.text(project.id, project.id_len) ?? ""),
                                                        "title": .text(DecodedView.text(project.title, project.title_len) ?? "")])
            })
        }
    }

    /// `projectTitle` of the query's selection: the title, null when none matches, or the error.
    static func projectTitle(_ document: OpaquePointer, _ query: rd_parse_query) -> ViewValue? {
        var title: UnsafeMutablePointer<CChar>?
        var length = 0
        var error: UnsafeMutablePointer<CChar>?
        let found = rd_document_project_title(document, query.selected_project_id, query.selected_project_id_len, &title, &length, &error)
        defer {
            free(title)
            free(error)
        }
        switch found {
        case 1: return .optionalText(DecodedView.text(title, length))
        case 0: return .null
        case -1: return .error(reason(error))
        default: return nil
        }
    }

    /// `currentTask`: the tracked task, or null.
    static func currentTask(_ document: OpaquePointer) -> ViewValue? {
        var task: UnsafeMutablePointer<rd_current_task>?
        guard rd_document_current_task(document, &task) >= 0 else { return nil }
        defer { rd_current_task_free(task) }
        guard let t = task?.pointee else { return .null }
        return ViewValue.currentTaskShape.object([
            "id": .text(DecodedView.text(t.id, t.id_len) ?? ""), "title": .text(DecodedView.text(t.title, t.title_len) ?? ""),
            "projectId": .optionalText(DecodedView.text(t.project_id, t.project_id_len)),
            "deviceLabel": .text(DecodedView.text(t.device_label, t.device_label_len) ?? ""), "isLocal": .bool(t.is_local != 0),
            "sinceTs": .optionalInt(t.has_since_ts != 0 ? t.since_ts : nil),
            "focusCycle": .optionalInt(t.has_focus_cycle != 0 ? Int64(t.focus_cycle) : nil),
        ])
    }
}

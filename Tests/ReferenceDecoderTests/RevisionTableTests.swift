import Foundation
import ReferenceDecoder
import WidgetSnapshot
import XCTest

/// One table for the questions of revisions 2 and 3 (`Tests/Behaviour/revisions.jsonl`,
/// CONTRACT.md §8): every row is asked of the Swift reader and of the C reference, and each
/// answer must be the row's expected one — so both readers are held to the same table
/// (the Kotlin end is held to it by `scripts/kotlin/revision-table`).
final class RevisionTableTests: XCTestCase {
    func testSwiftAndCAnswerEveryRowAsTheTableSays() throws {
        try RevisionTable.assertEveryRowAsTheTableSays(atLeast: 60)
    }

    /// Out of memory at any allocation of any question gives no answer, never a wrong one.
    func testAFailedAllocationNeverChangesAnAnswer() throws {
        try RevisionTable.assertAFailedAllocationNeverChangesAnAnswer(allocations: 40)
    }

    /// The table can fail: a wrong expectation in one row is caught for both readers.
    func testAWrongExpectationIsCaught() throws {
        RevisionTable.assertCaught(try XCTUnwrap(RevisionTable.load().first { $0.id == "parse/grace-at-plus-4999" }), expecting: .rows([]))
    }
}

/// A row of the revision table and the readers' answers in one comparable form.
enum RevisionTable: BehaviourTable {
    struct Row: BehaviourTableRow {
        var id: String
        var question: String
        var input: TableCase
        var projectId: String
        var expect: Answer
    }

    struct Task: Equatable {
        var id: String, title: String, isDone: Bool, projectColor: String?, doneOn: Int64?
    }

    enum Answer: Equatable {
        case error
        case rows([Task])
        case projects([[String]])
        case title(String?)
        case currentTask(WidgetCurrentTask?)
        /// The C reference ran out of memory: no answer (never a wrong one).
        case unavailable
    }

    static let fileName = "revisions.jsonl"
    static let unavailable = Answer.unavailable

    static func row(_ line: BehaviourLine) throws -> Row {
        func string(_ value: JSONValue?) -> String? { BehaviourLine.string(value) }
        func integer(_ value: JSONValue?) -> Int64? { BehaviourLine.integer(value) }
        let expect = try XCTUnwrap(line["expect"]?.objectValue)
        let question = try XCTUnwrap(line.string("question"))
        let answer: Answer
        if expect["error"] != nil {
            answer = .error
        } else if let rows = expect["rows"]?.arrayValue {
            answer = .rows(rows.map { row in
                let items = row.arrayValue ?? []
                return Task(id: items[0].stringValue?.string ?? "", title: items[1].stringValue?.string ?? "",
                            isDone: items[2] == .bool(true), projectColor: items[3].stringValue?.string, doneOn: integer(items[4]))
            })
        } else if let projects = expect["projects"]?.arrayValue {
            answer = .projects(projects.map { ($0.arrayValue ?? []).compactMap { $0.stringValue?.string } })
        } else if let title = expect["title"] {
            answer = .title(title.stringValue?.string)
        } else {
            let task = expect["currentTask"]?.objectValue
            answer = .currentTask(task.map { task in
                var cycle: Int32?
                if let n = integer(task["focusCycle"]) { cycle = Int32(n) }
                return WidgetCurrentTask(id: task["id"]?.stringValue?.string ?? "", title: task["title"]?.stringValue?.string ?? "",
                                         projectId: task["projectId"]?.stringValue?.string,
                                         deviceLabel: task["deviceLabel"]?.stringValue?.string ?? "",
                                         isLocal: task["isLocal"] == .bool(true), sinceTs: integer(task["sinceTs"]), focusCycle: cycle)
            })
        }
        return Row(id: line.string("id") ?? "", question: question, input: line.input, projectId: line.string("projectId") ?? "",
                   expect: answer)
    }

    // MARK: Swift

    static func swiftAnswer(_ row: Row) -> Answer {
        let input = row.input
        do {
            switch row.question {
            case "parse":
                let rows = try WidgetData.parse(input.blob, pendingDoneTargets: input.pendingDoneTargets,
                                                pendingDoneTimestamps: input.pendingDoneTimestamps,
                                                selectedProjectId: input.selectedProjectId, nowMs: input.nowMs)
                return .rows(rows.map { Task(id: $0.id, title: $0.title, isDone: $0.isDone, projectColor: $0.projectColor, doneOn: $0.doneOn) })
            case "parseProjects":
                return .projects(try WidgetData.parseProjects(input.blob).map { [$0.id, $0.title] })
            case "projectTitle":
                return .title(try WidgetData.projectTitle(input.blob, projectId: row.projectId))
            default:
                return .currentTask(WidgetData.currentTask(input.blob))
            }
        } catch {
            return .error
        }
    }

    // MARK: C

    static func cAnswer(_ row: Row, document: OpaquePointer?) -> Answer {
        row.input.withQuery { query in
            switch row.question {
            case "parse":
                var query = query
                guard let result = document.map({ rd_document_parse($0, &query) }) ?? rd_parse(&query) else { return .unavailable }
                defer { rd_rows_free(result) }
                guard result.pointee.parse_ok != 0 else { return .error }
                return .rows((0..<result.pointee.row_count).map { index in
                    let r = result.pointee.rows[index]
                    return Task(id: text(r.id, r.id_len) ?? "", title: text(r.title, r.title_len) ?? "", isDone: r.is_done != 0,
                                projectColor: text(r.project_color, r.project_color_len), doneOn: r.has_done_on != 0 ? r.done_on : nil)
                })
            case "parseProjects":
                guard let list = document.map(rd_document_projects) ?? rd_parse_projects(query.blob, query.blob_len) else { return .unavailable }
                defer { rd_projects_free(list) }
                guard list.pointee.ok != 0 else { return .error }
                return .projects((0..<list.pointee.count).map { index in
                    let project = list.pointee.projects[index]
                    return [text(project.id, project.id_len) ?? "", text(project.title, project.title_len) ?? ""]
                })
            case "projectTitle":
                var title: UnsafeMutablePointer<CChar>?, length = 0
                let id = Array(row.projectId.utf8).map { CChar(bitPattern: $0) }
                let found = id.withUnsafeBufferPointer { id in
                    document.map { rd_document_project_title($0, id.baseAddress, id.count, &title, &length, nil) }
                        ?? rd_project_title(query.blob, query.blob_len, id.baseAddress, id.count, &title, &length, nil)
                }
                defer { free(title) }
                return found == -2 ? .unavailable : found < 0 ? .error : .title(text(title, length))
            default:
                var task: UnsafeMutablePointer<rd_current_task>?
                let read = document.map { rd_document_current_task($0, &task) } ?? rd_current_task_read(query.blob, query.blob_len, &task)
                guard read >= 0 else { return .unavailable }
                defer { rd_current_task_free(task) }
                return .currentTask(task.map { task in
                    let t = task.pointee
                    return WidgetCurrentTask(id: text(t.id, t.id_len) ?? "", title: text(t.title, t.title_len) ?? "",
                                             projectId: text(t.project_id, t.project_id_len),
                                             deviceLabel: text(t.device_label, t.device_label_len) ?? "", isLocal: t.is_local != 0,
                                             sinceTs: t.has_since_ts != 0 ? t.since_ts : nil,
                                             focusCycle: t.has_focus_cycle != 0 ? t.focus_cycle : nil)
                })
            }
        }
    }

    private static func text(_ pointer: UnsafeMutablePointer<CChar>?, _ length: Int) -> String? { TableCase.text(pointer, length) }
}

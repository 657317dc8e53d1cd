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
        let rows = try RevisionTable.load()
        XCTAssertGreaterThan(rows.count, 60, "the table was read whole")
        for row in rows {
            XCTAssertEqual(RevisionTable.swiftAnswer(row), row.expect, "Swift: \(row.id)")
            XCTAssertEqual(RevisionTable.cAnswer(row), row.expect, "C: \(row.id)")
        }
    }

    /// Out of memory at any allocation of any question gives no answer, never a wrong one.
    func testAFailedAllocationNeverChangesAnAnswer() throws {
        var unavailable = 0
        for row in try RevisionTable.load() {
            for n in 0..<40 {
                rd_test_fail_allocations_after(n)
                let answer = RevisionTable.cAnswer(row)
                rd_test_fail_allocations_after(-1)
                if answer == .unavailable { unavailable += 1 } else { XCTAssertEqual(answer, row.expect, "\(row.id), allocation \(n)") }
            }
        }
        XCTAssertGreaterThan(unavailable, 100, "the hook reaches the questions' allocations")
    }

    /// The table can fail: a wrong expectation in one row is caught for both readers.
    func testAWrongExpectationIsCaught() throws {
        var row = try XCTUnwrap(RevisionTable.load().first { $0.id == "parse/grace-at-plus-4999" })
        row.expect = .rows([])
        XCTAssertNotEqual(RevisionTable.swiftAnswer(row), row.expect)
        XCTAssertNotEqual(RevisionTable.cAnswer(row), row.expect)
    }
}

/// A row of the revision table and the readers' answers in one comparable form.
enum RevisionTable {
    struct Row {
        var id: String
        var question: String
        var blob: [UInt8]
        var taps: [(String, Bool)]
        var tapTimes: [(String, Int64)]
        var selectedProjectId: String?
        var nowMs: Int64
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

    static func load() throws -> [Row] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Behaviour/revisions.jsonl")
        let text = try String(contentsOf: url, encoding: .utf8)
        return try text.split(separator: "\n").map { line in try row(JSONParser().parse(String(line))) }
    }

    private static func row(_ value: JSONValue) throws -> Row {
        let object = try XCTUnwrap(value.objectValue)
        func string(_ key: String) -> String? { object[key]?.stringValue?.string }
        func integer(_ value: JSONValue?) -> Int64? { if case .integer(let n)? = value { return n }; return nil }
        func pairs<T>(_ key: String, _ second: (JSONValue) -> T?) -> [(String, T)] {
            (object[key]?.arrayValue ?? []).compactMap { pair in
                guard let items = pair.arrayValue, let id = items.first?.stringValue?.string, let value = second(items[1]) else { return nil }
                return (id, value)
            }
        }
        let expect = try XCTUnwrap(object["expect"]?.objectValue)
        let question = try XCTUnwrap(string("question"))
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
        return Row(id: string("id") ?? "", question: question, blob: Array((string("blob") ?? "").utf8),
                   taps: pairs("taps") { if case .bool(let b) = $0 { return b }; return nil },
                   tapTimes: pairs("tapTimes") { integer($0) }, selectedProjectId: string("selectedProjectId"),
                   nowMs: integer(object["nowMs"]) ?? 0, projectId: string("projectId") ?? "", expect: answer)
    }

    // MARK: Swift

    static func swiftAnswer(_ row: Row) -> Answer {
        do {
            switch row.question {
            case "parse":
                let rows = try WidgetData.parse(row.blob, pendingDoneTargets: PendingTargets(row.taps.map { (taskId: $0.0, isDone: $0.1) }),
                                                pendingDoneTimestamps: PendingTimestamps(row.tapTimes.map { (taskId: $0.0, doneAtMs: $0.1) }),
                                                selectedProjectId: row.selectedProjectId, nowMs: row.nowMs)
                return .rows(rows.map { Task(id: $0.id, title: $0.title, isDone: $0.isDone, projectColor: $0.projectColor, doneOn: $0.doneOn) })
            case "parseProjects":
                return .projects(try WidgetData.parseProjects(row.blob).map { [$0.id, $0.title] })
            case "projectTitle":
                return .title(try WidgetData.projectTitle(row.blob, projectId: row.projectId))
            default:
                return .currentTask(WidgetData.currentTask(row.blob))
            }
        } catch {
            return .error
        }
    }

    // MARK: C

    /// The C reference's answer through the one-blob functions, or asked of `document` (the
    /// row's blob already parsed, `rd_document_*`).
    static func cAnswer(_ row: Row, document: OpaquePointer? = nil) -> Answer {
        row.blob.withUnsafeBufferPointer { blob in
            switch row.question {
            case "parse": return cParse(row, blob, document)
            case "parseProjects":
                guard let list = document.map(rd_document_projects) ?? rd_parse_projects(blob.baseAddress, blob.count) else { return .unavailable }
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
                        ?? rd_project_title(blob.baseAddress, blob.count, id.baseAddress, id.count, &title, &length, nil)
                }
                defer { free(title) }
                return found == -2 ? .unavailable : found < 0 ? .error : .title(text(title, length))
            default:
                var task: UnsafeMutablePointer<rd_current_task>?
                let read = document.map { rd_document_current_task($0, &task) } ?? rd_current_task_read(blob.baseAddress, blob.count, &task)
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

    private static func cParse(_ row: Row, _ blob: UnsafeBufferPointer<UInt8>, _ document: OpaquePointer?) -> Answer {
        let ids = (row.taps.map(\.0) + row.tapTimes.map(\.0) + [row.selectedProjectId ?? ""]).map { Array($0.utf8).map { CChar(bitPattern: $0) } }
        return withPointers(ids) { pointers in
            let taps = row.taps.indices.map { rd_pending(id: pointers[$0], id_len: ids[$0].count, is_done: row.taps[$0].1 ? 1 : 0) }
            let times = row.tapTimes.indices.map { k in
                rd_pending_time(id: pointers[row.taps.count + k], id_len: ids[row.taps.count + k].count, done_at_ms: row.tapTimes[k].1)
            }
            return taps.withUnsafeBufferPointer { taps in
                times.withUnsafeBufferPointer { times in
                    var query = rd_parse_query(blob: blob.baseAddress, blob_len: blob.count, pending: taps.baseAddress,
                                               pending_count: taps.count, pending_times: times.baseAddress, pending_time_count: times.count,
                                               selected_project_id: row.selectedProjectId == nil ? nil : pointers.last!,
                                               selected_project_id_len: ids.last!.count, now_ms: row.nowMs)
                    guard let result = document.map({ rd_document_parse($0, &query) }) ?? rd_parse(&query) else { return .unavailable }
                    defer { rd_rows_free(result) }
                    guard result.pointee.parse_ok != 0 else { return .error }
                    return .rows((0..<result.pointee.row_count).map { index in
                        let r = result.pointee.rows[index]
                        return Task(id: text(r.id, r.id_len) ?? "", title: text(r.title, r.title_len) ?? "", isDone: r.is_done != 0,
                                    projectColor: text(r.project_color, r.project_color_len), doneOn: r.has_done_on != 0 ? r.done_on : nil)
                    })
                }
            }
        }
    }

    /// Stable pointers to each byte array for the duration of `body`.
    private static func withPointers<Result>(_ arrays: [[CChar]], _ body: ([UnsafePointer<CChar>?]) -> Result) -> Result {
        let copies = arrays.map { array -> UnsafeMutablePointer<CChar> in
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: max(array.count, 1))
            copy.initialize(from: array, count: array.count)
            return copy
        }
        defer { copies.forEach { $0.deallocate() } }
        return body(copies.map { UnsafePointer($0) })
    }

    private static func text(_ pointer: UnsafeMutablePointer<CChar>?, _ length: Int) -> String? {
        guard let pointer else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: pointer, count: length), as: UTF8.self)
    }
}

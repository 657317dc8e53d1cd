import Foundation
import ReferenceDecoder
import WidgetSnapshot
import XCTest
import TestSupport

/// One runner for the behaviour tables that hold the Swift reader and the C reference to the
/// same answers (`RevisionTable`: revisions.jsonl, `DisplayTable`: display.jsonl): how a table
/// is read, what a row's case gives each reader, and the checks every table runs — each row
/// answered as it says, and out of memory never changing an answer. A table says only how
/// its own lines read and how each reader answers its questions.
protocol BehaviourTable {
    associatedtype Row: BehaviourTableRow where Row.Answer == Answer
    associatedtype Answer: Equatable
    /// The table's file, in `Tests/Behaviour`.
    static var fileName: String { get }
    /// The row a line of the table gives.
    static func row(_ line: BehaviourLine) throws -> Row
    static func swiftAnswer(_ row: Row) -> Answer
    /// C's answer through the one-blob functions, or asked of `document` (the row's blob
    /// already parsed, `rd_document_*`).
    static func cAnswer(_ row: Row, document: OpaquePointer?) -> Answer
    /// C ran out of memory: no answer (never a wrong one).
    static var unavailable: Answer { get }
}

/// A table row: its name, the case it hands the readers, and the answer it expects.
protocol BehaviourTableRow {
    associatedtype Answer
    var id: String { get }
    var input: TableCase { get }
    var expect: Answer { get set }
}

extension BehaviourTable {
    static func load() throws -> [Row] {
        let url = TestRepository.url("Tests/Behaviour/\(fileName)")
        let text = try String(contentsOf: url, encoding: .utf8)
        return try text.split(separator: "\n").map { line in
            try row(BehaviourLine(XCTUnwrap(JSONParser().parse(String(line)).objectValue)))
        }
    }

    static func cAnswer(_ row: Row) -> Answer { cAnswer(row, document: nil) }

    /// Every row (at least `minimum`: the table was read whole) asked of both readers, each
    /// answer the row's expected one.
    static func assertEveryRowAsTheTableSays(atLeast minimum: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        let rows = try load()
        XCTAssertGreaterThan(rows.count, minimum, "the table was read whole", file: file, line: line)
        for row in rows {
            XCTAssertEqual(swiftAnswer(row), row.expect, "Swift: \(row.id)", file: file, line: line)
            XCTAssertEqual(cAnswer(row), row.expect, "C: \(row.id)", file: file, line: line)
        }
    }

    /// Out of memory at each of the first `allocations` allocations of C's answer to every row
    /// `asked` gives no answer or the expected one; more than `minimum` give none (the hook
    /// reaches the questions' allocations).
    static func assertAFailedAllocationNeverChangesAnAnswer(allocations: Int, atLeast minimum: Int = 100,
                                                            where asked: (Row) -> Bool = { _ in true },
                                                            file: StaticString = #filePath, line: UInt = #line) throws {
        var unavailable = 0
        for row in try load() where asked(row) {
            for n in 0..<allocations {
                rd_test_fail_allocations_after(n)
                let answer = cAnswer(row)
                rd_test_fail_allocations_after(-1)
                if answer == self.unavailable {
                    unavailable += 1
                } else {
                    XCTAssertEqual(answer, row.expect, "\(row.id), allocation \(n)", file: file, line: line)
                }
            }
        }
        XCTAssertGreaterThan(unavailable, minimum, "the hook reaches the questions' allocations", file: file, line: line)
    }

    /// The table can fail: `row` expecting `wrong` is caught for both readers.
    static func assertCaught(_ row: Row, expecting wrong: Answer, file: StaticString = #filePath, line: UInt = #line) {
        var row = row
        row.expect = wrong
        XCTAssertNotEqual(swiftAnswer(row), row.expect, "Swift: \(row.id)", file: file, line: line)
        XCTAssertNotEqual(cAnswer(row), row.expect, "C: \(row.id)", file: file, line: line)
    }
}

/// One line of a behaviour table, with the readings every table uses.
struct BehaviourLine {
    let object: JSONObject

    init(_ object: JSONObject) { self.object = object }

    subscript(key: String) -> JSONValue? { object[key] }

    func string(_ key: String) -> String? { Self.string(object[key]) }
    func integer(_ key: String) -> Int64? { Self.integer(object[key]) }

    static func string(_ value: JSONValue?) -> String? { value?.stringValue?.string }
    static func integer(_ value: JSONValue?) -> Int64? { if case .integer(let n)? = value { return n }; return nil }

    /// `[[id, value], …]` under `key`, the pairs whose value `second` reads.
    func pairs<T>(_ key: String, _ second: (JSONValue) -> T?) -> [(String, T)] {
        (object[key]?.arrayValue ?? []).compactMap { pair in
            guard let items = pair.arrayValue, let id = Self.string(items.first), let value = second(items[1]) else { return nil }
            return (id, value)
        }
    }

    /// The case the line hands the readers.
    var input: TableCase {
        TableCase(blob: Array((string("blob") ?? "").utf8), taps: pairs("taps") { if case .bool(let b) = $0 { return b }; return nil },
                  tapTimes: pairs("tapTimes") { Self.integer($0) }, selectedProjectId: string("selectedProjectId"),
                  nowMs: integer("nowMs") ?? 0)
    }
}

/// What a row hands a reader: the blob, the queued taps and their times, the selection and the
/// instant — as the Swift reader takes them and as C's `rd_parse_query` does.
struct TableCase {
    var blob: [UInt8]
    var taps: [(String, Bool)]
    var tapTimes: [(String, Int64)]
    var selectedProjectId: String?
    var nowMs: Int64

    var pendingDoneTargets: PendingTargets { PendingTargets(taps.map { (taskId: $0.0, isDone: $0.1) }) }
    var pendingDoneTimestamps: PendingTimestamps { PendingTimestamps(tapTimes.map { (taskId: $0.0, doneAtMs: $0.1) }) }

    /// The case as C's query; the blob and every id stay alive while `body` runs.
    func withQuery<Result>(_ body: (rd_parse_query) -> Result) -> Result {
        let ids = (taps.map(\.0) + tapTimes.map(\.0) + [selectedProjectId ?? ""]).map { Array($0.utf8).map { CChar(bitPattern: $0) } }
        let copies = ids.map { id -> UnsafeMutablePointer<CChar> in
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: max(id.count, 1))
            copy.initialize(from: id, count: id.count)
            return copy
        }
        defer { copies.forEach { $0.deallocate() } }
        let pending = taps.indices.map { rd_pending(id: copies[$0], id_len: ids[$0].count, is_done: taps[$0].1 ? 1 : 0) }
        let times = tapTimes.indices.map { k in
            rd_pending_time(id: copies[taps.count + k], id_len: ids[taps.count + k].count, done_at_ms: tapTimes[k].1)
        }
        return blob.withUnsafeBufferPointer { blob in
            pending.withUnsafeBufferPointer { pending in
                times.withUnsafeBufferPointer { times in
                    body(rd_parse_query(blob: blob.baseAddress, blob_len: blob.count, pending: pending.baseAddress,
                                        pending_count: pending.count, pending_times: times.baseAddress, pending_time_count: times.count,
                                        selected_project_id: selectedProjectId == nil ? nil : UnsafePointer(copies.last!),
                                        selected_project_id_len: ids.last!.count, now_ms: nowMs))
                }
            }
        }
    }

    /// C's text (`length` bytes of UTF-8), nil for no pointer.
    static func text(_ pointer: UnsafeMutablePointer<CChar>?, _ length: Int) -> String? {
        guard let pointer else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: pointer, count: length), as: UTF8.self)
    }
}

import Foundation
import ReferenceDecoder
import WidgetSnapshot
import XCTest

/// One table for the display question (`Tests/Behaviour/display.jsonl`, CONTRACT.md §9): every
/// row is asked of the Swift reader (`WidgetData.display`, `WidgetDotColor.android`) and of
/// the C reference (`rd_display_read`, `rd_android_color`), and each answer must be the
/// row's expected one (the Kotlin end is held to it by `scripts/kotlin/display-table`).
final class DisplayTableTests: XCTestCase {
    func testSwiftAndCAnswerEveryRowAsTheTableSays() throws {
        let rows = try DisplayTable.load()
        XCTAssertGreaterThan(rows.count, 150, "the table was read whole")
        for row in rows {
            XCTAssertEqual(DisplayTable.swiftAnswer(row), row.expect, "Swift: \(row.id)")
            XCTAssertEqual(DisplayTable.cAnswer(row), row.expect, "C: \(row.id)")
        }
    }

    /// Every UTF-16 unit as a hex digit (`#` + six of it) and as a name letter: Swift and C
    /// read each the same, so the non-ASCII digit blocks and case folds cannot drift apart.
    func testSwiftAndCReadEveryUnitAlike() {
        var painted = 0
        for unit in UInt32(0)...0xFFFF where !(0xD800...0xDFFF).contains(unit) {
            let scalar = String(Character(Unicode.Scalar(unit)!))
            for text in ["#" + String(repeating: scalar, count: 6), "blac" + scalar, "#-" + String(repeating: scalar, count: 7)] {
                let swift = WidgetDotColor.android(text)?.hex
                XCTAssertEqual(swift, DisplayTable.cColor(text), "U+\(String(unit, radix: 16)) in \(text.debugDescription)")
                if swift != nil { painted += 1 }
            }
        }
        // 22 hex units in ASCII and 372 beyond (JDK 17's Character.digit over every unit), each in
        // two texts; `blac` + k, K, U+212A.
        XCTAssertEqual(painted, (22 + 372) * 2 + 3)
    }

    /// Out of memory at any allocation gives no answer, never a wrong one.
    func testAFailedAllocationNeverChangesAnAnswer() throws {
        var unavailable = 0
        for row in try DisplayTable.load() where row.question == "display" {
            for n in 0..<30 {
                rd_test_fail_allocations_after(n)
                let answer = DisplayTable.cAnswer(row)
                rd_test_fail_allocations_after(-1)
                if answer == .unavailable { unavailable += 1 } else { XCTAssertEqual(answer, row.expect, "\(row.id), allocation \(n)") }
            }
        }
        XCTAssertGreaterThan(unavailable, 100, "the hook reaches the display's allocations")
    }

    /// The table can fail: a wrong expectation in a row is caught for both readers.
    func testAWrongExpectationIsCaught() throws {
        let rows = try DisplayTable.load()
        var row = try XCTUnwrap(rows.first { $0.id == "display/project-list-broken-empties-rows" })
        guard case .display(let expected) = row.expect else { return XCTFail("a display row") }
        var wrong = expected
        wrong.empty = false
        row.expect = .display(wrong)
        XCTAssertNotEqual(DisplayTable.swiftAnswer(row), row.expect)
        XCTAssertNotEqual(DisplayTable.cAnswer(row), row.expect)
        var colour = try XCTUnwrap(rows.first { $0.id == "color/rgb-inbox" })
        colour.expect = .dot("#FF90BBA5")
        XCTAssertNotEqual(DisplayTable.swiftAnswer(colour), colour.expect)
        XCTAssertNotEqual(DisplayTable.cAnswer(colour), colour.expect)
    }
}

/// A row of the display table and the readers' answers in one comparable form.
enum DisplayTable {
    struct Row {
        var id: String
        var question: String
        var color: String
        var blob: [UInt8]
        var taps: [(String, Bool)]
        var tapTimes: [(String, Int64)]
        var selectedProjectId: String?
        var nowMs: Int64
        var timeZone: String
        var capacity: Int
        var expect: Answer
    }

    struct Shown: Equatable {
        var id: String, title: String, isDone: Bool, dot: String?
    }

    struct Display: Equatable {
        var rows: [Shown]
        var more: Int
        var kind: String, title: String?, day: String?
        var empty: Bool
    }

    enum Answer: Equatable {
        case dot(String?)
        case display(Display)
        /// The C reference ran out of memory: no answer (never a wrong one).
        case unavailable
    }

    static func load() throws -> [Row] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Behaviour/display.jsonl")
        let text = try String(contentsOf: url, encoding: .utf8)
        return try text.split(separator: "\n").map { line in try row(JSONParser().parse(String(line))) }
    }

    private static func row(_ value: JSONValue) throws -> Row {
        let object = try XCTUnwrap(value.objectValue)
        func string(_ value: JSONValue?) -> String? { value?.stringValue?.string }
        func integer(_ value: JSONValue?) -> Int64? { if case .integer(let n)? = value { return n }; return nil }
        func pairs<T>(_ key: String, _ second: (JSONValue) -> T?) -> [(String, T)] {
            (object[key]?.arrayValue ?? []).compactMap { pair in
                guard let items = pair.arrayValue, let id = string(items.first), let value = second(items[1]) else { return nil }
                return (id, value)
            }
        }
        let expect = try XCTUnwrap(object["expect"]?.objectValue)
        let answer: Answer
        if let dot = expect["dot"] {
            answer = .dot(string(dot))
        } else {
            let header = try XCTUnwrap(expect["header"]?.objectValue)
            answer = .display(Display(
                rows: (expect["rows"]?.arrayValue ?? []).map { row in
                    let items = row.arrayValue ?? []
                    return Shown(id: string(items[0]) ?? "", title: string(items[1]) ?? "", isDone: items[2] == .bool(true), dot: string(items[3]))
                },
                more: Int(integer(expect["more"]) ?? -1), kind: string(header["kind"]) ?? "", title: string(header["title"]),
                day: string(header["day"]), empty: expect["empty"] == .bool(true)))
        }
        return Row(id: string(object["id"]) ?? "", question: string(object["question"]) ?? "", color: string(object["color"]) ?? "",
                   blob: Array((string(object["blob"]) ?? "").utf8),
                   taps: pairs("taps") { if case .bool(let b) = $0 { return b }; return nil }, tapTimes: pairs("tapTimes") { integer($0) },
                   selectedProjectId: string(object["selectedProjectId"]), nowMs: integer(object["nowMs"]) ?? 0,
                   timeZone: string(object["timeZone"]) ?? "UTC", capacity: Int(integer(object["capacity"]) ?? 20), expect: answer)
    }

    // MARK: Swift

    static func swiftAnswer(_ row: Row) -> Answer {
        guard row.question == "display" else { return .dot(WidgetDotColor.android(row.color)?.hex) }
        let display = WidgetData.display(row.blob, pendingDoneTargets: PendingTargets(row.taps.map { (taskId: $0.0, isDone: $0.1) }),
                                         pendingDoneTimestamps: PendingTimestamps(row.tapTimes.map { (taskId: $0.0, doneAtMs: $0.1) }),
                                         selectedProjectId: row.selectedProjectId, nowMs: row.nowMs,
                                         timeZone: TimeZone(identifier: row.timeZone)!, capacity: row.capacity)
        var kind = "today", title: String?, day: String?
        switch display.header {
        case .today: break
        case .outdated(let d): (kind, day) = ("outdated", d?.description)
        case .project(let t): (kind, title) = ("project", t)
        }
        return .display(Display(rows: display.rows.map { Shown(id: $0.id, title: $0.title, isDone: $0.isDone, dot: $0.dot?.hex) },
                                more: display.moreCount, kind: kind, title: title, day: day, empty: display.showsEmptyView))
    }

    // MARK: C

    static func cColor(_ text: String) -> String? {
        var argb: UInt32 = 0
        let bytes = Array(text.utf8).map { CChar(bitPattern: $0) }
        let painted = bytes.withUnsafeBufferPointer { rd_android_color($0.baseAddress, $0.count, &argb) }
        return painted == 1 ? WidgetDotColor(argb: argb).hex : nil
    }

    /// The C reference's answer through `rd_display_read`, or asked of `document` (the row's
    /// blob already parsed, `rd_document_display`).
    static func cAnswer(_ row: Row, document: OpaquePointer? = nil) -> Answer {
        guard row.question == "display" else { return .dot(cColor(row.color)) }
        let ids = (row.taps.map(\.0) + row.tapTimes.map(\.0) + [row.selectedProjectId ?? ""]).map { Array($0.utf8).map { CChar(bitPattern: $0) } }
        return row.blob.withUnsafeBufferPointer { blob in
            withPointers(ids) { pointers in
                let taps = row.taps.indices.map { rd_pending(id: pointers[$0], id_len: ids[$0].count, is_done: row.taps[$0].1 ? 1 : 0) }
                let times = row.tapTimes.indices.map { k in
                    rd_pending_time(id: pointers[row.taps.count + k], id_len: ids[row.taps.count + k].count, done_at_ms: row.tapTimes[k].1)
                }
                return taps.withUnsafeBufferPointer { taps in
                    times.withUnsafeBufferPointer { times in
                        row.timeZone.withCString { zone in
                            let parse = rd_parse_query(blob: blob.baseAddress, blob_len: blob.count, pending: taps.baseAddress,
                                                       pending_count: taps.count, pending_times: times.baseAddress,
                                                       pending_time_count: times.count,
                                                       selected_project_id: row.selectedProjectId == nil ? nil : pointers.last!,
                                                       selected_project_id_len: ids.last!.count, now_ms: row.nowMs)
                            var query = rd_display_query(parse: parse, time_zone: zone, capacity: row.capacity)
                            guard let result = document.map({ rd_document_display($0, &query) }) ?? rd_display_read(&query) else {
                                return .unavailable
                            }
                            defer { rd_display_free(result) }
                            return .display(display(result.pointee))
                        }
                    }
                }
            }
        }
    }

    private static func display(_ d: rd_display) -> Display {
        let shown = (0..<d.row_count).map { index in
            let r = d.rows[index]
            return Shown(id: text(r.id, r.id_len) ?? "", title: text(r.title, r.title_len) ?? "", isDone: r.is_done != 0,
                         dot: r.has_dot != 0 ? WidgetDotColor(argb: r.dot_argb).hex : nil)
        }
        let kind = d.header_kind == Int32(RD_HEADER_PROJECT) ? "project" : d.header_kind == Int32(RD_HEADER_OUTDATED) ? "outdated" : "today"
        let day = d.has_header_day != 0 ? WidgetCalendarDay(year: Int(d.header_year), month: Int(d.header_month), day: Int(d.header_day)).description : nil
        return Display(rows: shown, more: d.more, kind: kind, title: text(d.header_title, d.header_title_len), day: day,
                       empty: d.shows_empty != 0)
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

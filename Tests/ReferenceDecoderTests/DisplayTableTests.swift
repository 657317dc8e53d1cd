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
        try DisplayTable.assertEveryRowAsTheTableSays(atLeast: 150)
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
        try DisplayTable.assertAFailedAllocationNeverChangesAnAnswer(allocations: 30) { $0.question == "display" }
    }

    /// The table can fail: a wrong expectation in a row is caught for both readers.
    func testAWrongExpectationIsCaught() throws {
        let rows = try DisplayTable.load()
        let row = try XCTUnwrap(rows.first { $0.id == "display/project-list-broken-empties-rows" })
        guard case .display(let expected) = row.expect else { return XCTFail("a display row") }
        var wrong = expected
        wrong.empty = false
        DisplayTable.assertCaught(row, expecting: .display(wrong))
        DisplayTable.assertCaught(try XCTUnwrap(rows.first { $0.id == "color/rgb-inbox" }), expecting: .dot("#FF90BBA5"))
    }
}

/// A row of the display table and the readers' answers in one comparable form.
enum DisplayTable: BehaviourTable {
    struct Row: BehaviourTableRow {
        var id: String
        var question: String
        var color: String
        var input: TableCase
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

    static let fileName = "display.jsonl"
    static let unavailable = Answer.unavailable

    static func row(_ line: BehaviourLine) throws -> Row {
        func string(_ value: JSONValue?) -> String? { BehaviourLine.string(value) }
        let expect = try XCTUnwrap(line["expect"]?.objectValue)
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
                more: Int(BehaviourLine.integer(expect["more"]) ?? -1), kind: string(header["kind"]) ?? "", title: string(header["title"]),
                day: string(header["day"]), empty: expect["empty"] == .bool(true)))
        }
        return Row(id: line.string("id") ?? "", question: line.string("question") ?? "", color: line.string("color") ?? "",
                   input: line.input, timeZone: line.string("timeZone") ?? "UTC", capacity: Int(line.integer("capacity") ?? 20),
                   expect: answer)
    }

    // MARK: Swift

    static func swiftAnswer(_ row: Row) -> Answer {
        guard row.question == "display" else { return .dot(WidgetDotColor.android(row.color)?.hex) }
        let input = row.input
        let display = WidgetData.display(input.blob, pendingDoneTargets: input.pendingDoneTargets,
                                         pendingDoneTimestamps: input.pendingDoneTimestamps,
                                         selectedProjectId: input.selectedProjectId, nowMs: input.nowMs,
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

    /// Through `rd_display_read`, or `rd_document_display` on `document`.
    static func cAnswer(_ row: Row, document: OpaquePointer?) -> Answer {
        guard row.question == "display" else { return .dot(cColor(row.color)) }
        return row.input.withQuery { parse in
            row.timeZone.withCString { zone in
                var query = rd_display_query(parse: parse, time_zone: zone, capacity: row.capacity)
                guard let result = document.map({ rd_document_display($0, &query) }) ?? rd_display_read(&query) else { return .unavailable }
                defer { rd_display_free(result) }
                return .display(display(result.pointee))
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

    private static func text(_ pointer: UnsafeMutablePointer<CChar>?, _ length: Int) -> String? { TableCase.text(pointer, length) }
}

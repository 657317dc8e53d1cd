import ContractModel
import WidgetSnapshot
import XCTest

/// The one comparison: which typed field paths it reports, and what it never compares.
final class ComparisonTests: XCTestCase {
    let base = DecodedView(id: "a/base@berlin@at",
                           parse: .tasks([WidgetTaskRow(id: "t1", title: "one", isDone: false, projectColor: nil),
                                          WidgetTaskRow(id: "t2", title: "two", isDone: true, projectColor: "#ff0000")]),
                           meta: SnapshotMeta(dayStr: "2026-07-17", validUntil: 10), stale: true, header: .outdated(dayMs: 5))

    func paths(_ change: (inout DecodedView) -> Void) -> [String] {
        var other = base
        change(&other)
        return FieldDifference.between(expected: base, got: other).map(\.field)
    }

    func testEachFieldHasItsPath() {
        XCTAssertEqual(paths { _ in }, [])
        XCTAssertEqual(paths { $0.id = "other" }, [], "the id is not a compared field")
        XCTAssertEqual(paths { $0.parse = .error("x") }, ["parse"])
        XCTAssertEqual(paths { $0.parse = .tasks([]) }, ["parse.tasks"])
        XCTAssertEqual(paths {
            $0.parse = .tasks([WidgetTaskRow(id: "t1", title: "one", isDone: false, projectColor: nil),
                               WidgetTaskRow(id: "T2", title: "zwei", isDone: false, projectColor: nil)])
        }, ["parse.tasks[1].id", "parse.tasks[1].title", "parse.tasks[1].isDone", "parse.tasks[1].projectColor"])
        XCTAssertEqual(paths { $0.meta = SnapshotMeta(dayStr: nil, validUntil: 11) }, ["meta.dayStr", "meta.validUntil"])
        XCTAssertEqual(paths { $0.stale = false }, ["stale"])
        XCTAssertEqual(paths { $0.header = .today }, ["header.kind"])
        XCTAssertEqual(paths { $0.header = .outdated(dayMs: nil) }, ["header.dayMs"])
    }

    func testErrorTextsAreNotCompared() {
        let one = DecodedView(id: "a", parse: .error("one reason"), meta: .unknown, stale: false, header: .today)
        var other = one
        other.parse = .error("another")
        XCTAssertTrue(FieldDifference.agree(one, other))
    }

    func testCodePointsNotCanonicalEquivalence() {
        XCTAssertEqual(paths { $0.meta.dayStr = "2026-07-17\u{301}" }, ["meta.dayStr"])
        let composed = DecodedView(id: "a", parse: .tasks([WidgetTaskRow(id: "é", title: "", isDone: false, projectColor: nil)]),
                                   meta: .unknown, stale: false, header: .today)
        var decomposed = composed
        decomposed.parse = .tasks([WidgetTaskRow(id: "e\u{301}", title: "", isDone: false, projectColor: nil)])
        XCTAssertEqual(FieldDifference.between(expected: composed, got: decomposed).map(\.field), ["parse.tasks[0].id"])
    }

    func testLongTextsCompareEveryByte() {
        let long = String(repeating: "0123456789abcdef", count: 6400)
        XCTAssertEqual(paths { $0.meta.dayStr = "2026-07-17" }, [])
        XCTAssertEqual(paths { $0.parse = .tasks([WidgetTaskRow(id: "t1", title: long, isDone: false, projectColor: nil),
                                                  WidgetTaskRow(id: "t2", title: "two", isDone: true, projectColor: "#ff0000")]) },
                       ["parse.tasks[0].title"])
        var one = base
        one.parse = .tasks([WidgetTaskRow(id: "t1", title: long, isDone: false, projectColor: "")])
        for changed in [String(long.dropLast()) + "g", "g" + long.dropFirst(), long + "0", String(long.dropLast())] {
            var other = one
            other.parse = .tasks([WidgetTaskRow(id: "t1", title: changed, isDone: false, projectColor: "")])
            XCTAssertEqual(FieldDifference.between(expected: one, got: other).map(\.field), ["parse.tasks[0].title"])
        }
        var same = one
        same.parse = .tasks([WidgetTaskRow(id: "t1", title: String(long.utf8.map { Character(Unicode.Scalar($0)) }), isDone: false,
                                           projectColor: "")])
        XCTAssertEqual(FieldDifference.between(expected: one, got: same), [], "equal bytes in another string's storage")
        var empty = one
        empty.parse = .tasks([WidgetTaskRow(id: "t1", title: long, isDone: false, projectColor: nil)])
        XCTAssertEqual(FieldDifference.between(expected: one, got: empty).map(\.field), ["parse.tasks[0].projectColor"],
                       "an empty colour is not a missing one")
    }

    func testOutcomesThatAreNotViews() {
        XCTAssertEqual(FieldDifference.between(expected: .view(base), got: .failure("boom")).map(\.field), ["crash"])
        XCTAssertEqual(FieldDifference.between(expected: .view(base), got: .failure("hang: no line within 5 s")).map(\.field), ["missing"])
        XCTAssertEqual(FieldDifference.between(expected: .view(base), got: .failure("missing: nothing recorded")).map(\.field), ["missing"])
        XCTAssertEqual(FieldDifference.between(expected: .failure("no expected output"), got: .view(base)).map(\.field), ["missing"])
        XCTAssertEqual(FieldDifference.between(expected: .failure("a"), got: .failure("b")), [])
    }
}

import HarnessCorpus
import XCTest

/// App-state lines are written as JSON.stringify writes strings (CONTRACT.md §7.2 W1), so a
/// generated lone surrogate reaches the writer end as the app's would.
final class AppStateLineTests: XCTestCase {
    private func literal(_ text: AppText) -> String {
        var out: [UInt8] = []
        AppStateLine.appendString(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    func testStringsAreEscapedAsJSONStringifyEscapesThem() {
        XCTAssertEqual(literal(AppText(units: Array("Party \u{1F389}".utf16.dropLast()))), "\"Party \\ud83c\"")
        XCTAssertEqual(literal(AppText(units: [0xDE00, 0xD83D])), "\"\\ude00\\ud83d\"")
        XCTAssertEqual(literal("\u{1F389}"), "\"\u{1F389}\"")
        XCTAssertEqual(literal("\"\\\u{8}\t\n\u{C}\r\u{0}\u{1F}/\u{7F}\u{2028}"), "\"\\\"\\\\\\b\\t\\n\\f\\r\\u0000\\u001f/\u{7F}\u{2028}\"")
        XCTAssertEqual(literal("p\u{E9}\u{4ECA}"), "\"p\u{E9}\u{4ECA}\"")
    }

    func testALineHasTheFixturesKeyOrder() {
        let state = AppState(id: "fuzz/a", inApp: true, revision: 2, timeZone: "UTC", todayStr: "2026-07-17",
                             startOfNextDayDiffMs: 0, todayTaskIds: ["t1"],
                             tasks: [AppState.Task(id: "t1", title: "T", isDone: true, doneOn: .value(5), projectId: .null)],
                             projects: [AppState.Project(id: "p", title: "P", primary: nil, taskIds: ["t1"])])
        XCTAssertEqual(String(decoding: AppStateLine.line(state), as: UTF8.self),
                       #"{"id":"fuzz/a","inApp":true,"revision":2,"timeZone":"UTC","todayStr":"2026-07-17","startOfNextDayDiffMs":0,"#
                       + #""todayTaskIds":["t1"],"tasks":[{"id":"t1","title":"T","isDone":true,"doneOn":5,"projectId":null}],"#
                       + #""projects":[{"id":"p","title":"P","primary":null,"isArchived":false,"isHiddenFromMenu":false,"taskIds":["t1"],"backlogTaskIds":[]}]}"#)
    }

    /// `AppText.description` transcodes UTF-16 itself: it must be what the standard library's
    /// decoding gives, lone surrogates (each one U+FFFD) and pairs included.
    func testADescriptionIsTheStandardLibrarysDecoding() {
        var random = SystemRandomNumberGenerator()
        let pool: [UInt16] = [0x41, 0x7F, 0x80, 0xE9, 0x7FF, 0x800, 0x4ECA, 0xD7FF, 0xD800, 0xD83C, 0xDBFF, 0xDC00, 0xDF89, 0xDFFF, 0xE000, 0xFFFD, 0xFFFF, 0]
        var texts: [[UInt16]] = [[], [0xD83C], [0xDF89, 0xD83C], [0xD83C, 0xDF89], [0xD83C, 0xD83C, 0xDF89]]
        for _ in 0..<2000 { texts.append((0..<Int.random(in: 1...8, using: &random)).map { _ in pool.randomElement(using: &random)! }) }
        for units in texts {
            XCTAssertEqual(Array(AppText(units: units).description.utf8), Array(String(decoding: units, as: UTF16.self).utf8), "\(units)")
        }
    }
}

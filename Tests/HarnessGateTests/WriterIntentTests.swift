import ContractModel
import Foundation
import HarnessCorpus
@testable import HarnessGate
import XCTest

/// What the widget must show is compared code point by code point: a writer that writes a
/// title or an id in another Unicode normalisation ("e" + U+0301 for "é") writes another
/// text, which Swift's `==` (canonical equivalence) would call equal.
final class WriterIntentTests: XCTestCase {
    private let state = WriterState(line: Array(#"""
        {"id":"t/x","inApp":true,"revision":1,"timeZone":"Europe/Berlin","todayStr":"2026-07-17","startOfNextDayDiffMs":0,"todayTaskIds":["t\u00e9"],"tasks":[{"id":"t\u00e9","title":"Caf\u00e9","isDone":false}],"projects":[]}
        """#.utf8))

    private func mismatches(id: String, title: String, dayStr: String = "2026-07-17") throws -> [String] {
        let blob = #"{"v":1,"dayStr":"\#(dayStr)","validUntil":1784325600000,"tasks":[{"id":"\#(id)","title":"\#(title)","isDone":false}],"projectColors":{}}"#
        let view = DecodedView.decode(id: "x", blob: Array(blob.utf8), pendingDoneTargets: .none, nowMs: 0,
                                      timeZone: TimeZone(identifier: "Europe/Berlin"))
        return WriterIntent.mismatches(try XCTUnwrap(state), boundary: nil, instant: "fixed", view: view)
    }

    func testTheSameCodePointsAgree() throws {
        XCTAssertEqual(try mismatches(id: #"t\u00e9"#, title: #"Caf\u00e9"#), [])
    }

    func testAnotherNormalisationOfATitleOrAnIdDiffers() throws {
        let title = try mismatches(id: #"t\u00e9"#, title: #"Cafe\u0301"#)
        XCTAssertEqual(title.count, 1, "\(title)")
        XCTAssertTrue(title.first?.contains("the widget shows the title") ?? false, "\(title)")
        let id = try mismatches(id: #"te\u0301"#, title: #"Caf\u00e9"#)
        XCTAssertEqual(id.count, 1, "\(id)")
        XCTAssertTrue(id.first?.hasPrefix("the widget shows tasks") ?? false, "\(id)")
    }
}

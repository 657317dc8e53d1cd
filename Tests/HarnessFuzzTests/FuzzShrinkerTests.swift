import HarnessFuzz
import ContractModel
import Foundation
import WidgetSnapshot
import XCTest

/// The shrinker keeps only what the oracle needs: structure first, then bytes.
final class FuzzShrinkerTests: XCTestCase {
    private func shrink(_ text: String, _ fails: @escaping (String) -> Bool) -> (String, Shrinker.Result) {
        let start = Case(id: "x", blob: Array(text.utf8), nowMs: 0, timeZone: "Europe/Berlin")
        let result = Shrinker(batchSize: 5).shrink(start) { cases in
            cases.map { fails(String(decoding: $0.blob, as: UTF8.self)) }
        }
        return (String(decoding: result.shrunk.blob, as: UTF8.self), result)
    }

    func testBytesShrinkToTheMinimalSubstring() {
        let (shrunk, result) = shrink("not json at all: abcXYZdef") { $0.contains("XY") }
        XCTAssertEqual(shrunk, "XY")
        XCTAssertFalse(result.exhausted)
    }

    func testStructureShrinksToTheNeededMember() {
        let blob = #"{"v":1,"dayStr":"2026-07-17","tasks":[{"id":"t1","title":"keep me"},{"id":"t2","title":"x"},{"id":"t3","title":"y"},{"id":"t4","title":"z"}]}"#
        let (shrunk, _) = shrink(blob) { text in
            guard case .object(let top)? = try? JSONParser().parse(text),
                  case .object(let task)? = top["tasks"]?.arrayValue?.first,
                  let title = task["title"]?.stringValue?.string else { return false }
            return title.hasPrefix("k")
        }
        XCTAssertEqual(shrunk, #"{"tasks":[{"title":"k"}]}"#)
    }

    func testMembersThatOnlyGoAsAUnitAreRemovedAndDigitsSimplified() {
        // JSON to one reader only (here: once the X is dropped), so the structural pass cannot
        // parse it and no single byte can go; whole members can.
        let blob = #"{"":1,"":"","":7X,"":[],"":{}}"#
        let (shrunk, _) = shrink(blob) { text in
            guard let x = text.firstIndex(of: "X"), x > text.startIndex,
                  text[text.index(before: x)].isNumber else { return false }
            return (try? JSONParser().parse(text.replacingOccurrences(of: "X", with: "")))?.objectValue != nil
        }
        XCTAssertEqual(shrunk, #"{"":0X}"#)
    }

    func testAValueIsHoistedOutOfItsContainersWhenOnlyOneReaderParsesTheText() {
        let blob = #"{"":[{"":7X}],"b":{"c":[1,2]}}"#
        let (shrunk, _) = shrink(blob) { text in
            guard let x = text.firstIndex(of: "X"), x > text.startIndex,
                  text[text.index(before: x)].isNumber else { return false }
            return (try? JSONParser().parse(text.replacingOccurrences(of: "X", with: "")))?.objectValue != nil
        }
        XCTAssertEqual(shrunk, #"{"":0X}"#)
    }

    func testPendingTapsThatDoNotMatterAreDropped() {
        let start = Case(id: "x", blob: Array("ab".utf8),
                         pendingDoneTargets: [.init(taskId: "t1", isDone: true), .init(taskId: "t2", isDone: false)],
                         nowMs: 0, timeZone: "Europe/Berlin")
        let result = Shrinker().shrink(start) { cases in cases.map { $0.pendingDoneTargets.contains { $0.taskId == "t2" } } }
        XCTAssertEqual(result.shrunk.pendingDoneTargets.map(\.taskId), ["t2"])
        XCTAssertEqual(result.shrunk.blob, [])
    }

    func testTapTimesASelectionAndACapacityThatDoNotMatterAreDroppedAndOneThatDoesIsKept() {
        let start = Case(id: "x", blob: Array("ab".utf8), pendingDoneTargets: [.init(taskId: "t1", isDone: true)],
                         pendingDoneTimestamps: [.init(taskId: "t1", ms: 5), .init(taskId: "t2", ms: 6)],
                         selectedProjectId: "p1", capacity: 3, nowMs: 0, timeZone: "Europe/Berlin")
        let needsSelection = Shrinker().shrink(start) { cases in cases.map { $0.selectedProjectId == "p1" } }.shrunk
        XCTAssertEqual(needsSelection.selectedProjectId, "p1")
        XCTAssertEqual(needsSelection.pendingDoneTimestamps, [])
        XCTAssertEqual(needsSelection.pendingDoneTargets, [])
        XCTAssertEqual(needsSelection.capacity, Case.androidCapacity)
        let needsTime = Shrinker().shrink(start) { cases in cases.map { $0.pendingDoneTimestamps.contains { $0.ms == 6 } } }.shrunk
        XCTAssertEqual(needsTime.pendingDoneTimestamps.map(\.ms), [6])
        XCTAssertNil(needsTime.selectedProjectId)
        let needsCapacity = Shrinker().shrink(start) { cases in cases.map { $0.capacity == 3 } }.shrunk
        XCTAssertEqual(needsCapacity, Case(id: "x", blob: [], capacity: 3, nowMs: 0, timeZone: "Europe/Berlin"))
    }

    /// A device locale (CONTRACT.md §4) stays only when the disagreement needs it.
    func testADeviceLocaleThatDoesNotMatterIsDroppedAndOneThatDoesIsKept() throws {
        let thai = try DeviceLocale(tag: "th-TH-u-ca-buddhist")
        let start = Case(id: "x", blob: Array("ab".utf8), nowMs: 0, timeZone: "Europe/Berlin", deviceLocale: thai)
        XCTAssertNil(Shrinker().shrink(start) { cases in cases.map { $0.blob.contains(UInt8(ascii: "a")) } }.shrunk.deviceLocale)
        let needsDevice = Shrinker().shrink(start) { cases in cases.map { $0.deviceLocale == thai } }.shrunk
        XCTAssertEqual(needsDevice, Case(id: "x", blob: [], nowMs: 0, timeZone: "Europe/Berlin", deviceLocale: thai))
    }

    func testTheBudgetBoundsTheWork() {
        let start = Case(id: "x", blob: Array(String(repeating: "a", count: 400).utf8), nowMs: 0, timeZone: "Europe/Berlin")
        let result = Shrinker(batchSize: 4, maximumEvaluations: 10).shrink(start) { cases in cases.map { _ in false } }
        XCTAssertEqual(result.evaluations, 10)
        XCTAssertTrue(result.exhausted)
        XCTAssertEqual(result.shrunk, start)
    }
}

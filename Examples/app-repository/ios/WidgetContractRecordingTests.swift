// The iOS reader recorded where it runs (docs/adopting.md, "Recordings"): this file goes into the
// widget's XCTest target, which depends on the WidgetContract package's WidgetContractTestee product
// and imports the widget's own module. On a Mac, with the case stream written on Linux (or in the
// harness's container) by `contract-harness tool cases --contract widget-contract --out cases.jsonl`:
//   TEST_RUNNER_WIDGET_CONTRACT_CASES="$PWD/cases.jsonl" \
//     xcodebuild test -scheme WidgetContractRecording -destination 'platform=iOS Simulator,name=iPhone 16'
// (a simulator test reads and writes the Mac's files: the recording lands in the app's contract folder,
// next to this file). Here the example's "widget module" is the project's JSONSerialization port
// (FoundationWidgetReader), and this file is the test target AppRepositoryRecording of the harness's
// package: run on Linux, it makes the stand-in recording widget-contract/recordings/ios — the same path
// on swift-corelibs-foundation instead of Apple's:
//   WIDGET_CONTRACT_CASES=/tmp/cases.jsonl swift test --filter WidgetContractRecordingTests
import Foundation
import FoundationWidgetReader  // in an app: @testable import <the widget extension's module>
import WidgetContractTestee
import WidgetSnapshot
import XCTest

final class WidgetContractRecordingTests: XCTestCase {
    func testRecordTheIOSReader() throws {
        let environment = ProcessInfo.processInfo.environment
        guard let cases = environment["WIDGET_CONTRACT_CASES"] else {
            throw XCTSkip("records only when WIDGET_CONTRACT_CASES names the case stream (contract-harness tool cases --out FILE)")
        }
        let folder = environment["WIDGET_CONTRACT_RECORDING"].map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("widget-contract/recordings/ios", isDirectory: true)
        // The reader as the widget calls it: what the generated adapter does for a WidgetData type.
        let recorded = try Testee.record(cases: URL(fileURLWithPath: cases), into: folder, revision: 1) { c in
            var taps: [String: Bool] = [:]
            for tap in c.pendingDoneTargets { taps[tap.taskId] = tap.isDone }
            let snapshot = FoundationReader.read(c.blob, pendingDoneTargets: taps, nowMs: c.nowMs, timeZone: c.timeZoneName)
            let parse: TesteeView.Parse
            switch snapshot.rows {
            case .success(let rows): parse = .tasks(rows)
            case .failure(let failure): parse = .error(failure.description)
            }
            let display = FoundationWidgetDisplay.display(snapshot, capacity: c.capacity)
            return TesteeView(parse: parse, meta: snapshot.meta, stale: snapshot.stale, header: snapshot.header, display: display)
        }
        XCTAssertGreaterThan(recorded.cases, 0)
    }
}

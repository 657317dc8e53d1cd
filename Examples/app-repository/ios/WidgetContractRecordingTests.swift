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
        // The reader as the widget calls it: the few lines of FoundationReader.testeeView (an app writes
        // them here, around its own WidgetData, as docs/adopting.md shows).
        // The files the reader is made of: the recording names each one's SHA-256, and the gate calls it
        // stale once they change (the same files as the reader's "sources" in widget-contract.json).
        let widget = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("ios-widget")
        let sources = ["FoundationWidgetReader.swift", "FoundationWidgetDisplay.swift", "FoundationReader+Testee.swift"].map(widget.appendingPathComponent)
        let recorded = try Testee.record(cases: URL(fileURLWithPath: cases), into: folder, features: "default", sources: sources, FoundationReader.testeeView)
        XCTAssertGreaterThan(recorded.cases, 0)
    }
}

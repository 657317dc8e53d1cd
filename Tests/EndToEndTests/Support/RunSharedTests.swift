import Foundation
import TestSupport
import XCTest

/// `RunShared` builds a folder once per run (under WIDGETCONTRACT_TEST_TREES) and hands every
/// later caller that one whole folder; a build that fails leaves nothing behind, so the next
/// caller builds it again; without the variable each call builds its own.
final class RunSharedTests: XCTestCase {
    private let variable = "WIDGETCONTRACT_TEST_TREES"

    /// Runs `body` with WIDGETCONTRACT_TEST_TREES set to `value` (unset when nil), then restores it.
    private func with(_ value: String?, _ body: () throws -> Void) rethrows {
        let saved = ProcessInfo.processInfo.environment[variable]
        defer { if let saved { setenv(variable, saved, 1) } else { unsetenv(variable) } }
        if let value { setenv(variable, value, 1) } else { unsetenv(variable) }
        try body()
    }

    func testAFolderIsBuiltOncePerRunAndAFailedBuildLeavesNothing() throws {
        let run = Scratch.folder("run-shared")
        defer { Scratch.remove(run) }
        let key = "k-\(UUID().uuidString)"
        try with(run.path) {
            struct Planted: Error {}
            XCTAssertThrowsError(try RunShared.folder(key) { folder in
                try Data("half".utf8).write(to: folder.appendingPathComponent("part"))
                throw Planted()
            })
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: run.path).filter { !$0.hasSuffix(".lock") }, [],
                           "a failed build left a folder")
            var builds = 0
            let first = try RunShared.folder(key) { folder in
                builds += 1
                try Data("one".utf8).write(to: folder.appendingPathComponent("value"))
            }
            let second = try RunShared.folder(key) { _ in builds += 1 }
            XCTAssertEqual(builds, 1)
            XCTAssertEqual(first.standardizedFileURL.path, second.standardizedFileURL.path)
            XCTAssertEqual(first.deletingLastPathComponent().standardizedFileURL.path, run.standardizedFileURL.path)
            XCTAssertEqual(try String(contentsOf: second.appendingPathComponent("value"), encoding: .utf8), "one")
            XCTAssertEqual(try RunShared.text(key + "-text") { "7" }, "7")
            XCTAssertEqual(try RunShared.text(key + "-text") { "8" }, "7", "computed again within the run")
        }
        try with(nil) {
            XCTAssertEqual(try RunShared.text(key) { "8" }, "8")
            var builds = 0
            let own = try RunShared.folder(key) { _ in builds += 1 }
            defer { Scratch.remove(own) }
            let again = try RunShared.folder(key) { _ in builds += 1 }
            defer { Scratch.remove(again) }
            XCTAssertNotEqual(own.standardizedFileURL.path, again.standardizedFileURL.path)
            XCTAssertEqual(builds, 2, "without a run's folder each call builds its own")
        }
    }
}

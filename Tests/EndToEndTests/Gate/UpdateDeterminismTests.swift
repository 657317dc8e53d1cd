import Foundation
import XCTest
@testable import HarnessGate
import HarnessTestSupport
import TestSupport

/// `update` writes byte-identical expected files whatever the thread count and the process's
/// own time zone, and they equal the committed ones.
final class UpdateDeterminismTests: XCTestCase {
    func testExpectedFilesAreIdenticalAtOneAndManyThreadsAndInAnyProcessZone() throws {
        let one = try GateTestSupport.copyOfGolden()
        let many = try GateTestSupport.copyOfGolden()
        defer { GateTestSupport.remove(one); GateTestSupport.remove(many) }
        for paths in [one, many] {
            try FileManager.default.removeItem(at: paths.golden.appendingPathComponent("expected"))
        }
        _ = try Gate.update(one, jobs: 1)

        let saved = ProcessInfo.processInfo.environment["TZ"]
        setenv("TZ", "Pacific/Kiritimati", 1)
        tzset()
        defer {
            if let saved { setenv("TZ", saved, 1) } else { unsetenv("TZ") }
            tzset()
        }
        _ = try Gate.update(many, jobs: 8)

        let committed = TestRepository.root.appendingPathComponent("golden/expected")
        let files = try FileManager.default.contentsOfDirectory(atPath: committed.path).filter { $0.hasSuffix(".jsonl") }.sorted()
        XCTAssertFalse(files.isEmpty)
        for file in files {
            let reference = try Data(contentsOf: committed.appendingPathComponent(file))
            XCTAssertEqual(try Data(contentsOf: one.golden.appendingPathComponent("expected/\(file)")), reference, "\(file) at 1 thread")
            XCTAssertEqual(try Data(contentsOf: many.golden.appendingPathComponent("expected/\(file)")), reference, "\(file) at 8 threads, TZ=Pacific/Kiritimati")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: many.golden.appendingPathComponent("expected").path).sorted(),
                       files, "no temporary files left behind")
    }
}

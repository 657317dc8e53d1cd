@testable import HarnessFuzz
import HarnessCorpus
@testable import HarnessReaders
import Foundation
import XCTest
import HarnessTestSupport

/// Leak regressions: the resident set after many batches at `--jobs 2` stays within a fixed
/// bound of what it was after a warm-up. `ParallelMap` used to leak every result when
/// jobs > 1 (13.5 GiB after four minutes of fuzzing); both tests fail on that code.
final class FuzzMemoryTests: XCTestCase {
    /// `ParallelMap` with two jobs, 40 rounds of 256 results of 64 KiB each: a leak of the
    /// results would grow the resident set by ~640 MB; an owned result is freed every round.
    func testParallelMapFreesItsResults() throws {
        let inputs = Array(0..<256)
        func round() -> Int {
            let results = ParallelMap.map(inputs, jobs: 2) { index in [UInt8](repeating: UInt8(truncatingIfNeeded: index | 1), count: 65_536) }
            return results.reduce(0) { $0 + Int($1[0]) }
        }
        for _ in 0..<5 { _ = round() }
        let before = try XCTUnwrap(ResidentMemory.current, "no /proc/self/status")
        var checksum = 0
        for _ in 0..<40 { checksum &+= round() }
        let after = try XCTUnwrap(ResidentMemory.current)
        XCTAssertGreaterThan(checksum, 0)
        XCTAssertLessThan(after - before, 64_000_000,
                          "resident set grew \(ResidentMemory.megabytes(after - before)) over 40 rounds of 16 MB of results")
    }

    /// A fuzz run at `--jobs 2`, N = 16 batches of 512 cases after a warm-up of 4: every case
    /// leaked (the `FuzzCase`, its views) adds ~4.4 KB: ~36 MB over 8 192 cases; the bound is 16 MB.
    func testFuzzRunResidentSetStaysFlatAtTwoJobs() throws {
        let fixtures = try CorpusTestSupport.fixtures()
        func run(batches: Int) throws {
            let plan = FuzzPlan(seed: 99, extent: .cases(batches * 512), jobs: 2, batchSize: 512)
            _ = try FuzzRun(plan: plan, generator: FuzzCaseGenerator(seed: 99, fixtures: fixtures),
                            reference: CReferenceReader(), readers: [SwiftReader()], store: nil).run()
        }
        try run(batches: 4)
        let before = try XCTUnwrap(ResidentMemory.current, "no /proc/self/status")
        try run(batches: 16)
        let after = try XCTUnwrap(ResidentMemory.current)
        XCTAssertLessThan(after - before, 16_000_000,
                          "resident set grew \(ResidentMemory.megabytes(after - before)) over 16 batches of 512 cases at --jobs 2")
    }
}

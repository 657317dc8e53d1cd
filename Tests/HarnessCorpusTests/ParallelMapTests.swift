@testable import HarnessCorpus
import Foundation
import XCTest

/// `ParallelMap` keeps order, runs every input once, and never uses more threads than
/// `jobs` (`--jobs 2` on a many-core machine ran on every core).
final class ParallelMapTests: XCTestCase {
    /// The threads a map ran its transform on.
    private final class ThreadLog: @unchecked Sendable {
        private let lock = NSLock()
        private var ids = Set<ObjectIdentifier>()
        func note() {
            lock.lock()
            ids.insert(ObjectIdentifier(Thread.current))
            lock.unlock()
        }
        var count: Int { lock.lock(); defer { lock.unlock() }; return ids.count }
    }

    func testResultsKeepTheInputOrderAtAnyJobs() {
        let inputs = Array(0..<10_007)
        for jobs in [1, 2, 3, 64] {
            XCTAssertEqual(ParallelMap.map(inputs, jobs: jobs) { $0 * 3 }, inputs.map { $0 * 3 }, "jobs \(jobs)")
        }
        XCTAssertEqual(ParallelMap.map([Int](), jobs: 4) { $0 }, [])
    }

    func testNoMoreThreadsThanJobs() {
        for jobs in [1, 2] {
            let log = ThreadLog()
            _ = ParallelMap.map(Array(0..<4_000), jobs: jobs) { value -> Int in
                log.note()
                usleep(50)  // long enough for every idle worker to take a chunk
                return value
            }
            XCTAssertLessThanOrEqual(log.count, jobs, "jobs \(jobs) ran on \(log.count) threads")
        }
        XCTAssertEqual(ParallelMap.threads(jobs: 1, count: 100), 1)
        XCTAssertEqual(ParallelMap.threads(jobs: 64, count: 3), min(3, ProcessInfo.processInfo.activeProcessorCount))
    }
}

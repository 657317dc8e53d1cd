import ContractModel
import HarnessFuzz
import Foundation
import XCTest
import HarnessTestSupport
import TestSupport

/// The same seed and shard give the same cases and the same findings at any `--jobs`,
/// and shards 1/3, 2/3, 3/3 together are exactly the unsharded run.
final class FuzzDeterminismTests: XCTestCase {
    private let extent = FuzzPlan.Extent.cases(600)

    func testTwoRunsWithTheSameSeedWriteIdenticalFindings() throws {
        let first = Scratch.folder()
        let second = Scratch.folder()
        defer { Scratch.remove(first); Scratch.remove(second) }
        let one = try FuzzTestSupport.run(seed: FuzzTestSupport.plantedFaultSeed, extent: extent, jobs: 1, batchSize: 100, into: first)
        let two = try FuzzTestSupport.run(seed: FuzzTestSupport.plantedFaultSeed, extent: extent, jobs: 2, batchSize: 37, into: second)
        let files = try FuzzTestSupport.contents(first)
        // Findings are deduplicated by shrunk blob, so the planted fault may shrink to one file;
        // the disagreements themselves must be several, or this test proves nothing.
        XCTAssertGreaterThanOrEqual(files.count, 1, "the planted fault must give a finding")
        XCTAssertGreaterThan(one.entries.count, 1, "the planted fault must disagree on several cases")
        XCTAssertEqual(files, try FuzzTestSupport.contents(second))
        XCTAssertEqual(one.entries, two.entries)
        XCTAssertEqual(one.cases, 600)
    }

    func testShardsPartitionTheUnshardedRun() throws {
        let whole = try FuzzTestSupport.run(seed: FuzzTestSupport.plantedFaultSeed, extent: extent, into: nil)
        var union: [FuzzReport.Entry] = []
        var cases = 0
        for index in 1...3 {
            let shard = try XCTUnwrap(FuzzShard(index: index, count: 3))
            let part = try FuzzTestSupport.run(seed: FuzzTestSupport.plantedFaultSeed, extent: extent, shard: shard, into: nil)
            XCTAssertTrue(part.entries.allSatisfy { shard.owns($0.index) }, "shard \(shard) reported a case it does not own")
            union += part.entries
            cases += part.cases
        }
        XCTAssertEqual(cases, whole.cases)
        XCTAssertGreaterThan(whole.entries.count, 1)
        XCTAssertEqual(union.sorted { $0.index < $1.index }, whole.entries)
        XCTAssertEqual(Set(union.map(\.key)), Set(whole.entries.map(\.key)))
    }

    func testACaseIsAPureFunctionOfSeedAndIndex() throws {
        let fixtures = try CorpusTestSupport.fixtures()
        let generator = FuzzCaseGenerator(seed: 11, fixtures: fixtures)
        let again = FuzzCaseGenerator(seed: 11, fixtures: fixtures.reversed())
        let other = FuzzCaseGenerator(seed: 12, fixtures: fixtures)
        let forwards = (0..<200).map(generator.make)
        let backwards = (0..<200).reversed().map(again.make).reversed()
        XCTAssertEqual(forwards, Array(backwards))
        // Made again from a warm first-step cache: the same cases.
        XCTAssertEqual((0..<200).map(generator.make), forwards)
        XCTAssertNotEqual(forwards.map(\.testCase.blob), (0..<200).map { other.make($0).testCase.blob })
        XCTAssertTrue(generator.make(150).testCase.id.hasPrefix("fuzz/11-150@"))
        for fuzzCase in forwards {
            let zone = fuzzCase.testCase.timeZone
            let instant = String(try XCTUnwrap(fuzzCase.recipe.last?.split(separator: " ").dropFirst().first))
            XCTAssertEqual(fuzzCase.testCase.id, CaseID.make(fixture: "fuzz", operator: "11-\(fuzzCase.index)", parameter: nil,
                                                             zone: zone, instant: instant))
        }
    }

    func testShardOwnershipCoversEachIndexOnce() throws {
        let shards = try (1...4).map { try XCTUnwrap(FuzzShard(index: $0, count: 4)) }
        for caseIndex in 0..<50 {
            XCTAssertEqual(shards.filter { $0.owns(caseIndex) }.count, 1)
        }
        XCTAssertEqual(shards.map { $0.share(of: 10) }, [3, 3, 2, 2])
        XCTAssertEqual(shards[1].caseIndex(2), 9)
        XCTAssertNil(FuzzShard(parsing: "0/3"))
        XCTAssertNil(FuzzShard(parsing: "4/3"))
        XCTAssertEqual(FuzzShard(parsing: "2/3"), FuzzShard(index: 2, count: 3))
    }
}

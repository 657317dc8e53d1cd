import HarnessCorpus
import HarnessFuzz
import HarnessReaders
import ContractModel
import Foundation
import WidgetSnapshot
import XCTest
import HarnessTestSupport
import TestSupport

/// A test-only reader that is the Swift reader except on a rare input: a row whose title
/// contains U+2028 LINE SEPARATOR gets a `!` appended. The fuzzer must find and shrink it.
struct PlantedTitleFault: InProcessReader {
    let name = "planted"
    static let marker: Unicode.Scalar = "\u{2028}"

    func outcome(_ testCase: Case) -> ReaderOutcome {
        var view = SwiftReader().decode(testCase)
        if case .tasks(var rows) = view.parse {
            for index in rows.indices where rows[index].title.unicodeScalars.contains(Self.marker) {
                rows[index].title += "!"
            }
            view.parse = .tasks(rows)
        }
        return .view(view)
    }
}

extension FuzzTestSupport {
    /// The seed the planted-fault tests fuzz with: the first from 1 whose first
    /// `plantedFaultReach` cases reach the planted fault (a row title holding U+2028) at least
    /// `plantedFaultHits` times. Which cases a seed makes depends on the catalog (case i draws
    /// its operators by index into it), so a fixed seed's early cases change whenever an
    /// operator is added (seed 2026 reached one at case 96 with 111 operators and at case 1447
    /// with 160; seed 7 reached 6 in 1500 cases with 160 and 1 in 600 after the holes work
    /// added operators): the seed is found again for the catalog the tests run on, so a
    /// planted-fault test can neither go red nor prove nothing because the catalog grew.
    /// The rate did not drop when it was measured (159 disagreements in seeds 1–20 and 2026 ×
    /// 3000 cases, 1 in 396), so the search ends within a few seeds. The search costs some 16
    /// CPU seconds in a debug build: it is made once per test run (`RunShared`), not once per
    /// XCTest shard.
    static let plantedFaultSeed: UInt64 = {
        do {
            let text = try RunShared.text("planted-fault-seed") { String(searchPlantedFaultSeed()) }
            guard let seed = UInt64(text) else { preconditionFailure("the run's planted-fault seed is not a number: \(text)") }
            return seed
        } catch {
            preconditionFailure("the run's planted-fault seed: \(error)")
        }
    }()

    private static func searchPlantedFaultSeed() -> UInt64 {
        let fixtures = (try? CorpusTestSupport.fixtures()) ?? []
        let marker = Array("\u{2028}".utf8), escaped = Array("\\u2028".utf8)
        for seed in UInt64(1)...200 {
            let generator = FuzzCaseGenerator(seed: seed, fixtures: fixtures)
            var hits = 0
            for index in 0..<plantedFaultReach {
                let testCase = generator.make(index).testCase
                let blob = testCase.blob
                // (a cheap look at the bytes first: only a blob holding the marker can reach it)
                guard blob.contains(bytes: marker) || blob.contains(bytes: escaped) else { continue }
                if PlantedTitleFault().outcome(testCase) != SwiftReader().outcome(testCase) { hits += 1 }
                if hits >= plantedFaultHits { return seed }
            }
        }
        preconditionFailure("no seed in 1...200 reaches the planted fault \(plantedFaultHits) times in \(plantedFaultReach) cases")
    }

    /// The planted-fault tests' smallest extent, and how often the seed must reach the fault in it.
    static let plantedFaultReach = 500
    static let plantedFaultHits = 3

    /// A run of the C reference against `readers` (by default the planted fault).
    static func run(seed: UInt64 = plantedFaultSeed, extent: FuzzPlan.Extent, shard: FuzzShard = .whole, jobs: Int = 1,
                    batchSize: Int = 128, readers: [any Reader] = [PlantedTitleFault()],
                    into folder: URL?) throws -> FuzzReport {
        let fixtures = try CorpusTestSupport.fixtures()
        let plan = FuzzPlan(seed: seed, extent: extent, shard: shard, jobs: jobs, batchSize: batchSize)
        let store = try folder.map { try FindingStore(folder: $0) }
        return try FuzzRun(plan: plan, generator: FuzzCaseGenerator(seed: seed, fixtures: fixtures),
                           reference: CReferenceReader(), readers: readers, store: store).run()
    }
}

/// A clock for fuzz time budgets that moves only when the test (or a reader it wrote) moves it:
/// what a run does before and after its `--seconds` is then the same on any machine.
final class TestClock: FuzzClock, @unchecked Sendable {
    private let lock = NSLock()
    private var elapsed: Double

    init(at seconds: Double = 0) { elapsed = seconds }

    var seconds: Double { lock.withLock { elapsed } }

    func advance(by seconds: Double) { lock.withLock { elapsed += seconds } }
}

import HarnessFuzz
import HarnessReaders
import ContractModel
import Foundation
import WidgetSnapshot
import XCTest
import HarnessTestSupport

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
    /// The seed the planted-fault tests fuzz with: its first 500 cases reach a U+2028 title
    /// (case 79) and its first 1500 several (6). Which cases a seed makes depends on the
    /// catalog (case i draws its operators by index into it), so a seed's early cases change
    /// whenever an operator is added: 2026 reaches one at case 1447 with today's 160 operators,
    /// at case 96 with the 111 it was picked on (the catalog without the operators added since,
    /// on the 11 fixtures of then). The rate did not drop: 159 planted-fault
    /// disagreements in seeds 1–20 and 2026 × 3000 cases (1 in 396); of those 21 seeds 2026 has
    /// the latest first one (the next latest: case 1125) and 5, where the others have 4 to 12.
    static let plantedFaultSeed: UInt64 = 7

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

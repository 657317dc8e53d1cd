import HarnessFuzz
import HarnessReaders
import ContractModel
import Foundation
import WidgetSnapshot
import XCTest

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

/// Fuzz runs over the repository's fixtures into throw-away findings folders.
enum FuzzTestSupport {
    static func temporaryFolder() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func remove(_ url: URL) { try? FileManager.default.removeItem(at: url) }

    /// A run of the C reference against `readers` (by default the planted fault).
    static func run(seed: UInt64 = 7, extent: FuzzPlan.Extent, shard: FuzzShard = .whole, jobs: Int = 1,
                    batchSize: Int = 128, readers: [any Reader] = [PlantedTitleFault()],
                    into folder: URL?) throws -> FuzzReport {
        let fixtures = try CorpusTestSupport.fixtures()
        let plan = FuzzPlan(seed: seed, extent: extent, shard: shard, jobs: jobs, batchSize: batchSize)
        let store = try folder.map { try FindingStore(folder: $0) }
        return try FuzzRun(plan: plan, generator: FuzzCaseGenerator(seed: seed, fixtures: fixtures),
                           reference: CReferenceReader(), readers: readers, store: store).run()
    }

    /// File name → bytes of every file in `folder`.
    static func contents(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            files[name] = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path)
        }
        return files
    }
}

import ContractModel
import Foundation
import HarnessCorpus
import HarnessGate
import HarnessReaders
import TestSupport

/// A copy of the repository's tree cut down to a few fixtures, for tests that plant a fault
/// in one fixture or case and would otherwise run the gate (often the debug CLI) on all 8,603
/// cases to see it. It holds the named fixtures, the zone-day file (the corpus needs it) and,
/// when asked, the app states; golden/expected and golden/kotlin keep exactly the lines of
/// those fixtures' cases (whole files, and whole lines of states.jsonl), and a divergence-list
/// entry that matches no case of the cut tree is turned into a comment at its own line (so
/// line numbers stay). The pristine cut is built once per shape and test process (or test run:
/// SmallTreeCache), and refused unless the gate passes on it with every reader and the
/// recording: a broken cut cannot make a test that expects a failure vacuous. Every call
/// hands out a fresh copy of it.
extension GateTestSupport {
    /// `fixtures`: names in golden/fixtures (without `.json`); `states`: keep golden/states,
    /// and with it the `writer` family (its cases run the writer end).
    package static func smallTree(fixtures: [String] = ["legacy"], states: Bool = false) throws -> HarnessPaths {
        let pristine = try SmallTreeCache.shared.pristine(SmallTreeShape(fixtures: fixtures.sorted(), states: states))
        let folder = Scratch.url("small-tree")
        try FileManager.default.copyItem(at: pristine.root, to: folder)
        return HarnessPaths(root: folder)
    }

    /// The small tree for tests about canonical's cases (most mutations apply only to it, so
    /// most list entries excuse cases there): canonical alone, under half the corpus.
    package static func canonicalTree() throws -> HarnessPaths {
        try smallTree(fixtures: ["canonical"])
    }

    /// The small tree with the app states (the `writer` family, whose Kotlin lines have listed
    /// deviations) next to two fixtures: many-tasks, whose state
    /// `GoldenProvenanceTests.renameFirstTitle` edits with it, and legacy, which it leaves alone.
    package static func statesTree() throws -> HarnessPaths {
        try smallTree(fixtures: ["many-tasks", "legacy"], states: true)
    }

    /// The line a list entry becomes when the cut tree has no case it excuses.
    package static let smallTreeLeftOutEntry = "# (left out of this small test tree: it excuses no case here)"
}

/// What a small tree holds.
struct SmallTreeShape: Hashable, Sendable {
    var fixtures: [String]
    var states: Bool
}

/// The pristine small trees of this test process, built on first use (one at a time). Under
/// `WIDGETCONTRACT_TEST_TREES` (a folder scripts/test makes for one run and removes after it)
/// the test processes of that run share them: the first to need a shape builds it there under
/// a lock while the others wait, instead of every XCTest shard building (and validating with
/// every reader) the same trees again. Without it each process builds its own, removed at exit.
final class SmallTreeCache: @unchecked Sendable {
    static let shared = SmallTreeCache()
    private let lock = NSLock()
    private var built: [SmallTreeShape: Result<HarnessPaths, any Error>] = [:]

    /// The pristine trees are removed when the test process exits (XCTest ends with `exit`).
    private static let removedAtExit: Void = { atexit { SmallTreeCache.shared.removeAll() } }()

    func pristine(_ shape: SmallTreeShape) throws -> HarnessPaths {
        _ = Self.removedAtExit
        lock.lock()
        defer { lock.unlock() }
        if let result = built[shape] { return try result.get() }
        let result: Result<HarnessPaths, any Error>
        if let shared = ProcessInfo.processInfo.environment["WIDGETCONTRACT_TEST_TREES"], !shared.isEmpty {
            result = Result { try Self.shared(shape, in: URL(fileURLWithPath: shared)) }
        } else {
            result = Result { try Self.build(shape, into: Scratch.url("small-tree-pristine")) }
        }
        built[shape] = result
        return try result.get()
    }

    /// The run's shared tree of `shape` in `folder`: there already, or built by this process
    /// while it holds the shape's lock (another process building it meanwhile is waited for).
    /// Renamed into place only once validated, so a tree that is there is a whole one.
    private static func shared(_ shape: SmallTreeShape, in folder: URL) throws -> HarnessPaths {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let key = shape.fixtures.joined(separator: "+") + (shape.states ? "+states" : "")
        let tree = folder.appendingPathComponent(key)
        let lock = open(folder.appendingPathComponent("\(key).lock").path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        guard lock >= 0 else { throw SmallTreeError("cannot open the lock of the shared small tree \(tree.path): errno \(errno)") }
        defer { close(lock) }
        while flock(lock, LOCK_EX) != 0 {
            guard errno == EINTR else { throw SmallTreeError("cannot lock the shared small tree \(tree.path): errno \(errno)") }
        }
        defer { flock(lock, LOCK_UN) }
        if !FileManager.default.fileExists(atPath: tree.path) {
            let partial = folder.appendingPathComponent("\(key).partial-\(UUID().uuidString)")
            do {
                _ = try build(shape, into: partial)
            } catch {
                try? FileManager.default.removeItem(at: partial)
                throw error
            }
            try FileManager.default.moveItem(at: partial, to: tree)
        }
        return HarnessPaths(root: tree)
    }

    private func removeAll() {
        guard ProcessInfo.processInfo.environment["WIDGETCONTRACT_TEST_TREES"]?.isEmpty != false else { return }  // the run's, not this process's
        lock.withLock {
            for case .success(let paths) in built.values { try? FileManager.default.removeItem(at: paths.root) }
            built = [:]
        }
    }

    private static func build(_ shape: SmallTreeShape, into folder: URL) throws -> HarnessPaths {
        let files = FileManager.default
        let source = TestRepository.root
        let golden = folder.appendingPathComponent("golden")
        try files.createDirectory(at: folder.appendingPathComponent("scripts"), withIntermediateDirectories: true)
        for item in ["schemas", "scripts/build-writer", "ends/writer", "golden/zones", "golden/divergences", "golden/findings"]
            + (shape.states ? ["golden/states"] : []) {
            try files.createDirectory(at: folder.appendingPathComponent(item).deletingLastPathComponent(), withIntermediateDirectories: true)
            try files.copyItem(at: source.appendingPathComponent(item), to: folder.appendingPathComponent(item))
        }
        // The fixtures (and golden/fixtures' other files, e.g. its README), then the golden
        // files of exactly their cases: one file per fixture, plus zones (and states).
        let fixtureFolder = source.appendingPathComponent("golden/fixtures")
        try files.createDirectory(at: golden.appendingPathComponent("fixtures"), withIntermediateDirectories: true)
        for name in try files.contentsOfDirectory(atPath: fixtureFolder.path)
        where !name.hasSuffix(".json") || shape.fixtures.contains(String(name.dropLast(".json".count))) {
            try files.copyItem(at: fixtureFolder.appendingPathComponent(name), to: golden.appendingPathComponent("fixtures/\(name)"))
        }
        let kept = shape.fixtures + [ZoneDayCases.fixtureName] + (shape.states ? [WriterFamily.fixtureName] : [])
        for (store, extra) in [("expected", [String]()), ("kotlin", ["RECORDING.json"])] {
            try files.createDirectory(at: golden.appendingPathComponent(store), withIntermediateDirectories: true)
            for name in kept.map({ "\($0).jsonl" }) + extra {
                let from = source.appendingPathComponent("golden/\(store)/\(name)")
                guard files.fileExists(atPath: from.path) else { throw SmallTreeError("golden/\(store)/\(name) is missing in the repository") }
                try files.copyItem(at: from, to: golden.appendingPathComponent("\(store)/\(name)"))
            }
        }
        if shape.states { try keepOnlyTheStatesOfKeptFixtures(shape, golden: golden) }
        let paths = HarnessPaths(root: folder)
        let corpus = try Corpus.load(paths, jobs: ProcessInfo.processInfo.activeProcessorCount)
        // List entries that match no case of the cut tree would be stale here (and only here).
        let ids = corpus.cases.map(\.id)
        let lists = golden.appendingPathComponent("divergences")
        for name in try files.contentsOfDirectory(atPath: lists.path) where name.hasSuffix(".txt") {
            let url = lists.appendingPathComponent(name)
            var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
            let list = try DivergenceList.parse(lines.joined(separator: "\n"), file: "golden/divergences/\(name)")
            for entry in list.entries where !ids.contains(where: entry.matches) {
                lines[entry.line - 1] = GateTestSupport.smallTreeLeftOutEntry
            }
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        }
        // The precondition every user relies on: the cut tree passes, every case compared.
        let result = try Gate.check(paths, corpus: corpus, options: Gate.Options())
        guard result.passed, result.freshness.allSatisfy(\.isFresh) else {
            throw SmallTreeError("the small tree \(shape) does not pass `check`: \(result.problems) "
                                 + "\(result.verdicts.map { "\($0.reader): \($0.unexpected.count) unexpected, stale \($0.staleEntries.map(\.pattern))" })")
        }
        let expectedCases = Set(result.corpus.cases.map { String(CaseID.fixture(of: $0.id)) })
        guard expectedCases == Set(kept) else {
            throw SmallTreeError("the small tree \(shape) holds the cases of \(expectedCases.sorted()), not of \(kept.sorted())")
        }
        return paths
    }

    /// golden/states/fixtures.jsonl holds the app state behind each writer-valid fixture
    /// (`fixtures/<name>`), which the gate checks against that fixture: only the states of
    /// fixtures the cut keeps stay, and with them only their `writer.fixtures#<name>` lines in
    /// golden/expected/states.jsonl and golden/kotlin/states.jsonl (whole recorded lines).
    private static func keepOnlyTheStatesOfKeptFixtures(_ shape: SmallTreeShape, golden: URL) throws {
        func filter(_ relative: String, keep: (String) -> Bool) throws {
            let url = golden.appendingPathComponent(relative)
            let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            try lines.filter { line in
                guard line.hasPrefix("{\"id\":\"") else { return true }
                return keep(String(line.dropFirst(7).prefix { $0 != "\"" }))
            }.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        }
        try filter("states/fixtures.jsonl") { id in
            !id.hasPrefix("fixtures/") || shape.fixtures.contains(String(id.dropFirst("fixtures/".count)))
        }
        for store in ["expected", "kotlin"] {
            try filter("\(store)/\(WriterFamily.fixtureName).jsonl") { id in
                let prefix = "\(WriterFamily.fixtureName)/writer.fixtures#"
                guard id.hasPrefix(prefix) else { return true }
                let fixture = id.dropFirst(prefix.count).prefix { $0 != "@" }
                return shape.fixtures.contains(String(fixture))
            }
        }
    }
}

struct SmallTreeError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The repository's own corpus, loaded once per test process: many tests look cases up in
/// it, and generating the 8,603 cases (and running the writer end) in a debug build is
/// seconds each time. Corpus is a value: a test cannot change the shared one.
extension GateTestSupport {
    package static func repositoryCorpus() throws -> Corpus {
        try RepositoryCorpus.shared.get()
    }
}

private enum RepositoryCorpus {
    static let shared = Result { try Corpus.load(HarnessPaths(root: TestRepository.root), jobs: ProcessInfo.processInfo.activeProcessorCount) }
}

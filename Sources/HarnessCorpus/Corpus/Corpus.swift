import ContractModel
import Dispatch
/// The golden fixtures and the case stream generated from them: what every reader runs on.
package struct Corpus: Sendable {
    package let fixtures: [Fixture]
    package let cases: [Case]
    /// `golden/zones/transitions.json` as read (with its seal), when the corpus was loaded
    /// from a tree; the gate checks it.
    package let zoneDays: ZoneDayFile?
    /// The app states of `golden/states` and the writer's blob of each (their cases are the
    /// last in `cases`), when the tree has states; the gate judges the writer on them.
    package let writer: WriterFamily?
    /// The fixtures and state files of an app's contract folder (`CorpusSources`), whose cases
    /// no golden file of the harness's tree holds.
    package var appFixtures: Set<String> = []
    package var appStateFiles: Set<String> = []

    package init(fixtures: [Fixture], cases: [Case], zoneDays: ZoneDayFile? = nil, writer: WriterFamily? = nil) {
        self.fixtures = fixtures
        self.cases = cases
        self.zoneDays = zoneDays
        self.writer = writer
    }

    /// What turns the tree's state lines into blobs (the writer end, run by the layer that
    /// runs processes): its command line and one answer per state, in order.
    package typealias StateWriting = @Sendable ([StateLine]) throws -> (command: String, answers: [WriterAnswer])

    /// Loads `golden/fixtures/`, `golden/zones/transitions.json` and `golden/states/` under
    /// the tree and expands them into cases: the fixtures' cases, then the zone-day cases,
    /// then the `writer` family (each state through `write`, which is not called when the tree
    /// has no states). Cases are generated on up to `jobs` threads (the same cases at any `jobs`).
    package static func load(_ paths: HarnessPaths, jobs: Int = 1, writingStates write: @escaping StateWriting) throws -> Corpus {
        let sources = try CorpusSources.load(paths)
        let fixtures = sources.fixtures
        let zoneDays = sources.zoneDays
        // The writer end runs while the fixtures' cases are generated (it is a child process).
        let states = sources.states
        let written = Written()
        let group = DispatchGroup()
        if let states {
            DispatchQueue.global().async(group: group) { written.result = Result { try write(states) } }
        }
        // Bounded as it is made: the fixtures' cases, then the zone days', then the writer family's.
        let made = Result { () throws(HarnessInputError) in try CaseGenerator(fixtures: fixtures).cases(jobs: jobs, limit: MadeLimits.cases) }
        group.wait()  // (the writer end is never left running)
        var cases = try made.get()
        let zoneCases = zoneDays.map(ZoneDayCases.cases) ?? []
        guard cases.count + zoneCases.count <= MadeLimits.cases else {
            throw CaseGenerator.overLimit(cases.count + zoneCases.count, limit: MadeLimits.cases, at: ZoneDayFile.path)
        }
        cases += zoneCases
        var writer: WriterFamily?
        if let states, let result = written.result {
            let (command, answers) = try result.get()
            let (family, writerCases) = WriterFamily.build(states: states, answers: answers, command: command)
            guard cases.count + writerCases.count <= MadeLimits.cases else {
                throw CaseGenerator.overLimit(cases.count + writerCases.count, limit: MadeLimits.cases, at: StateLines.directory)
            }
            writer = family
            cases += writerCases
        }
        var corpus = Corpus(fixtures: fixtures, cases: cases, zoneDays: zoneDays, writer: writer)
        corpus.appFixtures = sources.appFixtures
        corpus.appStateFiles = sources.appStateFiles
        return corpus
    }

    /// The positions of the cases made from the app's own fixtures and states, in case order.
    package var appCaseIndices: [Int] {
        guard !appFixtures.isEmpty || !appStateFiles.isEmpty else { return [] }
        let fromAppStates = Set((writer?.entries ?? []).filter { appStateFiles.contains($0.state.file) }.flatMap(\.caseIds))
        return cases.indices.filter { index in
            let id = cases[index].id
            return appFixtures.contains(String(CaseID.fixture(of: id))) || fromAppStates.contains(id)
        }
    }

    /// The JSONL case stream (CONTRACT §6), exactly as `contract-harness tool cases` writes it.
    package var streamBytes: [UInt8] { CaseStream.encode(cases) }

    /// The fingerprint a recording names to say which stream it was made from.
    package var streamHash: String { SHA256.hex(streamBytes) }
}

/// The writer's answers, handed from the thread that waited for them (read after `wait`).
private final class Written: @unchecked Sendable {
    var result: Result<(command: String, answers: [WriterAnswer]), any Error>?
}

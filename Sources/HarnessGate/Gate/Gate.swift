import ContractModel
import Foundation
import WidgetSnapshot
import HarnessCorpus
import HarnessReaders

/// The CI gate (`contract-harness check`): runs every reader on every case, compares each
/// with the expected outputs, applies the reviewed divergence lists, and passes only when
/// every deviation is listed and every listed entry still happens.
package enum Gate {
    /// What to run besides the corpus.
    package struct Options: Sendable {
        /// The readers the harness knows; by default Swift, the C reference and the recorded
        /// Kotlin end (`ReaderRoster.standard`).
        package var roster: ReaderRoster
        /// In-process readers; by default the roster's (the Swift reader and the C
        /// reference). Tests swap in wrappers with planted faults.
        package var readers: [any Reader]
        /// `--testee NAME=COMMAND`.
        package var testees: [ExternalProcessReader]
        /// Compare the roster's recorded readers (`golden/kotlin/`).
        package var includeRecordings: Bool
        package var jobs: Int
        /// This machine's zone dimension, for the tzdata comparison of the zone file; tests
        /// inject another machine.
        package var zoneScan: @Sendable () throws -> ZoneScan = { try ZoneScan.run() }
        /// A zone file of another tzdata than this machine's: a notice, a failure (CI), or
        /// checked on a machine the run names (`--zones-checked-on`).
        package var foreignTzdata = ForeignTzdata.notice
        /// The writer end that turns golden/states into the `writer` family: the tree's own,
        /// or `--writer COMMAND`.
        package var writer: WriterCommand = .tree
        /// How long that writer may take (its start, each state's line): the command's flags.
        package var writerTimeouts = WriterTimeouts()
        /// The revision that writer declares (`--writer CMD@N`); none: each state's own.
        package var writerRevision = WriterRevision()
        /// The Kotlin end run live (`check --kotlin`), made only when a foreign writer's cases
        /// are judged live (`WriterLiveCases`): it reads them as the recorded `kotlin` reader
        /// (its list, its departures), since golden/kotlin holds no line for them.
        package var liveKotlin: (@Sendable () throws -> any Reader)?
        /// Testees that run on Linux Foundation (an app's Swift reader built here): a case where
        /// swift-corelibs-foundation is known to differ from Apple's (`LinuxFoundation`) is not
        /// judged for them, and every report says which.
        package var linuxFoundation: Set<String> = []
        /// The queue contract (CONTRACT.md §10): its ends and cases; nil leaves it out (a test's
        /// small tree, `check --no-queue`), and every report then says it was not judged.
        package var queue: QueueGate.Options?
        /// Why the queue was left out, for every report (when `queue` is nil).
        package var queueLeftOut = "the tap queue contract (CONTRACT.md §10) was not judged in this run"

        package init(roster: ReaderRoster = .standard, readers: [any Reader]? = nil, testees: [ExternalProcessReader] = [],
                    includeRecordings: Bool = true, jobs: Int = ProcessInfo.processInfo.activeProcessorCount) {
            self.roster = roster
            self.readers = readers ?? roster.inProcessReaders
            self.testees = testees
            self.includeRecordings = includeRecordings
            self.jobs = jobs
        }
    }

    package static func check(_ paths: HarnessPaths, options: Options = Options()) throws -> GateResult {
        // Bad names are bad input before any work: the corpus (and the writer) come after.
        try checkReaderNames(options)
        let corpus = try Corpus.load(paths, jobs: options.jobs, writer: options.writer, timeouts: options.writerTimeouts)
        return try check(paths, corpus: corpus, options: options)
    }

    /// One reader in the gate's loop: how it is known, what it read, and on which cases its
    /// own golden lines (a recording's) belong to the case as it is now.
    private struct Judged {
        var entry: ReaderEntry
        var list: DivergenceList
        var outcomes: [ReaderOutcome]
        var current: [Bool]?
    }

    package static func check(_ paths: HarnessPaths, corpus: Corpus, options: Options) throws -> GateResult {
        try checkReaderNames(options)
        let ids = corpus.cases.map(\.id)
        // The readers read first: an expected line byte-identical to the line the C reference's
        // view is stored as (every line of a tree that passes) is not parsed again.
        // (A testee's entry runs on the platform its list declares.)
        let running = options.readers.map { (options.roster.entry(for: $0), $0) } + options.testees.map { (ReaderEntry.liveTestee($0), $0 as any Reader) }
        var lineup: [Judged] = []
        for (known, reader) in running {
            let (entry, list) = try paths.judged(known)
            lineup.append(Judged(entry: entry, list: list, outcomes: reader.decodeAll(corpus.cases, jobs: options.jobs)))
        }
        let referenceLines = lineup.first { $0.entry.role == .reference }
            .map { ViewStore.storedLines(of: $0.outcomes, jobs: options.jobs) } ?? [:]
        let stored = try paths.expected.loadLines(jobs: options.jobs, reusing: referenceLines)
        // What each case is now, once for every golden folder.
        let fingerprints = ParallelMap.map(corpus.cases, jobs: options.jobs, CaseFingerprint.of)
        // A foreign writer's blobs unlike the tree writer's: judged live, not called stale.
        // (In a run for an app, the cases of its own fixtures and states too: no golden line holds them.)
        let live = WriterLiveCases.find(corpus, writer: options.writer, stored: stored, fingerprints: fingerprints)
            .including(app: corpus.appCaseIndices)
        let expectedFreshness = live.adjusting(GoldenFreshness.assess(stored, cases: corpus.cases, fingerprints: fingerprints, in: .expected)
                                                   .forAppCorpus(paths), cases: corpus.cases, compared: true)
        var problems = expectedFreshness.problems
        // (A corpus a test built may have no zone file.)
        var notices: [String] = []
        if let file = corpus.zoneDays {
            let zones = ZoneDimensionCheck.assess(file, scan: options.zoneScan, foreign: options.foreignTzdata)
            problems += zones.problems
            notices += zones.notice.map { [$0] } ?? []
        }
        // The writer side: its blobs against the writer schemas, what they show against what
        // the states mean, the writer-valid fixtures regenerated.
        let writer = try WriterChecks.run(corpus, root: paths.root, jobs: options.jobs, writer: options.writerRevision,
                                          foreign: options.writer != .tree)
        problems += writer.problems
        notices += writer.notices
        notices += live.writerNotice.map { [$0] } ?? []
        // The C reference answers each device case under the device's POSIX locale: where this
        // machine lacks one, it did not, and every report says so.
        if lineup.contains(where: { $0.entry.role == .reference }), let notice = DevicePOSIXLocale.notice(for: corpus.cases) {
            notices.append(notice)
        }
        notices += live.appNotice.map { [$0] } ?? []
        var freshness = [expectedFreshness]
        var expected = ids.map { stored[$0]?.outcome ?? .failure("no expected output") }
        // Only cases whose expected output was written from the case as it is now are compared:
        // a stale line says nothing about any reader.
        let comparable = ids.indices.filter { expectedFreshness.current[$0] }

        // (The standard roster's names too: a test's own roster may leave some out.)
        // The readers this run judges own their lists: the roster's (and the standard roster's,
        // which a test's own roster may leave out), the testees, and readers handed in directly.
        try ListOwners.check(paths, known: options.roster.entries.map(\.name) + ReaderRoster.standard.entries.map(\.name)
                                + options.testees.map(\.name) + options.readers.map(\.name))
        if let contract = paths.contract {
            try ListOwners.check(contract, known: contract.config.readers.map(\.name) + options.roster.entries.filter(\.isAppsOwn).map(\.name)
                                    + options.testees.map(\.name))
        }
        // The harness's own readers are judged on the harness's cases (where their lists were
        // reviewed), an app's readers on every case.
        let appCases = Set(live.appIndices)
        // Which case inputs each case sets: what makes a later revision's question pending for a reader.
        let caseInputs = corpus.cases.map(PendingRule.inputs)
        var verdicts: [ReaderVerdict] = []
        var outcomes: [String: [ReaderOutcome]] = [:]
        if !live.isEmpty {
            // The live cases' expected view: the C reference's, as `update` would write it
            // (outcomes of `decodeAll` are compacted already).
            let reference = lineup.first { $0.entry.role == .reference }?.outcomes
            let views = live.indices.map { reference?[$0] ?? CReferenceReader().outcome(corpus.cases[$0]).compacted() }
            expected = live.merging(expected, live: views)
        }
        if !options.includeRecordings {
            // A run told to skip the recordings says so in every report: a pass without them is not the whole gate.
            notices += options.roster.recorded.map { "\($0.name)'s recording (\($0.golden?.displayPath ?? "")) was not compared: --no-recordings" }
        }
        for entry in options.includeRecordings ? options.roster.recorded : [] {
            guard let judged = try recording(of: entry, paths: paths, corpus: corpus, fingerprints: fingerprints, reusing: stored,
                                             jobs: options.jobs, live: live, liveKotlin: options.liveKotlin,
                                             problems: &problems, freshness: &freshness, notices: &notices) else { break }
            lineup.append(judged)
        }
        // The roster's recorded reader on each platform: what a testee on that platform is held to and pointed at.
        let platformReaders = lineup.map { ($0.entry, $0.list, $0.outcomes, $0.current) }
        let positions = Dictionary(ids.indices.map { (ids[$0], $0) }, uniquingKeysWith: { first, _ in first })
        for judged in lineup {
            outcomes[judged.entry.name] = judged.outcomes
            // A recording is compared where both the expected output and its line belong to the case as it is now.
            let appsOwn = paths.contract != nil && judged.entry.isAppsOwn
            var compared = judged.current.map { current in comparable.filter { current[$0] } } ?? comparable
            if !appsOwn && !appCases.isEmpty { compared.removeAll { appCases.contains($0) } }
            var linuxFoundationCases: [Int] = []
            if options.linuxFoundation.contains(judged.entry.name) {
                let explained = LinuxFoundation.explained(corpus.cases, expected: expected, got: judged.outcomes, among: compared)
                linuxFoundationCases = explained.flatMap(\.positions)
                let left = Set(linuxFoundationCases)
                compared.removeAll { left.contains($0) }
                if !explained.isEmpty { notices.append(LinuxFoundation.notice(reader: judged.entry.name, explained, ids: ids)) }
            }
            var verdict = judge(judged.entry, on: compared, ids: ids, expected: expected, got: judged.outcomes, list: judged.list,
                                caseInputs: caseInputs, jobs: options.jobs,
                                reviewedElsewhere: (appsOwn ? live.indices.filter { !appCases.contains($0) } : live.indices) + linuxFoundationCases)
            if !appsOwn, paths.contract?.config.corpus != nil {
                // The harness's own lists were reviewed on its whole corpus: on the few fixtures an
                // app's config runs, an entry that excuses nothing here says nothing about the list.
                verdict.staleEntries = []
                verdict.unusedFields = [:]
            }
            let platform = judged.entry.declaresOwnPlatform
                ? PlatformEvidence.find(judged.entry.platform ?? .orgJSON, among: platformReaders) : nil
            if let declared = judged.entry.platform, judged.entry.declaresOwnPlatform, platform == nil {
                notices.append("\(judged.entry.name) declares \(declared.rawValue) (\(judged.list.file)), but no recording on it was compared: its departures were held to their causes only, not to what that platform reads")
            }
            problems += DepartureCheck.problems(verdict, list: judged.list, cases: corpus.cases, expected: expected, got: judged.outcomes,
                                                platform: judged.entry.platform == nil ? nil : platform)
            if let advice = platform?.advice(for: verdict, positions: positions, got: judged.outcomes) { verdict.advice.append(advice) }
            verdicts.append(verdict)
        }
        // "The widget shows" in a writer finding is the C reference's view: where that reader itself
        // deviates from golden/expected, the finding may be the reader's, not the writer's.
        if let reference = verdicts.first(where: { $0.entry.role == .reference }), !reference.unexpected.isEmpty {
            problems = WriterChecks.notingReferenceDeviations(problems, deviating: Set(reference.unexpected.map(\.caseId)),
                                                              reader: reference.reader)
        }
        var result = GateResult(corpus: corpus, expected: expected, outcomes: outcomes, verdicts: verdicts,
                                problems: problems, notices: notices, freshness: freshness)
        result.reachability = WriterReachability.ofDeviations(result, notWriterMade: WriterReachability.fixtureFindings(paths))
        result.writerCases = live
        if let queue = options.queue {
            result.queue = try QueueGate.run(paths, snapshotCases: corpus.cases, options: queue)
        } else {
            result.queueLeftOut = options.queueLeftOut
        }
        return result
    }

    /// A recorded reader's views, replayed from its golden folder. Every recorded line is
    /// accounted for: one for a case that changed since, a case not recorded yet, or an id
    /// the stream no longer has is a stale recording. Nil (after a problem) when the folder
    /// holds none: the run stops judging there.
    /// Writer cases judged live (`WriterLiveCases`) have no recorded line: the Kotlin end reads
    /// them live when `liveKotlin` is given, else they are not compared and a notice says so.
    private static func recording(of entry: ReaderEntry, paths: HarnessPaths, corpus: Corpus, fingerprints: [String],
                                  reusing expectedLines: [String: ViewStore.StoredLine], jobs: Int,
                                  live: WriterLiveCases, liveKotlin: (@Sendable () throws -> any Reader)?,
                                  problems: inout [String], freshness: inout [GoldenFreshness], notices: inout [String]) throws -> Judged? {
        guard let folder = entry.golden else { return nil }
        let list = try paths.divergenceList(for: entry)
        let store = paths.store(folder)
        guard try store.holdsViews() else {
            problems.append("\(folder.displayPath) is missing or empty: record it with `\(folder.commandLine)` (or pass --no-recordings)")
            return nil
        }
        // A recorded line byte-identical to its case's expected line is not parsed again.
        let lines = try store.loadLines(jobs: jobs, reusing: expectedLines)
        let liveReader = live.isEmpty || entry.name != KotlinTestee.name ? nil : try liveKotlin?()
        // An app's recording is made from the app's whole case stream: nothing in it is judged live.
        let assessed = GoldenFreshness.assess(lines, cases: corpus.cases, fingerprints: fingerprints, in: folder)
        let recording = folder.inContractFolder ? assessed
            : live.adjusting(assessed.forAppCorpus(paths), cases: corpus.cases, compared: liveReader != nil)
        problems += recording.problems
        freshness.append(recording)
        var got = RecordedReader(name: entry.name, outcomes: lines.mapValues(\.outcome)).decodeAll(corpus.cases, jobs: 1)
        if let liveReader {
            got = live.merging(got, live: liveReader.decodeAll(live.indices.map { corpus.cases[$0] }, jobs: jobs))
            notices.append(live.readLiveNotice(entry))
        } else if !folder.inContractFolder, let notice = live.notRecordedNotice(entry) {
            notices.append(notice)
        }
        return Judged(entry: entry, list: list, outcomes: got, current: recording.current)
    }

    /// Judges a reader on the comparable cases only. A list entry that names a case left out
    /// (its golden line is stale) cannot be called stale: nobody knows whether it still happens.
    /// Nor can one that names a case of `reviewedElsewhere` (a writer case judged live: the list
    /// was reviewed on the tree writer's blob, which this run did not read); it still excuses.
    static func judge(_ reader: ReaderEntry, on comparable: [Int], ids: [String], expected: [ReaderOutcome],
                      got: [ReaderOutcome], list: DivergenceList, caseInputs: [Set<String>]? = nil, jobs: Int = 1,
                      reviewedElsewhere: [Int] = []) -> ReaderVerdict {
        var verdict = ReaderVerdict.judge(reader: reader, caseIds: comparable.map { ids[$0] },
                                          expected: comparable.map { expected[$0] }, got: comparable.map { got[$0] }, list: list,
                                          caseInputs: caseInputs.map { inputs in comparable.map { inputs[$0] } }, jobs: jobs)
        verdict.caseIds = ids  // suggested patterns cover neither agreeing nor uncompared cases
        if comparable.count < ids.count || !reviewedElsewhere.isEmpty {
            let compared = Set(comparable).subtracting(reviewedElsewhere)
            let left = ids.indices.filter { !compared.contains($0) }.map { ids[$0] }
            let undecided = Set(left.flatMap { list.entries(matching: $0) }.map(\.line))
            verdict.staleEntries.removeAll { undecided.contains($0.line) }
            verdict.unusedFields = verdict.unusedFields.filter { !undecided.contains($0.key) }
        }
        return verdict
    }

    /// Reader names key the lists (`golden/divergences/<name>.txt`) and the reports: two
    /// readers with one name, or a testee named like a reader of the roster or a golden
    /// folder (`expected`), would mix their outcomes, so they are refused (exit 2).
    static func checkReaderNames(_ options: Options) throws(HarnessInputError) {
        var seen = Set(options.readers.map(\.name))
        let reserved = options.roster.reservedNames
        for testee in options.testees {
            guard !reserved.contains(testee.name) else {
                throw HarnessInputError(file: "--testee \(testee.name)", message: "`\(testee.name)` is the name of a built-in reader (\(reserved.joined(separator: ", "))); name the testee after its own reader")
            }
            guard seen.insert(testee.name).inserted else {
                throw HarnessInputError(file: "--testee \(testee.name)", message: "two testees are named `\(testee.name)`; each needs its own name (and list golden/divergences/<name>.txt)")
            }
        }
    }

    /// Rewrites `golden/expected/` from the C reference (atomically, one file per fixture).
    /// Returns the files whose content changed. The writer family comes from the tree's own
    /// writer end, never another (`check --writer` judges another writer's blobs live).
    package static func update(_ paths: HarnessPaths, reference: any InProcessReader = CReferenceReader(),
                              jobs: Int = ProcessInfo.processInfo.activeProcessorCount) throws -> [String] {
        let corpus = try Corpus.load(paths, writer: .tree)
        // Long texts as digests (`LongTextDigest`): a golden line holds what a view needs.
        let outcomes = ParallelMap.map(corpus.cases, jobs: jobs) { reference.outcome($0).compacted() }
        var views: [DecodedView] = []
        views.reserveCapacity(outcomes.count)
        for (testCase, outcome) in zip(corpus.cases, outcomes) {
            switch outcome {
            case .view(let view):
                views.append(view)
            case .failure(let reason):
                throw HarnessInputError(file: paths.expected.displayName,
                                        message: "case \(testCase.id): the \(reference.name) reader produced no view (\(reason)); nothing written")
            }
        }
        return try paths.expected.write(views, cases: corpus.cases)
    }
}

/// Everything a gate run found, for the summary, the reports and `explain`.
package struct GateResult: Sendable {
    package let corpus: Corpus
    /// Expected outcome per case, in case order.
    package let expected: [ReaderOutcome]
    /// Each compared reader's outcomes, in case order.
    package let outcomes: [String: [ReaderOutcome]]
    package let verdicts: [ReaderVerdict]
    /// Problems with the golden files themselves (stale, missing, orphaned or hand-edited
    /// lines), each with the command that fixes it.
    package let problems: [String]
    /// What the gate could not check on this machine (the tzdata comparison of the zone file
    /// under another tzdata version): not a failure, but every report says it.
    package var notices: [String] = []
    /// `golden/expected` and (when judged per case) `golden/kotlin` against the corpus.
    package let freshness: [GoldenFreshness]
    /// Whether the writer can produce each deviating case's blob (`WriterReachability`), by case id.
    package var reachability: [String: WriterReachability.Verdict] = [:]
    /// The writer cases another team's writer made unlike the tree's, judged live (none for the tree's writer).
    package var writerCases = WriterLiveCases()
    /// The queue contract's verdict (CONTRACT.md §10); nil when the run left it out.
    package var queue: QueueGateResult?
    /// Why the queue was not judged (when `queue` is nil), said in every report.
    package var queueLeftOut = "the tap queue contract (CONTRACT.md §10) was not judged in this run"

    package var passed: Bool { problems.isEmpty && verdicts.allSatisfy(\.passed) && queue?.passed != false }
}

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
        /// In-process readers; by default the Swift reader and the C reference. Tests swap in
        /// wrappers with planted faults.
        package var readers: [any Reader]
        /// `--testee NAME=COMMAND`.
        package var testees: [ExternalProcessReader]
        /// Compare `golden/kotlin/` when present.
        package var includeRecordings: Bool
        package var jobs: Int
        /// This machine's zone dimension, for the tzdata comparison of the zone file; tests
        /// inject another machine.
        package var zoneScan: @Sendable () throws -> ZoneScan = { try ZoneScan.run() }

        package init(readers: [any Reader] = Gate.defaultReaders, testees: [ExternalProcessReader] = [],
                    includeRecordings: Bool = true, jobs: Int = ProcessInfo.processInfo.activeProcessorCount) {
            self.readers = readers
            self.testees = testees
            self.includeRecordings = includeRecordings
            self.jobs = jobs
        }
    }

    package static let defaultReaders: [any Reader] = [SwiftReader(), CReferenceReader()]

    package static func check(_ paths: HarnessPaths, options: Options = Options()) throws -> GateResult {
        let corpus = try Corpus.load(paths)
        return try check(paths, corpus: corpus, options: options)
    }

    package static func check(_ paths: HarnessPaths, corpus: Corpus, options: Options) throws -> GateResult {
        let ids = corpus.cases.map(\.id)
        let stored = try paths.expected.loadLines()
        let expectedFreshness = GoldenFreshness.assess(stored, cases: corpus.cases, in: .expected)
        var problems = expectedFreshness.problems
        // (A corpus a test built may have no zone file.)
        var notices: [String] = []
        if let file = corpus.zoneDays {
            let zones = ZoneDimensionCheck.assess(file, scan: options.zoneScan)
            problems += zones.problems
            notices += zones.notice.map { [$0] } ?? []
        }
        var freshness = [expectedFreshness]
        let expected = ids.map { stored[$0]?.outcome ?? .failure("no expected output") }
        // Only cases whose expected output was written from the case as it is now are compared:
        // a stale line says nothing about any reader.
        let comparable = ids.indices.filter { expectedFreshness.current[$0] }

        try checkReaderNames(options)
        var verdicts: [ReaderVerdict] = []
        var outcomes: [String: [ReaderOutcome]] = [:]
        for reader in options.readers + options.testees.map({ $0 as any Reader }) {
            let list = try paths.divergenceList(for: reader.name)
            let got = reader.decodeAll(corpus.cases, jobs: options.jobs)
            outcomes[reader.name] = got
            verdicts.append(judge(reader.name, on: comparable, ids: ids, expected: expected, got: got, list: list))
        }
        if options.includeRecordings {
            let list = try paths.divergenceList(for: "kotlin")
            guard try paths.kotlin.holdsViews() else {
                problems.append("golden/kotlin is missing or empty: record it with `CONTRACT_HARNESS=.build/debug/contract-harness scripts/record-kotlin` (or pass --no-recordings)")
                return GateResult(corpus: corpus, expected: expected, outcomes: outcomes, verdicts: verdicts,
                                  problems: problems, notices: notices, freshness: freshness)
            }
            // Every recorded line is accounted for: one for a case that changed since, a case
            // not recorded yet, or an id the stream no longer has is a stale recording.
            let lines = try paths.kotlin.loadLines()
            let recording = GoldenFreshness.assess(lines, cases: corpus.cases, in: .kotlin)
            problems += recording.problems
            freshness.append(recording)
            let got = RecordedReader(name: "kotlin", outcomes: lines.mapValues(\.outcome)).decodeAll(corpus.cases, jobs: 1)
            outcomes["kotlin"] = got
            // Compared where both the expected output and the recording belong to the case as it is now.
            verdicts.append(judge("kotlin", on: comparable.filter { recording.current[$0] }, ids: ids,
                                  expected: expected, got: got, list: list))
        }
        return GateResult(corpus: corpus, expected: expected, outcomes: outcomes, verdicts: verdicts,
                          problems: problems, notices: notices, freshness: freshness)
    }

    /// Judges a reader on the comparable cases only. A list entry that names a case left out
    /// (its golden line is stale) cannot be called stale: nobody knows whether it still happens.
    static func judge(_ reader: String, on comparable: [Int], ids: [String], expected: [ReaderOutcome],
                      got: [ReaderOutcome], list: DivergenceList) -> ReaderVerdict {
        var verdict = ReaderVerdict.judge(reader: reader, caseIds: comparable.map { ids[$0] },
                                          expected: comparable.map { expected[$0] }, got: comparable.map { got[$0] }, list: list)
        verdict.caseIds = ids  // suggested patterns cover neither agreeing nor uncompared cases
        if comparable.count < ids.count {
            let compared = Set(comparable)
            let left = ids.indices.filter { !compared.contains($0) }.map { ids[$0] }
            let undecided = Set(left.flatMap { list.entries(matching: $0) }.map(\.line))
            verdict.staleEntries.removeAll { undecided.contains($0.line) }
            verdict.unusedFields = verdict.unusedFields.filter { !undecided.contains($0.key) }
        }
        return verdict
    }

    /// Reader names key the lists (`golden/divergences/<name>.txt`) and the reports: two
    /// readers with one name, or a testee named like a built-in reader or `expected`, would
    /// mix their outcomes, so they are refused (exit 2).
    static func checkReaderNames(_ options: Options) throws(HarnessInputError) {
        var seen = Set(options.readers.map(\.name))
        let reserved: Set<String> = ["swift", "c", "kotlin", "expected"]
        for testee in options.testees {
            guard !reserved.contains(testee.name) else {
                throw HarnessInputError(file: "--testee \(testee.name)", message: "`\(testee.name)` is the name of a built-in reader (swift, c, kotlin, expected); name the testee after its own reader")
            }
            guard seen.insert(testee.name).inserted else {
                throw HarnessInputError(file: "--testee \(testee.name)", message: "two testees are named `\(testee.name)`; each needs its own name (and list golden/divergences/<name>.txt)")
            }
        }
    }

    /// Rewrites `golden/expected/` from the C reference (atomically, one file per fixture).
    /// Returns the files whose content changed.
    package static func update(_ paths: HarnessPaths, reference: any InProcessReader = CReferenceReader(),
                              jobs: Int = ProcessInfo.processInfo.activeProcessorCount) throws -> [String] {
        let corpus = try Corpus.load(paths)
        let outcomes = ParallelMap.map(corpus.cases, jobs: jobs) { reference.outcome($0) }
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

    package var passed: Bool { problems.isEmpty && verdicts.allSatisfy(\.passed) }
}

import Foundation
import WidgetSnapshot

/// The CI gate (`contract-harness check`): runs every reader on every case, compares each
/// with the expected outputs, applies the reviewed divergence lists, and passes only when
/// every deviation is listed and every listed entry still happens.
public enum Gate {
    /// What to run besides the corpus.
    public struct Options: Sendable {
        /// In-process readers; by default the Swift reader and the C reference. Tests swap in
        /// wrappers with planted faults.
        public var readers: [any Reader]
        /// `--testee NAME=COMMAND`.
        public var testees: [ExternalProcessReader]
        /// Compare `golden/kotlin/` when present.
        public var includeRecordings: Bool
        public var jobs: Int

        public init(readers: [any Reader] = Gate.defaultReaders, testees: [ExternalProcessReader] = [],
                    includeRecordings: Bool = true, jobs: Int = ProcessInfo.processInfo.activeProcessorCount) {
            self.readers = readers
            self.testees = testees
            self.includeRecordings = includeRecordings
            self.jobs = jobs
        }
    }

    public static let defaultReaders: [any Reader] = [SwiftReader(), CReferenceReader()]

    public static func check(_ paths: HarnessPaths, options: Options = Options()) throws -> GateResult {
        let corpus = try Corpus.load(paths)
        return try check(paths, corpus: corpus, options: options)
    }

    public static func check(_ paths: HarnessPaths, corpus: Corpus, options: Options) throws -> GateResult {
        let ids = corpus.cases.map(\.id)
        let stored = try paths.expected.load()
        var problems: [String] = []
        let missing = ids.filter { stored[$0] == nil }
        if !missing.isEmpty {
            problems.append("\(missing.count) cases have no expected output in golden/expected (first: \(missing[0])); review and run `contract-harness update`")
        }
        let known = Set(ids)
        let orphans = stored.keys.filter { !known.contains($0) }.sorted()
        if !orphans.isEmpty {
            problems.append("golden/expected names \(orphans.count) cases the corpus no longer has (first: \(orphans[0])); run `contract-harness update`")
        }
        let expected = ids.map { stored[$0] ?? .failure("no expected output") }

        try checkReaderNames(options)
        var verdicts: [ReaderVerdict] = []
        var outcomes: [String: [ReaderOutcome]] = [:]
        for reader in options.readers + options.testees.map({ $0 as any Reader }) {
            let list = try paths.divergenceList(for: reader.name)
            let got = reader.decodeAll(corpus.cases, jobs: options.jobs)
            outcomes[reader.name] = got
            verdicts.append(ReaderVerdict.judge(reader: reader.name, caseIds: ids, expected: expected, got: got, list: list))
        }
        if options.includeRecordings {
            let list = try paths.divergenceList(for: "kotlin")
            guard try paths.kotlin.holdsViews() else {
                problems.append("golden/kotlin is missing or empty: record it with `CONTRACT_HARNESS=.build/debug/contract-harness scripts/record-kotlin` (or pass --no-recordings)")
                return GateResult(corpus: corpus, expected: expected, outcomes: outcomes, verdicts: verdicts, problems: problems)
            }
            let header = try RecordingHeader.load(paths.kotlinRecordingHeader, displayName: "golden/kotlin/RECORDING.json")
            if header.caseStreamHash != corpus.streamHash {
                verdicts.append(ReaderVerdict(
                    reader: "kotlin",
                    notCompared: "golden/kotlin was recorded from another case stream (sha256 \(header.caseStreamHash.prefix(12))…, now \(corpus.streamHash.prefix(12))…); refresh it with `scripts/record-kotlin`",
                    caseCount: ids.count, deviations: [], staleEntries: [], listFile: list.file))
            } else {
                let recorded = try paths.kotlin.load()
                let unknown = recorded.keys.filter { !known.contains($0) }.sorted()
                if !unknown.isEmpty {
                    problems.append("golden/kotlin records \(unknown.count) case ids the case stream does not have (\(unknown.prefix(3).joined(separator: ", "))\(unknown.count > 3 ? ", …" : "")); re-record with `scripts/record-kotlin`")
                }
                let got = RecordedReader(name: "kotlin", outcomes: recorded).decodeAll(corpus.cases, jobs: 1)
                outcomes["kotlin"] = got
                verdicts.append(ReaderVerdict.judge(reader: "kotlin", caseIds: ids, expected: expected, got: got, list: list))
            }
        }
        return GateResult(corpus: corpus, expected: expected, outcomes: outcomes, verdicts: verdicts, problems: problems)
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
    public static func update(_ paths: HarnessPaths, reference: any InProcessReader = CReferenceReader(),
                              jobs: Int = ProcessInfo.processInfo.activeProcessorCount) throws -> [String] {
        let corpus = try Corpus.load(paths)
        let views = ParallelMap.map(corpus.cases, jobs: jobs) { reference.decode($0) }
        return try paths.expected.write(views)
    }
}

/// Everything a gate run found, for the summary, the reports and `explain`.
public struct GateResult: Sendable {
    public let corpus: Corpus
    /// Expected outcome per case, in case order.
    public let expected: [ReaderOutcome]
    /// Each compared reader's outcomes, in case order.
    public let outcomes: [String: [ReaderOutcome]]
    public let verdicts: [ReaderVerdict]
    /// Problems with the golden files themselves (missing or orphaned expected outputs).
    public let problems: [String]

    public var passed: Bool { problems.isEmpty && verdicts.allSatisfy(\.passed) }
}

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

        var verdicts: [ReaderVerdict] = []
        var outcomes: [String: [ReaderOutcome]] = [:]
        for reader in options.readers + options.testees.map({ $0 as any Reader }) {
            let got = reader.decodeAll(corpus.cases, jobs: options.jobs)
            outcomes[reader.name] = got
            verdicts.append(ReaderVerdict.judge(reader: reader.name, caseIds: ids, expected: expected, got: got,
                                                list: try paths.divergenceList(for: reader.name)))
        }
        if options.includeRecordings, paths.kotlin.exists {
            let list = try paths.divergenceList(for: "kotlin")
            let header = try RecordingHeader.load(paths.kotlinRecordingHeader, displayName: "golden/kotlin/RECORDING.json")
            if header.caseStreamHash != corpus.streamHash {
                verdicts.append(ReaderVerdict(
                    reader: "kotlin",
                    notCompared: "golden/kotlin was recorded from another case stream (sha256 \(header.caseStreamHash.prefix(12))…, now \(corpus.streamHash.prefix(12))…); refresh it with `scripts/record-kotlin`",
                    caseCount: ids.count, deviations: [], staleEntries: [], listFile: list.file))
            } else {
                let got = RecordedReader(name: "kotlin", outcomes: try paths.kotlin.load()).decodeAll(corpus.cases, jobs: 1)
                outcomes["kotlin"] = got
                verdicts.append(ReaderVerdict.judge(reader: "kotlin", caseIds: ids, expected: expected, got: got, list: list))
            }
        }
        return GateResult(corpus: corpus, expected: expected, outcomes: outcomes, verdicts: verdicts, problems: problems)
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

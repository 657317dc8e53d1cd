/// One seeded fuzz run: generates the shard's cases batch by batch, decodes them with the
/// reference and every other reader, shrinks each disagreement and saves it as a finding.
///
/// Everything a run writes depends only on the seed, the shard, the extent and the
/// readers — never on `jobs`, batch size or timing (except where a `--seconds` run stops):
/// cases are pure functions of their index, readers return outcomes in order, and
/// disagreements are shrunk one after another in index order.
public final class FuzzRun {
    public let plan: FuzzPlan
    public let generator: FuzzCaseGenerator
    /// The reader whose outputs are expected (the C reference).
    public let reference: any Reader
    /// The readers compared with it (Swift, testees).
    public let readers: [any Reader]
    public let store: FindingStore?
    public let stop: StopFlag

    public init(plan: FuzzPlan, generator: FuzzCaseGenerator, reference: any Reader, readers: [any Reader],
                store: FindingStore?, stop: StopFlag = StopFlag()) {
        precondition(generator.seed == plan.seed, "the generator's seed is the plan's")
        self.plan = plan
        self.generator = generator
        self.reference = reference
        self.readers = readers
        self.store = store
        self.stop = stop
    }

    /// Runs to the plan's extent (or a stop request); `progress` is called after each batch.
    public func run(progress: (FuzzProgress) -> Void = { _ in }) throws -> FuzzReport {
        var report = FuzzReport(seed: plan.seed, shard: plan.shard, jobs: plan.jobs)
        var decodeSeconds = [Double](repeating: 0, count: readers.count + 1)
        let watch = Stopwatch()
        var owned = 0
        while !stop.isRequested {
            let indices = nextIndices(from: owned, elapsed: watch.seconds)
            if indices.isEmpty { break }
            owned += indices.count
            let cases = Stopwatch.measure(&report.generationSeconds) {
                ParallelMap.map(indices, jobs: plan.jobs) { generator.make($0) }
            }
            let plain = cases.map(\.testCase)
            let expected = Stopwatch.measure(&decodeSeconds[0]) { reference.decodeAll(plain, jobs: plan.jobs) }
            var outcomes: [[ReaderOutcome]] = []
            for (position, reader) in readers.enumerated() {
                outcomes.append(Stopwatch.measure(&decodeSeconds[position + 1]) { reader.decodeAll(plain, jobs: plan.jobs) })
            }
            report.cases += cases.count
            for (row, fuzzCase) in cases.enumerated() {
                for (position, reader) in readers.enumerated() {
                    guard let disagreement = Disagreement.between(reference: reference.name, expected: expected[row],
                                                                  reader: reader.name, got: outcomes[position][row]) else { continue }
                    let entry = try Stopwatch.measure(&report.shrinkSeconds) {
                        try settle(fuzzCase, disagreement, reader: reader)
                    }
                    report.entries.append(entry)
                }
            }
            report.elapsed = watch.seconds
            progress(FuzzProgress(cases: report.cases, plannedCases: plan.plannedCases, elapsed: report.elapsed,
                                  plannedSeconds: plannedSeconds, disagreements: report.entries.count,
                                  newFindings: report.newFindings))
        }
        report.interrupted = stop.isRequested
        report.elapsed = watch.seconds
        report.readerSeconds = zip([reference] + readers, decodeSeconds).map { ($0.name, $1) }
        return report
    }

    private var plannedSeconds: Double? {
        if case .seconds(let seconds) = plan.extent { return seconds }
        return nil
    }

    /// The next batch of case indices this shard owns, after the first `owned` of them.
    private func nextIndices(from owned: Int, elapsed: Double) -> [Int] {
        switch plan.extent {
        case .single(let index):
            return owned == 0 ? [index] : []
        case .cases(let limit):
            let end = min(plan.shard.share(of: limit), owned + plan.batchSize)
            return (owned..<max(owned, end)).map(plan.shard.caseIndex)
        case .seconds(let seconds):
            guard elapsed < seconds else { return [] }
            return (owned..<(owned + plan.batchSize)).map(plan.shard.caseIndex)
        }
    }

    /// Shrinks one disagreement and saves it.
    private func settle(_ fuzzCase: FuzzCase, _ disagreement: Disagreement, reader: any Reader) throws -> FuzzReport.Entry {
        let oracle = Self.oracle(reference: reference, reader: reader, fieldKey: disagreement.fieldKey, jobs: plan.jobs)
        let stop = self.stop
        let result = plan.shrinker.shrink(fuzzCase.testCase, stillFails: { oracle($0) }, shouldStop: { stop.isRequested })
        // The shrunk case's own first difference (its row number may have moved).
        let shrunkDisagreement = oracle.disagreements([result.shrunk]).first.flatMap { $0 } ?? disagreement
        let finding = Finding(seed: plan.seed, index: fuzzCase.index, disagreement: shrunkDisagreement, shrunk: result.shrunk,
                              originalSize: fuzzCase.testCase.blob.count, recipe: fuzzCase.recipe,
                              reproduce: plan.reproduceCommand(index: fuzzCase.index),
                              shrinkEvaluations: result.evaluations)
        let outcome = try store?.save(finding)
        return FuzzReport.Entry(index: fuzzCase.index, disagreement: shrunkDisagreement, originalSize: finding.originalSize,
                                shrunkSize: finding.shrunkSize, shrinkEvaluations: result.evaluations, key: finding.key,
                                outcome: outcome)
    }

    /// Decides, for shrink candidates, whether the same pair still differs first on the same field.
    static func oracle(reference: any Reader, reader: any Reader, fieldKey: String, jobs: Int) -> DisagreementOracle {
        DisagreementOracle(reference: reference, reader: reader, fieldKey: fieldKey, jobs: jobs)
    }
}

/// "Does this candidate still show the same disagreement?" for the shrinker: decodes the
/// candidates with just the two readers involved and compares their first differing field.
struct DisagreementOracle {
    let reference: any Reader
    let reader: any Reader
    let fieldKey: String
    let jobs: Int

    func disagreements(_ cases: [Case]) -> [Disagreement?] {
        let expected = reference.decodeAll(cases, jobs: jobs)
        let got = reader.decodeAll(cases, jobs: jobs)
        return zip(expected, got).map {
            Disagreement.between(reference: reference.name, expected: $0, reader: reader.name, got: $1)
        }
    }

    func callAsFunction(_ cases: [Case]) -> [Bool] {
        disagreements(cases).map { $0?.fieldKey == fieldKey }
    }
}

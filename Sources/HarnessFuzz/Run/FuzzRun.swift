import ContractModel
import HarnessGate
import HarnessCorpus
import HarnessReaders

/// One seeded fuzz run: generates the shard's cases batch by batch, decodes them with the
/// reference and every other reader, shrinks each disagreement and saves it as a finding.
///
/// Everything a run writes depends only on the seed, the shard, the extent and the
/// readers — never on `jobs`, batch size or timing (except where a `--seconds` run stops):
/// cases are pure functions of their index, readers return outcomes in order, and
/// disagreements are shrunk one after another in index order.
package final class FuzzRun {
    package let plan: FuzzPlan
    package let generator: FuzzCaseGenerator
    /// The reader whose outputs are expected (the C reference).
    package let reference: any Reader
    /// The readers compared with it (Swift, testees).
    package let readers: [any Reader]
    package let store: FindingStore?
    package let stop: StopFlag
    /// Reader name → the departures from the reference declared for it (the Kotlin end's
    /// D1–D8): differences they excuse are counted, never findings.
    package let departures: [String: DeclaredDepartures]
    /// Testee name → the reader among `readers` whose reading its departures must match (an
    /// org.json testee → the live Kotlin end, `fuzz --kotlin`): a difference a departure excuses
    /// is counted only where the testee reads each excused field as that reader does; otherwise
    /// it is a finding. Both must run in other processes (testees do). Without one, only the
    /// departures' predicates hold.
    package let platformReaders: [String: String]
    /// The clock `--seconds` is measured on (batch sizes under a budget too): started when the
    /// command started, so what came before the run (compiling the Kotlin testee) counts
    /// against the budget.
    package let clock: any FuzzClock

    package init(plan: FuzzPlan, generator: FuzzCaseGenerator, reference: any Reader, readers: [any Reader],
                store: FindingStore?, stop: StopFlag = StopFlag(), departures: [String: DeclaredDepartures] = [:],
                platformReaders: [String: String] = [:], clock: any FuzzClock = Stopwatch()) {
        precondition(generator.seed == plan.seed, "the generator's seed is the plan's")
        self.plan = plan
        self.generator = generator
        self.reference = reference
        self.readers = readers
        self.store = store
        self.stop = stop
        self.departures = departures
        self.platformReaders = platformReaders
        self.clock = clock
    }

    /// Runs to the plan's extent, a stop request or the time budget (`--seconds` bounds the
    /// whole run, shrinking included); `progress` is called after each batch and, while a
    /// disagreement is being shrunk, after each batch of candidates.
    package func run(progress: @escaping (FuzzProgress) -> Void = { _ in }) throws -> FuzzReport {
        let watch = clock
        let deadline = plannedSeconds
        // External testees run once for the whole run (generated batches and shrink candidates),
        // and never make it wait past the budget (a JVM that is slow to start, a hung testee).
        let testeeDeadline = deadline.map { Deadline(seconds: $0 - watch.seconds) }
        let running = readers.map { reader -> any Reader in
            (reader as? ExternalProcessReader).map { RunningTestee($0, deadline: testeeDeadline) } ?? reader
        }
        defer { for case let testee as RunningTestee in running { testee.close() } }
        let readers = running
        var state = RunState(report: FuzzReport(seed: plan.seed, shard: plan.shard, jobs: plan.jobs))
        var decodeSeconds = [Double](repeating: 0, count: readers.count + 1)
        let stop = self.stop
        let timeUp = { stop.isRequested || deadline.map { watch.seconds >= $0 } ?? false }
        var limitReached: Bool { plan.findingLimit.map { state.report.entries.count >= $0 } ?? false }
        var owned = 0
        var batchSize = deadline == nil ? plan.batchSize : min(plan.batchSize, 32)
        while !timeUp(), !limitReached {
            let indices = nextIndices(from: owned, batchSize: batchSize)
            if indices.isEmpty { break }
            owned += indices.count
            let batchStart = watch.seconds
            defer {
                // Under a time budget a batch aims at ~0.25 s, so the run ends near its deadline
                // whatever a case costs (a slow testee, a loaded machine).
                if deadline != nil { batchSize = Self.nextBatchSize(batchSize, took: watch.seconds - batchStart, limit: plan.batchSize) }
            }
            var batch = FuzzBatch.work(indices, generator: generator, reference: reference, readers: readers,
                                       departures: departures, jobs: plan.jobs)
            let threads = Double(ParallelMap.threads(jobs: plan.jobs, count: indices.count))
            state.report.generationSeconds += batch.generationSeconds / threads
            for position in decodeSeconds.indices { decodeSeconds[position] += batch.readerSeconds[position] / threads }
            let others = judgeInOtherProcesses(&batch, readers: readers, decodeSeconds: &decodeSeconds)
            // What a testee did not answer before the budget ran out is not compared; what it
            // answered is judged below like any other case (its failures too).
            for (name, count) in others.unanswered { state.report.unanswered[name, default: 0] += count }
            // The cases before it broke are judged below; the run ends after them.
            if let broken = others.broken { state.report.broken = broken }
            state.report.cases += batch.rows.count
            for row in batch.rows {
                for (position, reader) in readers.enumerated() {
                    // nil: a case this reader did not answer (counted in `unanswered` above).
                    guard let judged = row.judgements[position] else { continue }
                    state.report.judged[reader.name, default: 0] += 1
                    state.report.countNotImplemented(judged.notImplemented, reader: reader.name)
                    if let borrowed = judged.borrowed { state.report.countBorrowed(borrowed, reader: reader.name, index: row.index) }
                    guard let disagreement = judged.disagreement, let fuzzCase = row.fuzzCase else {
                        if let excused = judged.excused { state.report.excused["\(reader.name) \(excused.rawValue)", default: 0] += 1 }
                        continue
                    }
                    let signature = disagreement.signature
                    state.report.count(signature, index: fuzzCase.index)
                    let settled = state.settled[signature, default: 0]
                    if timeUp() {
                        // Out of time: keep the first of each signature nothing else stands for.
                        if settled == 0, state.unshrunk[signature] == nil {
                            state.unshrunk[signature] = (fuzzCase, disagreement)
                        }
                        continue
                    }
                    guard plan.shrinksPerSignature.map({ settled < $0 }) ?? true, !limitReached else { continue }
                    state.settled[signature] = settled + 1
                    var spent = 0.0
                    let entry = try Stopwatch.measure(&spent) {
                        try self.settle(fuzzCase, disagreement, borrowed: judged.borrowed?.departure, reader: reader, timeUp: timeUp) { candidates in
                            var report = state.report
                            report.elapsed = watch.seconds
                            progress(self.snapshot(report, phase: "shrinking #\(fuzzCase.index) \(signature), \(candidates) candidates"))
                        }
                    }
                    state.report.shrinkSeconds += spent
                    state.report.entries.append(entry)
                }
            }
            state.report.elapsed = watch.seconds
            progress(snapshot(state.report, phase: nil))
            if state.report.broken != nil || !others.unanswered.isEmpty { break }
        }
        for signature in state.unshrunk.keys.sorted() where state.settled[signature, default: 0] == 0 {
            let (fuzzCase, disagreement) = state.unshrunk[signature]!
            state.report.entries.append(try saveUnshrunk(fuzzCase, disagreement))
        }
        state.report.interrupted = stop.isRequested
        state.report.elapsed = watch.seconds
        state.report.readerSeconds = zip([reference] + readers, decodeSeconds).map { ($0.name, $1) }
        return state.report
    }

    /// What one run keeps besides its report: how many disagreements of each signature it
    /// settled, and the first unsettled one of each signature the time ran out on.
    private struct RunState {
        var report: FuzzReport
        var settled: [String: Int] = [:]
        var unshrunk: [String: (FuzzCase, Disagreement)] = [:]
    }

    /// How a batch went through the readers in other processes: cases a reader left
    /// unanswered when the budget ran out (by reader), and a testee declared broken (its name,
    /// why, and how many cases of the batch it never ran).
    private struct OtherProcesses {
        var unanswered: [String: Int] = [:]
        var broken: (testee: String, reason: String, casesNotRun: Int)?
    }

    /// Has the readers that run in other processes (testees, the Kotlin end, kept running for
    /// the whole run) read the batch's kept cases, timed by the wall clock, and judges each on
    /// the cases it answered: a case it never answered (the budget ran out, or it was declared
    /// broken before) keeps a nil judgement and is not compared, never dropped with the
    /// answered ones. Every row stays (the readers in this process judged all of them).
    private func judgeInOtherProcesses(_ batch: inout FuzzBatch, readers: [any Reader], decodeSeconds: inout [Double]) -> OtherProcesses {
        let others = readers.indices.filter { position in batch.rows.contains { $0.judgements[position] == nil } }
        guard !others.isEmpty else { return OtherProcesses() }
        let plain = batch.rows.map { $0.fuzzCase!.testCase }
        let expected: [ReaderOutcome]
        if batch.rows.allSatisfy({ $0.expected != nil }) {
            expected = batch.rows.map { $0.expected! }
        } else {
            expected = Stopwatch.measure(&decodeSeconds[0]) { reference.decodeAll(plain, jobs: plan.jobs) }
        }
        var end = OtherProcesses()
        // Every one of them reads the batch before any is judged: an org.json testee is judged
        // beside the live Kotlin end's view of the same case.
        var views: [Int: [ReaderOutcome]] = [:]
        for position in others {
            let reader = readers[position]
            let got = Stopwatch.measure(&decodeSeconds[position + 1]) { reader.decodeAll(plain, jobs: plan.jobs) }
            let unanswered = got.prefix(batch.rows.count).filter { $0 == .failure(TesteeSession.abandoned) }.count
            if unanswered > 0 { end.unanswered[reader.name] = unanswered }
            if end.broken == nil, let first = got.prefix(batch.rows.count).firstIndex(where: TesteeSession.wasNotRun),
               case .failure(let reason) = got[first] {
                // Cases a broken testee never ran are no disagreements; the run ends after this batch.
                end.broken = (reader.name, reason, got.prefix(batch.rows.count).filter(TesteeSession.wasNotRun).count)
            }
            views[position] = got
        }
        let answered = { (outcome: ReaderOutcome) in outcome != .failure(TesteeSession.abandoned) && !TesteeSession.wasNotRun(outcome) }
        for position in others {
            let reader = readers[position], got = views[position]!
            let platform = platformReaders[reader.name].flatMap { name in
                readers.firstIndex { $0.name == name }.flatMap { views[$0] }.map { (name, $0) }
            }
            for row in batch.rows.indices where answered(got[row]) {
                // Held to a platform reader's view, a case is judged only where that reader answered too.
                if let platform, !answered(platform.1[row]) { continue }
                batch.rows[row].judgements[position] = Disagreement.between(
                    reference: reference.name, expected: expected[row], reader: reader.name, got: got[row],
                    testCase: plain[row], departures: departures[reader.name], platform: platform.map { ($0.0, $0.1[row]) })
            }
        }
        for row in batch.rows.indices {
            batch.rows[row].expected = nil
            if !batch.rows[row].disagrees { batch.rows[row].fuzzCase = nil }
        }
        return end
    }

    private func snapshot(_ report: FuzzReport, phase: String?) -> FuzzProgress {
        FuzzProgress(cases: report.cases, plannedCases: plan.plannedCases, elapsed: report.elapsed,
                     plannedSeconds: plannedSeconds, disagreements: report.disagreements,
                     newFindings: report.newFindings, phase: phase)
    }

    private var plannedSeconds: Double? { plan.extent.seconds }

    /// Doubles a batch that took under 0.125 s, halves one over 0.5 s, within 1 … `limit`.
    static func nextBatchSize(_ size: Int, took seconds: Double, limit: Int) -> Int {
        if seconds < 0.125 { return min(limit, size * 2) }
        if seconds > 0.5 { return max(1, size / 2) }
        return size
    }

    /// The next batch of case indices this shard owns, after the first `owned` of them.
    private func nextIndices(from owned: Int, batchSize: Int) -> [Int] {
        switch plan.extent {
        case .single(let index):
            return owned == 0 ? [index] : []
        case .cases(let limit):
            let end = min(plan.shard.share(of: limit), owned + batchSize)
            return (owned..<max(owned, end)).map(plan.shard.caseIndex)
        case .seconds:
            return (owned..<(owned + batchSize)).map(plan.shard.caseIndex)
        }
    }

    /// Shrinks one disagreement (until its fixpoint, the shrink budget or `timeUp`) and saves it.
    /// `borrowed`: the departure an org.json testee borrows in it, kept borrowed while shrinking.
    private func settle(_ fuzzCase: FuzzCase, _ disagreement: Disagreement, borrowed: DeclaredDepartures.Departure?, reader: any Reader,
                        timeUp: @escaping () -> Bool, heartbeat: @escaping (Int) -> Void) throws -> FuzzReport.Entry {
        let oracle = DisagreementOracle(reference: reference, reader: reader, fieldKey: disagreement.fieldKey, jobs: plan.jobs,
                                        departures: departures[reader.name],
                                        platform: platformReaders[reader.name].flatMap { name in readers.first { $0.name == name } },
                                        borrowed: borrowed)
        var tried = 0
        let result = plan.shrinker.shrink(fuzzCase.testCase, stillFails: { candidates in
            tried += candidates.count
            heartbeat(tried)
            return oracle(candidates)
        }, shouldStop: timeUp)
        // The shrunk case's own first difference (its row number may have moved); the original
        // one when the shrunk case can no longer be decoded (the budget ran out).
        let shrunkDisagreement = oracle.disagreements([result.shrunk]).first.flatMap { $0 }
            .flatMap { $0.fieldKey == disagreement.fieldKey ? $0 : nil } ?? disagreement
        let state: ShrinkState = !result.exhausted ? .complete : timeUp() ? .stopped : .budgetSpent
        return try save(fuzzCase, shrunkDisagreement, shrunk: result.shrunk, evaluations: result.evaluations, state: state)
    }

    /// Saves a disagreement the time ran out on, as generated.
    private func saveUnshrunk(_ fuzzCase: FuzzCase, _ disagreement: Disagreement) throws -> FuzzReport.Entry {
        try save(fuzzCase, disagreement, shrunk: fuzzCase.testCase, evaluations: 0, state: .notStarted)
    }

    private func save(_ fuzzCase: FuzzCase, _ disagreement: Disagreement, shrunk: Case, evaluations: Int,
                      state: ShrinkState) throws -> FuzzReport.Entry {
        let finding = Finding(seed: plan.seed, index: fuzzCase.index, disagreement: disagreement, shrunk: shrunk,
                              originalSize: fuzzCase.testCase.blob.count, recipe: generator.make(fuzzCase.index).recipe,
                              reproduce: plan.reproduceCommand(index: fuzzCase.index),
                              shrinkEvaluations: evaluations, shrinking: state)
        let outcome = try store?.save(finding)
        return FuzzReport.Entry(index: fuzzCase.index, disagreement: disagreement, originalSize: finding.originalSize,
                                shrunkSize: finding.shrunkSize, shrinkEvaluations: evaluations, key: finding.key,
                                outcome: outcome, shrinking: state)
    }

}

/// "Does this candidate still show the same disagreement?" for the shrinker: decodes the
/// candidates with just the two readers involved and compares their first differing field.
struct DisagreementOracle {
    let reference: any Reader
    let reader: any Reader
    let fieldKey: String
    let jobs: Int
    var departures: DeclaredDepartures? = nil
    /// The platform's live reader an org.json testee's departures are held to (`FuzzRun.platformReaders`).
    var platform: (any Reader)? = nil
    /// The departure the disagreement borrows (`Disagreement.Borrowed`): a candidate is the same
    /// disagreement only while it borrows that one too (else the shrunk finding would be some
    /// other difference of the field, and show nothing about the borrowing).
    var borrowed: DeclaredDepartures.Departure? = nil

    func disagreements(_ cases: [Case]) -> [Disagreement?] {
        judgements(cases).map { $0?.disagreement }
    }

    private func judgements(_ cases: [Case]) -> [Disagreement.Judgement?] {
        let expected = reference.decodeAll(cases, jobs: jobs)
        let got = reader.decodeAll(cases, jobs: jobs)
        let views = platform?.decodeAll(cases, jobs: jobs)
        return cases.indices.map { at in
            // A candidate a broken testee never ran shows nothing about the candidate.
            TesteeSession.wasNotRun(got[at]) ? nil : Disagreement.between(reference: reference.name, expected: expected[at], reader: reader.name, got: got[at],
                                 testCase: cases[at], departures: departures,
                                 platform: platform.flatMap { platform in views.map { (platform.name, $0[at]) } })
        }
    }

    func callAsFunction(_ cases: [Case]) -> [Bool] {
        judgements(cases).map { $0?.disagreement?.fieldKey == fieldKey && $0?.borrowed?.departure == borrowed }
    }
}

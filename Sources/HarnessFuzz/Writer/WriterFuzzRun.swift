import ContractModel
import HarnessCorpus
import HarnessGate
import HarnessReaders

/// One seeded `fuzz states` run: generated app states → the writer end (one process, a
/// batch of lines at a time) → blobs → the cases each becomes → the reference and every
/// in-process reader, judged as the gate judges, plus the writer's checks. A finding is
/// shrunk over the state and saved like every fuzz finding (with its state line); each
/// departure's cause a blob carries is counted, and its first witness state shrunk.
///
/// States are pure functions of `(seed, index)`; the writer sees a batch sorted by zone (it
/// changes `TZ` only when the zone changes, which costs more than a state), and its blobs do
/// not depend on the order (`check-schemas` checks that), so results never depend on `jobs`.
package final class WriterFuzzRun {
    package let plan: FuzzPlan
    package let generator: AppStateGenerator
    package let writer: any WriterEnd
    let judge: WriterJudge
    package let store: FindingStore?
    package let stop: StopFlag
    package let stateShrinker: StateShrinker
    /// The Kotlin end, when the run has it (`fuzz states --kotlin`): every blob's cases go
    /// through it too, at its own pace (`WriterKotlinEnd`).
    package var kotlin: WriterKotlinEnd?
    /// The clock `--seconds` is read on: the command's, so what came before the run (the
    /// writer's and the Kotlin end's compiles) counts against the budget.
    package var clock = Stopwatch()

    package init(plan: FuzzPlan, generator: AppStateGenerator, writer: any WriterEnd, reference: any InProcessReader,
                 readers: [any InProcessReader], blobJudge: WriterBlobJudge? = nil, store: FindingStore?,
                 stop: StopFlag = StopFlag(), departures: [String: DeclaredDepartures] = [:],
                 stateShrinker: StateShrinker = StateShrinker()) {
        self.plan = plan
        self.generator = generator
        self.writer = writer
        self.judge = WriterJudge(seed: plan.seed, reference: reference, readers: readers, blobJudge: blobJudge, departures: departures)
        self.store = store
        self.stop = stop
        self.stateShrinker = stateShrinker
    }

    /// The verdicts for `states` (in order) through the writer and the readers.
    func verdicts(_ states: [(index: Int, state: AppState)], writerSeconds: inout Double,
                  kotlin ask: WriterKotlinEnd.Ask = .candidates) -> [WriterJudge.Verdict] {
        let lines = ParallelMap.map(states, jobs: plan.jobs) { AppStateLine.line($0.state) }
        let order = states.indices.sorted { (states[$0].state.timeZone, $0) < (states[$1].state.timeZone, $1) }
        var answers = [WriterAnswer](repeating: .failure("not written"), count: states.count)
        let sorted = Stopwatch.measure(&writerSeconds) { writer.write(order.map { lines[$0] }) }
        for (position, original) in order.enumerated() where position < sorted.count { answers[original] = sorted[position] }
        let judge = self.judge
        var verdicts = ParallelMap.map(Array(states.indices), jobs: plan.jobs) { position in
            judge.judge(index: states[position].index, state: states[position].state, answer: answers[position])
        }
        kotlin?.judge(&verdicts, reference: judge.reference, ask: ask, jobs: plan.jobs)
        return verdicts
    }

    package func run(progress: @escaping (WriterFuzzReport) -> Void = { _ in }) throws -> WriterFuzzReport {
        let watch = clock
        let cpuAtStart = ProcessCPU.ownSeconds()
        let childrenAtStart = ProcessCPU.endedChildrenSeconds()
        var report = WriterFuzzReport(seed: plan.seed)
        report.writerRevision = judge.blobJudge?.writer.declared
        var settled: [String: Int] = [:]
        var owned = 0
        let deadline = plan.extent.seconds
        let timeUp = { [stop] in stop.isRequested || deadline.map { watch.seconds >= $0 } ?? false }
        defer { writer.close(); _ = kotlin?.close() }
        while !timeUp() {
            if let limit = plan.findingLimit, report.entries.count >= limit { break }
            let indices = nextIndices(from: owned)
            if indices.isEmpty { break }
            owned += indices.count
            let made = ParallelMap.map(indices, jobs: plan.jobs) { (index: $0, state: generator.make($0).state) }
            let verdicts = verdicts(made, writerSeconds: &report.writerWallSeconds, kotlin: .run)
            for (position, verdict) in verdicts.enumerated() {
                let (index, state) = made[position]
                if verdict.writerFailed == WriterSession.abandoned {
                    // The budget ran out before the writer answered this state: it is not judged.
                    // The writer is asked in zone order, not index order, so a state after it here
                    // may have been answered, and is judged; the run ends after this batch.
                    report.unansweredStates += 1
                    continue
                }
                if let failed = verdict.writerFailed {
                    report.brokenWriter = failed
                    break
                }
                report.states += 1
                if state.inApp { report.inAppStates += 1 }
                if verdict.pending { report.pendingStates += 1 }
                report.cases += verdict.cases.count
                for cause in verdict.causes {
                    var reach = report.reach[cause, default: WriterFuzzReport.Reach()]
                    if state.inApp { reach.inApp += 1 } else { reach.outsideApp += 1 }
                    if reach.witness == nil || (state.inApp && reach.inApp == 1) {
                        reach.witness = shrinkWitness(state, reaching: cause, timeUp: timeUp)
                        reach.witnessIndex = index
                    }
                    report.reach[cause] = reach
                }
                guard let disagreement = verdict.disagreement else { continue }
                report.disagreementsBySignature[disagreement.signature, default: 0] += 1
                let count = settled[disagreement.signature, default: 0]
                guard plan.shrinksPerSignature.map({ count < $0 }) ?? true, !timeUp() else { continue }
                settled[disagreement.signature] = count + 1
                report.entries.append(try settle(index: index, state: state, disagreement: disagreement, timeUp: timeUp))
            }
            report.elapsed = watch.seconds
            progress(report)
            if report.brokenWriter != nil || report.unansweredStates > 0 || kotlin?.stopsTheRun == true { break }
        }
        report.interrupted = stop.isRequested
        report.elapsed = watch.seconds
        // The writer's CPU shows once its process has ended and been waited for.
        writer.close()
        // (What the harness spent on the Kotlin end is on its own line: `WriterKotlinEnd.Pace`.)
        report.harnessCPUSeconds = ProcessCPU.ownSeconds() - cpuAtStart - (kotlin?.snapshot.harnessCPUSeconds ?? 0)
        // (The Kotlin end's processes that ended during its batches are its own, not the writer's.)
        report.writerCPUSeconds = ProcessCPU.endedChildrenSeconds() - childrenAtStart - (kotlin?.cpuSecondsEndedSoFar ?? 0)
        report.kotlin = kotlin?.close()
        return report
    }

    /// The shrunk state that still makes a blob carrying `cause` (CONTRACT §5's witness).
    func shrinkWitness(_ state: AppState, reaching cause: ContractDeparture, timeUp: @escaping () -> Bool) -> AppState {
        var spent = 0.0
        let keepInApp = state.inApp
        return stateShrinker.shrink(state, stillFails: { candidates in
            let verdicts = self.verdicts(candidates.map { (index: 0, state: $0) }, writerSeconds: &spent, kotlin: .no)
            return zip(candidates, verdicts).map { candidate, verdict in
                verdict.causes.contains(cause) && (!keepInApp || candidate.inApp)
            }
        }, shouldStop: timeUp).shrunk
    }

    /// Shrinks one finding over its state (same signature, and still a state the app can
    /// hold when the original was) and saves it.
    private func settle(index: Int, state: AppState, disagreement: Disagreement,
                        timeUp: @escaping () -> Bool) throws -> WriterFuzzReport.Entry {
        var spent = 0.0
        let keepInApp = state.inApp
        let result = stateShrinker.shrink(state, stillFails: { candidates in
            let verdicts = self.verdicts(candidates.map { (index: index, state: $0) }, writerSeconds: &spent)
            return zip(candidates, verdicts).map { candidate, verdict in
                verdict.disagreement?.signature == disagreement.signature && (!keepInApp || candidate.inApp)
            }
        }, shouldStop: timeUp)
        let shrunkVerdict = verdicts([(index: index, state: result.shrunk)], writerSeconds: &spent)[0]
        let shown = shrunkVerdict.disagreement.flatMap { $0.signature == disagreement.signature ? $0 : nil } ?? disagreement
        // A reader finding keeps the case that shows it; a writer finding the blob (if any) read as generated.
        let shrunkCase = shrunkVerdict.disagreeingCase ?? shrunkVerdict.cases.first
        var outcome: FindingStore.Outcome?
        if let store {
            let blobCase = shrunkCase ?? Case(id: "\(WriterCases.fixtureName)/state#\(plan.seed)-\(index)@utc@fixed", blob: [],
                                              nowMs: WriterFamily.fixedInstantMs, timeZone: "UTC")
            let finding = Finding(seed: plan.seed, index: index, disagreement: shown, shrunk: blobCase,
                                  originalSize: AppStateLine.line(state).count,
                                  recipe: generator.make(index).recipe, reproduce: reproduceCommand(index: index),
                                  shrinkEvaluations: result.evaluations,
                                  shrinking: result.exhausted ? (timeUp() ? .stopped : .budgetSpent) : .complete,
                                  state: AppStateLine.line(result.shrunk))
            outcome = try store.save(finding)
        }
        return WriterFuzzReport.Entry(index: index, disagreement: shown, shrunkState: result.shrunk,
                                      shrinkEvaluations: result.evaluations, outcome: outcome)
    }

    /// `contract-harness fuzz states --seed S --case I …`: regenerates the state, writes it and re-shrinks.
    package func reproduceCommand(index: Int) -> String {
        "contract-harness fuzz states --seed \(plan.seed) --case \(index)" + (plan.reproduceArguments.isEmpty ? "" : " " + plan.reproduceArguments)
            + (kotlin.map { " " + $0.reproduceArguments } ?? "")
    }

    private func nextIndices(from owned: Int) -> [Int] {
        switch plan.extent {
        case .single(let index): return owned == 0 ? [index] : []
        case .cases(let limit):
            let end = min(plan.shard.share(of: limit), owned + plan.batchSize)
            return (owned..<max(owned, end)).map(plan.shard.caseIndex)
        case .seconds: return (owned..<(owned + plan.batchSize)).map(plan.shard.caseIndex)
        }
    }
}

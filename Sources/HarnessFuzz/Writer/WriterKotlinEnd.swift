import ContractModel
import Foundation
import HarnessCorpus
import HarnessReaders

/// The Kotlin end in `fuzz states --kotlin` ("the Kotlin end at its own pace", issue 25):
/// every writer blob's cases — the same cases, inputs and instants the in-process readers get
/// (`WriterCases`) — also go to one Kotlin process kept running for the whole run through the
/// one process runner (`RunningTestee`: a batch of states' cases at a time, each shrink
/// candidate's too; every process it starts is ended when the run ends or on any signal), and
/// its views are judged as the gate judges the Kotlin recording (`WriterKotlinComparison`).
/// Its wall and CPU time are kept apart from the in-process rate, which it does not count in.
package final class WriterKotlinEnd: @unchecked Sendable {
    /// How a batch of verdicts asks the Kotlin end.
    enum Ask {
        /// Not at all: a departure's witness is shrunk on the blob's causes, which are in-process.
        case no
        /// Shrink candidates: judged, not tallied.
        case candidates
        /// The run's own states: judged and tallied.
        case run
    }

    /// Its pace and what it made of the run's states (shrink candidates are in `cases` and
    /// `wallSeconds` only).
    package struct Pace: Sendable {
        /// Cases it read (the run's and shrink candidates').
        package var cases = 0
        /// Of them, the run's own states' cases (the rest are shrink candidates').
        package var runCases = 0
        /// The run's cases it judged (all of them unless it broke or the budget ran out).
        package var judgedCases = 0
        /// Wall seconds waiting on it (the run's and shrink candidates' batches).
        package var wallSeconds = 0.0
        /// CPU seconds of its processes (known once they ended; nil while running).
        package var cpuSeconds: Double?
        /// CPU seconds of the harness spent on it (case lines, its view lines, the reference's
        /// second reading, the comparison): left out of the `rate:` line's harness figure.
        package var harnessCPUSeconds = 0.0
        /// How many times its process was started (1 unless a case crashed or hung it).
        package var starts = 0
        /// The run's cases a difference was excused on, by what excused it (a list line, a departure).
        package var excused: [String: Int] = [:]
        /// The run's cases with a pending difference (a revision above the reader's).
        package var pendingCases = 0
        /// The run's cases with a field its view leaves out.
        package var notImplementedCases = 0
        /// Why it was declared broken (the run stops: the states after are not judged by it).
        package var broken: String?
        /// The `--seconds` budget ran out while it had a batch (those cases are not judged).
        package var abandoned = false
    }

    package let name: String
    /// Appended to each finding's reproduce command (`--kotlin`, `--kotlin-parser …`).
    package let reproduceArguments: String
    let comparison: WriterKotlinComparison
    private let testee: RunningTestee
    private let lock = NSLock()
    private var pace = Pace()
    /// CPU seconds of its processes that ended while it had a batch (a restart after a crash or
    /// hang, the end at the budget): the writer's process never ends then, so they are its own.
    private var endedCPUSeconds = 0.0

    /// `testee`: the Kotlin end (`KotlinTestee.reader`); `deadline`: no answer is waited for past it.
    package init(_ testee: ExternalProcessReader, comparison: WriterKotlinComparison, reproduceArguments: String = "--kotlin",
                 deadline: Deadline? = nil) {
        name = testee.name
        self.comparison = comparison
        self.reproduceArguments = reproduceArguments
        self.testee = RunningTestee(testee, deadline: deadline)
    }

    /// Whether the run must stop: the end broke, or the budget ran out while it had a batch.
    var stopsTheRun: Bool { snapshot.broken != nil || snapshot.abandoned }

    var snapshot: Pace {
        lock.lock()
        defer { lock.unlock() }
        return pace
    }

    /// Has the Kotlin end read every case of the verdicts (states the writer wrote a blob for)
    /// and sets a verdict's disagreement from it where the in-process readers found none.
    func judge(_ verdicts: inout [WriterJudge.Verdict], reference: any InProcessReader, ask: Ask, jobs: Int) {
        guard ask != .no, !stopsTheRun else { return }
        let owners = verdicts.indices.flatMap { position in verdicts[position].cases.map { _ in position } }
        let cases = verdicts.flatMap(\.cases)
        guard !cases.isEmpty else { return }
        let watch = Stopwatch()
        let ownBefore = ProcessCPU.ownSeconds()
        defer {
            let spent = ProcessCPU.ownSeconds() - ownBefore
            lock.lock()
            pace.harnessCPUSeconds += spent
            lock.unlock()
        }
        let endedBefore = ProcessCPU.endedChildrenSeconds()
        // The reference reads the cases again while the Kotlin end does (it waits on a pipe).
        let testee = self.testee
        let both = ParallelMap.map([true, false], jobs: 2) { isKotlin in
            isKotlin ? testee.decodeAll(cases, jobs: 1) : reference.decodeAll(cases, jobs: max(1, jobs - 1))
        }
        let (got, expected) = (both[0], both[1])
        let ended = ProcessCPU.endedChildrenSeconds() - endedBefore
        let waited = watch.seconds
        var tally = Pace()
        for (position, testCase) in cases.enumerated() {
            let outcome = got[position]
            if outcome == .failure(TesteeSession.abandoned) {
                tally.abandoned = true
                continue
            }
            if TesteeSession.wasNotRun(outcome) {
                if case .failure(let reason) = outcome, tally.broken == nil { tally.broken = reason }
                continue
            }
            let judgement = comparison.judge(testCase, expected: expected[position], got: outcome)
            tally.judgedCases += 1
            for label in judgement.excusedBy { tally.excused[label, default: 0] += 1 }
            if judgement.pending { tally.pendingCases += 1 }
            if judgement.notImplemented { tally.notImplementedCases += 1 }
            let owner = owners[position]
            if let disagreement = judgement.disagreement, verdicts[owner].disagreement == nil {
                verdicts[owner].disagreement = disagreement
                verdicts[owner].disagreeingCase = testCase
            }
        }
        lock.lock()
        defer { lock.unlock() }
        pace.cases += cases.count
        pace.wallSeconds += waited
        endedCPUSeconds += ended
        pace.abandoned = pace.abandoned || tally.abandoned
        pace.broken = pace.broken ?? tally.broken
        guard ask == .run else { return }
        pace.runCases += cases.count
        pace.judgedCases += tally.judgedCases
        for (label, count) in tally.excused { pace.excused[label, default: 0] += count }
        pace.pendingCases += tally.pendingCases
        pace.notImplementedCases += tally.notImplementedCases
    }

    /// CPU seconds of its processes that ended during its batches (not the writer's).
    var cpuSecondsEndedSoFar: Double {
        lock.lock()
        defer { lock.unlock() }
        return endedCPUSeconds
    }

    /// Ends its process (again: no effect) and returns its pace, with the CPU seconds of all its
    /// processes (call it after the writer's process ended, or the writer's CPU counts in).
    func close() -> Pace {
        let before = ProcessCPU.endedChildrenSeconds()
        testee.close()
        var pace = snapshot
        pace.starts = testee.starts
        pace.cpuSeconds = cpuSecondsEndedSoFar + ProcessCPU.endedChildrenSeconds() - before
        return pace
    }
}

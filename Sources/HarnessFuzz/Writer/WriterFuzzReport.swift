import ContractModel
import HarnessCorpus
import HarnessReaders

/// What one `fuzz states` run found and measured: states and cases, the findings, how
/// often each departure's cause reached a blob (and the first, shrunk, state that did), and
/// where the time went (the writer's own CPU included, for states/s per core).
package struct WriterFuzzReport: Sendable {
    package struct Entry: Sendable {
        package var index: Int
        package var disagreement: Disagreement
        package var shrunkState: AppState
        package var shrinkEvaluations: Int
        package var outcome: FindingStore.Outcome?
    }

    /// How often the writer reached one departure's cause.
    package struct Reach: Sendable {
        package var inApp = 0
        package var outsideApp = 0
        /// The smallest witness found: the first state that reached it, shrunk over the state.
        package var witness: AppState?
        package var witnessIndex: Int?
    }

    package var seed: UInt64
    package var states = 0
    package var inAppStates = 0
    /// In-app states of a later revision than the writer declares (`CMD@N`): read, not judged.
    package var pendingStates = 0
    /// The revision the writer declares, when it does.
    package var writerRevision: Int?
    package var cases = 0
    package var disagreementsBySignature: [String: Int] = [:]
    package var entries: [Entry] = []
    package var reach: [ContractDeparture: Reach] = [:]
    package var elapsed = 0.0
    /// CPU seconds of this process and of the writer's processes (every child that ended) over the run.
    package var harnessCPUSeconds = 0.0
    package var writerCPUSeconds: Double?
    package var writerWallSeconds = 0.0
    package var brokenWriter: String?
    /// States the writer did not answer before the time budget ran out (not judged).
    package var unansweredStates = 0
    /// True when the writer answered states but none within the budget: nothing was judged,
    /// and such a run does not pass.
    package var judgedNothing: Bool { states == 0 && unansweredStates > 0 }
    /// The Kotlin end's pace and tallies, when the run had it (`WriterKotlinEnd`).
    package var kotlin: WriterKotlinEnd.Pace?
    package var interrupted = false

    package var disagreements: Int { disagreementsBySignature.values.reduce(0, +) }
    package var newFindings: Int { entries.filter { if case .saved? = $0.outcome { return true } else { return false } }.count }

    /// States per second of CPU (this process and the writer's): the rate per core.
    package var statesPerCoreSecond: Double? {
        guard let writer = writerCPUSeconds, harnessCPUSeconds + writer > 0 else { return nil }
        return Double(states) / (harnessCPUSeconds + writer)
    }
}

/// What a fuzz run did: cases, time, throughput per reader, and every disagreement with
/// what became of it (saved as a new finding, or already saved).
///
/// The CLI prints it; the tests compare two runs' reports to prove determinism.
public struct FuzzReport: Sendable {
    /// One disagreement found on one case.
    public struct Entry: Equatable, Sendable {
        public var index: Int
        public var disagreement: Disagreement
        public var originalSize: Int
        public var shrunkSize: Int
        public var shrinkEvaluations: Int
        /// The shrunk finding's key (blob + signature).
        public var key: String
        /// nil when the run had no finding store.
        public var outcome: FindingStore.Outcome?
    }

    public var seed: UInt64
    public var shard: FuzzShard
    public var jobs: Int
    public var cases = 0
    public var elapsed = 0.0
    /// Reader name → seconds spent decoding the generated cases (shrinking not included),
    /// in reader order, the reference first.
    public var readerSeconds: [(name: String, seconds: Double)] = []
    public var generationSeconds = 0.0
    public var shrinkSeconds = 0.0
    public var entries: [Entry] = []
    /// True when a stop request (SIGINT) ended the run early.
    public var interrupted = false

    public var newFindings: Int { entries.filter { if case .saved? = $0.outcome { return true } else { return false } }.count }

    /// Disagreements whose shrunk finding was already saved (before or earlier in this run).
    public var knownFindings: Int {
        entries.filter { if case .alreadySaved? = $0.outcome { return true } else { return false } }.count
    }

    /// Distinct signatures among the disagreements, sorted.
    public var signatures: [String] { Array(Set(entries.map(\.disagreement.signature))).sorted() }

    /// Decoded cases per second of that reader's own decoding time.
    public func casesPerSecond(_ reader: String) -> Double? {
        guard let seconds = readerSeconds.first(where: { $0.name == reader })?.seconds, seconds > 0 else { return nil }
        return Double(cases) / seconds
    }
}

/// What one `contract-harness fuzz` run does: which seed, how far (a number of cases, a
/// time budget, or one case index), which shard, how many threads, how findings shrink.
///
/// Kept apart from the run itself so the CLI, the scripts and the tests describe runs
/// the same way and the reproduce command can be written from it.
package struct FuzzPlan: Sendable {
    /// How far a run goes.
    package enum Extent: Equatable, Sendable {
        /// Case indices `0..<n` (the shard's share of them).
        case cases(Int)
        /// The shard's indices in order until the time is up.
        case seconds(Double)
        /// Exactly this case index (reproducing a finding), whatever the shard.
        case single(Int)

        /// The time budget, for a `.seconds` extent.
        package var seconds: Double? {
            if case .seconds(let seconds) = self { return seconds }
            return nil
        }
    }

    package var seed: UInt64
    package var extent: Extent
    package var shard: FuzzShard
    package var jobs: Int
    /// Cases generated and decoded per step (progress, stop and time checks between steps).
    package var batchSize: Int
    package var shrinker: Shrinker
    /// Disagreements shrunk per signature at most (nil: every one). Later ones of a signature
    /// are only counted, so a reader that differs on every case costs a few shrinks, not
    /// thousands.
    package var shrinksPerSignature: Int?
    /// End the run once this many disagreements are settled (a smoke run that stops at the
    /// first finding); nil: no such limit.
    package var findingLimit: Int?
    /// Appended to `contract-harness fuzz --seed S --case I` in each finding's reproduce
    /// command (the `--testee` options the run had).
    package var reproduceArguments: String

    package init(seed: UInt64, extent: Extent, shard: FuzzShard = .whole, jobs: Int = 1, batchSize: Int = 512,
                shrinker: Shrinker = Shrinker(), shrinksPerSignature: Int? = nil, findingLimit: Int? = nil,
                reproduceArguments: String = "") {
        self.seed = seed
        self.extent = extent
        self.shard = shard
        self.jobs = max(1, jobs)
        self.batchSize = max(1, batchSize)
        self.shrinker = shrinker
        self.shrinksPerSignature = shrinksPerSignature.map { max(1, $0) }
        self.findingLimit = findingLimit.map { max(1, $0) }
        self.reproduceArguments = reproduceArguments
    }

    /// The number of cases the run will make, when known in advance.
    package var plannedCases: Int? {
        switch extent {
        case .cases(let limit): return shard.share(of: limit)
        case .single: return 1
        case .seconds: return nil
        }
    }

    package func reproduceCommand(index: Int) -> String {
        "contract-harness fuzz --seed \(seed) --case \(index)" + (reproduceArguments.isEmpty ? "" : " " + reproduceArguments)
    }
}

import ContractModel

/// The budgeted, batched "does this candidate still fail?" question the shrinking passes
/// ask: candidates are tried in order, a batch at a time (one process start per batch
/// for an external testee), and the first that still shows the disagreement wins.
///
/// Batching never changes the answer — it is always the first failing candidate in
/// order — so shrinking is deterministic at any batch size or thread count.
final class ShrinkSession {
    /// Answers, for each candidate, whether it still shows the same disagreement.
    typealias Oracle = ([Case]) -> [Bool]

    private let oracle: Oracle
    private let batchSize: Int
    private let maximumEvaluations: Int
    private let shouldStop: () -> Bool
    private(set) var evaluations = 0

    init(oracle: @escaping Oracle, batchSize: Int, maximumEvaluations: Int, shouldStop: @escaping () -> Bool) {
        self.oracle = oracle
        self.batchSize = max(1, batchSize)
        self.maximumEvaluations = maximumEvaluations
        self.shouldStop = shouldStop
    }

    /// True once the evaluation budget is spent or a stop was asked for.
    var exhausted: Bool { evaluations >= maximumEvaluations || shouldStop() }

    /// The position of the first candidate that still fails, or nil (also when the budget
    /// ran out before one was found).
    func firstFailing(_ candidates: [Case]) -> Int? {
        var start = 0
        while start < candidates.count {
            guard !exhausted else { return nil }
            let end = min(candidates.count, start + batchSize, start + maximumEvaluations - evaluations)
            let answers = oracle(Array(candidates[start..<end]))
            evaluations += end - start
            if let hit = answers.firstIndex(of: true) { return start + hit }
            start = end
        }
        return nil
    }

    /// Whether one candidate still fails.
    func fails(_ candidate: Case) -> Bool { firstFailing([candidate]) == 0 }
}

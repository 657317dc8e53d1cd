import ContractModel

/// Reduces a disagreeing case to a minimal one that still shows the *same* disagreement
/// (same reader pair, same first differing field): first the case inputs beside the blob
/// (taps, tap times, selection, capacity: `CaseInputShrink`), then the JSON
/// structure, then the bytes (delta debugging, then range removal and digit
/// simplification on small blobs).
///
/// Exists because a 300-byte mutated blob says little; the 40 bytes that still make two
/// readers differ say what the bug is. Deterministic: the same case and oracle always
/// shrink to the same blob.
package struct Shrinker: Sendable {
    /// What a shrink did.
    package struct Result: Sendable {
        package var shrunk: Case
        package var evaluations: Int
        /// True when the evaluation budget ran out (or a stop came) before a fixpoint.
        package var exhausted: Bool
    }

    /// Candidates tried per oracle call (one external process start each).
    package var batchSize: Int
    /// A bound on the candidates tried for one finding.
    package var maximumEvaluations: Int

    package init(batchSize: Int = 32, maximumEvaluations: Int = 20_000) {
        self.batchSize = batchSize
        self.maximumEvaluations = maximumEvaluations
    }

    /// `stillFails` answers, per candidate, whether it still shows the disagreement.
    package func shrink(_ original: Case, stillFails: @escaping ([Case]) -> [Bool],
                       shouldStop: @escaping () -> Bool = { false }) -> Result {
        let session = ShrinkSession(oracle: stillFails, batchSize: batchSize, maximumEvaluations: maximumEvaluations,
                                    shouldStop: shouldStop)
        var current = CaseInputShrink.run(original, session: session)
        if let structural = StructuralShrink.run(current, session: session) { current = structural }
        current = DeltaDebugging.run(current, session: session)
        current = ByteSimplification.run(current, session: session)
        return Result(shrunk: current, evaluations: session.evaluations, exhausted: session.exhausted)
    }
}

import Foundation
import HarnessCorpus

/// The one step a contributor runs after changing the contract (a fixture, an operator, a
/// reader): regenerate `golden/expected` from the C reference, re-record the Kotlin end,
/// then show what moved since a revision (`diff --base`) and which reader deviations remain
/// on the refreshed golden files — the only things left to fix or to list.
package enum Refresh {
    /// Runs the steps in order, handing each step's text to `say` as soon as it is known
    /// (so the recording's own progress shows under its heading). `record` re-records
    /// `golden/kotlin` (the CLI runs `scripts/record-kotlin`; tests may inject a recorder).
    /// Returns the gate on the refreshed files.
    package static func run(_ paths: HarnessPaths, base: String, jobs: Int, examples: Int = 5,
                            record: () throws -> Void, options: Gate.Options,
                            say: (String) -> Void) throws -> GateResult {
        say("== 1/4 contract-harness golden update\n")
        let changed = try Gate.update(paths, jobs: jobs)
        say(changed.isEmpty ? "golden/expected is up to date\n" : "updated golden/expected: \(changed.joined(separator: ", "))\n")

        say("\n== 2/4 scripts/record-kotlin\n")
        try record()

        say("\n== 3/4 contract-harness golden diff --base \(base)\n")
        do {
            say(GoldenDiffText.render(try GoldenDiff.load(paths, base: base), examples: examples))
        } catch let error as GitError {
            say("no diff against \(base): \(error.message)\n")
        }

        say("\n== 4/4 contract-harness check\n")
        let gate = try Gate.check(paths, options: options)
        say(gate.passed ? "PASS: every reader agrees with the refreshed golden files, or deviates only as its list says\n"
                        : remaining(gate))
        if gate.passed {
            // README's transcript of `check` follows the corpus: regenerated from this run.
            let documents = try DocTranscript.refresh(paths, summary: TextSummary.render(ReportFacts(gate)))
            if !documents.isEmpty { say("rewrote the generated transcript in \(documents.joined(separator: ", "))\n") }
        }
        var next = "\nnext: review `git diff golden/` (one case per line), then commit golden/ with the change"
        if !gate.passed { next += ";\nfirst fix the readers above, or list their deviations with a reviewed reason" }
        say(next + "\n")
        return gate
    }

    /// The gate's summary, when it still fails on the refreshed files: only reader
    /// deviations (and stale list entries) can be left, each with its field-scoped suggestion.
    static func remaining(_ gate: GateResult) -> String {
        TextSummary.render(ReportFacts(gate))
    }
}

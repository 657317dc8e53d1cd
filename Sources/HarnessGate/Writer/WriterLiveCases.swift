import ContractModel
import HarnessCorpus
import HarnessReaders

/// Which writer-family cases the gate judges live because another team's writer made them
/// (`check --writer CMD`, CONTRACT.md §7.5). `golden/expected` and `golden/kotlin` hold the
/// views of the tree's own writer's blobs; a foreign writer that writes other bytes (another
/// key order, whitespace, escapes, a later revision's fields) makes cases those golden lines
/// were not written from, and comparing them would only say "stale". Such a case — its
/// golden/expected line sealed with another fingerprint (`CaseFingerprint`: the blob, the
/// instant, the zone) — is judged live instead: its expected view is the C reference's view
/// of the blob now, every reader is compared with it as anywhere (divergence lists applied),
/// and the recorded Kotlin end, which has no line for it, is compared only when a live Kotlin
/// end is given, else a notice says it was not (never a silent pass). A case whose blob is
/// the tree writer's keeps its golden line and is compared with it as always. The tree's own
/// writer never makes a live case: there a changed fingerprint is a stale golden file.
package struct WriterLiveCases: Sendable {
    /// Case indices (corpus order) judged live.
    package var indices: [Int] = []
    /// Writer-family cases compared with golden/expected as always.
    package var againstGolden = 0
    /// Ids of golden lines of states the writer gave no blob for: no case has them, and the
    /// writer's crash or failure is a problem already, so they are not stale lines.
    package var unwritten: Set<String> = []
    /// The foreign writer's command, nil for the tree's own (then none of its cases is live).
    package var command: String?
    /// In a run for an app, the cases of its own fixtures and states (`Corpus.appCaseIndices`,
    /// also in `indices`): no golden file of the harness's tree holds them, so they are judged
    /// live as well, and the harness's own recordings are not compared on them.
    package var appIndices: [Int] = []

    package var isEmpty: Bool { indices.isEmpty }

    /// These live cases and the app's own (`Corpus.appCaseIndices`).
    package func including(app: [Int]) -> WriterLiveCases {
        guard !app.isEmpty else { return self }
        var merged = self
        merged.appIndices = app
        merged.indices = Array(Set(indices).union(app)).sorted()
        return merged
    }

    /// Finds them: only for a writer given with `--writer` (`.command`).
    package static func find(_ corpus: Corpus, writer: WriterCommand, stored: [String: ViewStore.StoredLine],
                             fingerprints: [String]) -> WriterLiveCases {
        guard case .command = writer, let family = corpus.writer else { return WriterLiveCases() }
        var result = WriterLiveCases(command: family.command)
        let writerCases = Set(family.entries.flatMap(\.caseIds))
        for (index, testCase) in corpus.cases.enumerated() where writerCases.contains(testCase.id) {
            if case .sealed(let sealed)? = stored[testCase.id]?.provenance, sealed != fingerprints[index] {
                result.indices.append(index)
            } else {
                result.againstGolden += 1
            }
        }
        for entry in family.entries where entry.blob == nil {
            result.unwritten.formUnion(WriterFamily.plan(entry.state, boundary: entry.boundary).map(\.id))
        }
        return result
    }

    /// A golden folder's freshness with the live cases taken out of its stale lines. In
    /// golden/expected (`compared`) they count as current: their expected view is the live
    /// one. In a recording they are not current, unless a live reader read them
    /// (`compared` again).
    package func adjusting(_ freshness: GoldenFreshness, cases: [Case], compared: Bool) -> GoldenFreshness {
        guard command != nil || !appIndices.isEmpty else { return freshness }
        var adjusted = freshness
        let live = Set(indices.map { cases[$0].id })
        adjusted.changed.removeAll { live.contains($0.caseId) }
        adjusted.missing.removeAll { live.contains($0.caseId) }
        adjusted.unsealed.removeAll { live.contains($0.caseId) }
        adjusted.orphaned.removeAll { unwritten.contains($0.caseId) }
        for index in indices { adjusted.current[index] = compared }
        return adjusted
    }

    /// `outcomes` with the live cases' replaced by `live` (in `indices` order).
    package func merging(_ outcomes: [ReaderOutcome], live: [ReaderOutcome]) -> [ReaderOutcome] {
        var merged = outcomes
        for (index, outcome) in zip(indices, live) { merged[index] = outcome }
        return merged
    }

    /// What every report says next to the writer: which writer made the blobs, and how many
    /// of its cases were judged live and how many against golden/expected.
    package var writerNotice: String? {
        guard let command else { return nil }
        return "writer `\(UntrustedText.escape(command))` (not the tree's writer end) made the writer family's blobs: "
            + "\(indices.count) writer case\(indices.count == 1 ? "" : "s") judged live (blob unlike the one golden/expected was written from; "
            + "expected: the C reference's live view), \(againstGolden) against golden/expected"
    }

    /// What every report says in a run for an app with fixtures or states of its own.
    package var appNotice: String? {
        guard !appIndices.isEmpty else { return nil }
        return "\(appIndices.count) case\(appIndices.count == 1 ? "" : "s") of the app's own fixtures and states judged live (expected: the C reference's view of each now); "
            + "the harness's own readers (\(ReaderRoster.standard.entries.map(\.name).joined(separator: ", "))) are judged on the harness's cases only"
    }

    /// The notice for a recorded reader run live on the live cases (`check --kotlin`).
    package func readLiveNotice(_ entry: ReaderEntry) -> String {
        "\(entry.name) read the \(indices.count) writer case\(indices.count == 1 ? "" : "s") judged live through its live end (`check --kotlin`), "
            + "\(entry.golden?.path ?? "its recording") the others"
    }

    /// The notice for a recorded reader that was not run live on the live cases.
    package func notRecordedNotice(_ entry: ReaderEntry) -> String? {
        let app = Set(appIndices)
        let writerCases = indices.filter { !app.contains($0) }.count
        guard let command, writerCases > 0 else { return nil }
        return "\(entry.name)'s recording (\(entry.golden?.displayPath ?? "")) was not compared on \(writerCases) writer case\(writerCases == 1 ? "" : "s"): "
            + "not recorded for this writer (`\(UntrustedText.escape(command))`); `check --kotlin` runs the Kotlin end live on them"
    }
}

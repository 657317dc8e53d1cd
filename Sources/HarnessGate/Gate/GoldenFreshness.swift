import ContractModel
import HarnessCorpus
import HarnessReaders

/// Whether each stored golden line (`golden/expected`, `golden/kotlin`) still belongs to the
/// case the corpus generates now (`GoldenLine` provenance), so the gate can tell "the golden
/// file is stale: regenerate it" apart from "a reader deviates". Only current lines are
/// compared; every other one is a problem that names the command that fixes it.
package struct GoldenFreshness: Sendable {
    /// A stored line the gate does not compare, and why.
    package struct Line: Sendable, Equatable {
        package var caseId: String
        /// `golden/expected/canonical.jsonl:12`, when the line exists.
        package var location: String?
    }

    package var golden: GoldenFolder
    /// `golden/expected`.
    package var folder: String { golden.displayPath }
    /// `contract-harness golden update`, `scripts/record-kotlin`.
    package var command: String { golden.command }
    /// Lines produced from an earlier version of their case (fixture, operator, zone or instant changed).
    package var changed: [Line] = []
    /// Cases the corpus has and the folder lacks.
    package var missing: [Line] = []
    /// Lines of cases the corpus no longer generates.
    package var orphaned: [Line] = []
    /// Lines without provenance (written by hand or by an older harness).
    package var unsealed: [Line] = []
    /// Lines whose seal does not match their content: edited after they were written.
    package var handEdited: [Line] = []
    /// View files the folder lacks although the corpus has cases of their fixture
    /// (`golden/expected/legacy.jsonl`): named, so a deleted file is not left to be inferred.
    package var absentFiles: [String] = []
    /// Per case (corpus order): true when the stored line is current and may be compared.
    package var current: [Bool]

    /// Cases that need the folder regenerated (everything except hand edits).
    package var stale: [Line] { changed + missing + orphaned + unsealed }
    package var isFresh: Bool { stale.isEmpty && handEdited.isEmpty }

    /// Sorts every stored line against the corpus; `fingerprints[i]` is
    /// `CaseFingerprint.of(cases[i])` (computed once per run for both folders).
    package static func assess(_ lines: [String: ViewStore.StoredLine], cases: [Case], fingerprints: [String],
                               in golden: GoldenFolder) -> GoldenFreshness {
        precondition(fingerprints.count == cases.count, "one fingerprint per case")
        var result = GoldenFreshness(golden: golden, current: [])
        result.current.reserveCapacity(cases.count)
        var known = Set<String>()
        for (testCase, fingerprint) in zip(cases, fingerprints) {
            known.insert(testCase.id)
            guard let stored = lines[testCase.id] else {
                result.missing.append(Line(caseId: testCase.id, location: nil))
                result.current.append(false)
                continue
            }
            let line = Line(caseId: testCase.id, location: "\(stored.file):\(stored.lineNumber)")
            switch stored.provenance {
            case .none:
                result.unsealed.append(line)
            case .broken:
                result.handEdited.append(line)
            case .sealed(let stored):
                if stored == fingerprint {
                    result.current.append(true)
                    continue
                }
                result.changed.append(line)
            }
            result.current.append(false)
        }
        let files = Set(lines.values.map(\.file))
        var absent: [String] = []
        for fixture in result.missing.map({ String(CaseID.fixture(of: $0.caseId)) }) {
            let file = "\(golden.displayPath)/\(fixture).jsonl"
            if !files.contains(file) && !absent.contains(file) { absent.append(file) }
        }
        result.absentFiles = absent
        result.orphaned = lines.filter { !known.contains($0.key) }
            .map { Line(caseId: $0.key, location: "\($0.value.file):\($0.value.lineNumber)") }
            .sorted { $0.caseId < $1.caseId }
        return result
    }

    /// The harness's golden folder as a run for an app that narrows the corpus (its config's
    /// `corpus`) sees it: lines of the fixtures the app leaves out are not orphans.
    package func forAppCorpus(_ paths: HarnessPaths) -> GoldenFreshness {
        guard paths.contract?.config.corpus != nil else { return self }
        var narrowed = self
        narrowed.orphaned = []
        return narrowed
    }

    /// What `check` says about the folder (empty when fresh): never a reader deviation and
    /// never a divergence-list suggestion, only what happened and the command to run.
    package var problems: [String] {
        var out: [String] = []
        let stale = self.stale
        if !stale.isEmpty {
            let verb = golden.isRecording ? "recorded" : "written"
            var parts: [String] = []
            if !changed.isEmpty { parts.append("\(Self.count(changed.count, "case")) changed since \(folder) was \(verb)") }
            if !missing.isEmpty {
                let files = absentFiles.prefix(3).joined(separator: ", ") + (absentFiles.count > 3 ? ", …" : "")
                parts.append("\(Self.count(missing.count, "new case")) not in it" + (absentFiles.isEmpty ? "" : " (\(files) \(absentFiles.count == 1 ? "is" : "are") missing)"))
            }
            if !orphaned.isEmpty { parts.append("\(Self.count(orphaned.count, "line")) naming cases the corpus no longer has") }
            if !unsealed.isEmpty { parts.append("\(Self.count(unsealed.count, "line")) without provenance") }
            let review = golden.isRecording ? "" : " (then review `git diff \(folder)`)"
            // An app's recording is made where its reader runs, from the app's case stream.
            let where_ = golden.inContractFolder
                ? " where \(golden.name) runs, on the case stream `contract-harness tool cases --out FILE` writes for this folder (docs/adopting.md, \"Recordings\")" : ""
            out.append("\(golden.isRecording ? "recording" : "expected") is stale: run `\(command)`\(where_)\(review)\n"
                       + "  \(parts.joined(separator: ", ")): \(Self.byFixture(stale)) (first: \(UntrustedText.escape(stale[0].caseId)))\n"
                       + "  not a reader deviation: nothing to add to \(golden.inContractFolder ? "its list" : "golden/divergences")")
        }
        if !handEdited.isEmpty {
            let shown = UntrustedText.escape(handEdited.prefix(3).map { "\($0.location ?? $0.caseId) (\($0.caseId))" }.joined(separator: ", "))
            out.append("\(folder) was edited by hand: \(Self.count(handEdited.count, "line")) no longer matching its seal\n"
                       + "  \(shown)\(handEdited.count > 3 ? ", …" : "")\n"
                       + "  golden files are written only by `\(command)`: run it, then review the diff")
        }
        return out
    }

    /// `1 case`, `2 cases`.
    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    /// `canonical 1719, legacy 4`, largest first.
    static func byFixture(_ lines: [Line]) -> String {
        let sorted = Tally.mostFirst(lines.map { String(CaseID.fixture(of: $0.caseId)) })
        let shown = UntrustedText.escape(sorted.prefix(6).map { "\($0.key) \($0.count)" }.joined(separator: ", "))
        return sorted.count > 6 ? shown + ", … (\(sorted.count) fixtures)" : shown
    }
}

extension GateResult {
    /// Whether the gate compared `reader` on the case at `index` (corpus order): not when the
    /// case's expected line is stale or edited, nor for a recorded reader when its own line is.
    package func compared(_ reader: ReaderEntry, at index: Int) -> Bool {
        for store in freshness where !store.golden.isRecording || store.golden == reader.golden {
            if !store.current[index] { return false }
        }
        return true
    }
}

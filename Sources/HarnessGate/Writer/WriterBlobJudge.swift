import ContractModel
import Foundation
import HarnessCorpus
import HarnessReaders
import WidgetSnapshot

/// Judges one writer blob against the app state it was written from: the writer schema of
/// the state's revision (for a state the app can hold) and what the widget shows, one ms before
/// the app's day boundary and at it, through the reference reader (`WriterIntent`). The
/// gate's `WriterChecks` and `fuzz states` both call it, so both judge alike. A writer that
/// declares a revision (`WriterRevision`) is judged at it on earlier states, and not on later ones.
package struct WriterBlobJudge: Sendable {
    private let schemas: [Int: WriterSchema]
    private let reference: any InProcessReader
    /// The revision the writer declares: which schema a state is judged at, or none (pending).
    package let writer: WriterRevision

    /// Loads the writer schema of every revision in `revisions` (default: every one `root` has)
    /// and of each up to the declared one (exit 2 when one cannot be used).
    package init(root: URL, revisions: Set<Int>? = nil, writer: WriterRevision = WriterRevision(),
                 reference: any InProcessReader = CReferenceReader()) throws {
        var schemas: [Int: WriterSchema] = [:]
        let wanted = revisions ?? Set(WriterRevision.known(root: root))
        for revision in wanted.union(writer.declared.map { Set(WriterRevision.first...max(WriterRevision.first, $0)) } ?? []) {
            schemas[revision] = try WriterSchema.load(root: root, file: WriterSchema.fileName(revision: revision))
        }
        self.schemas = schemas
        self.reference = reference
        self.writer = writer
    }

    /// True when `state` is of a later revision than the writer declares: not judged.
    package func isPending(_ state: WriterState) -> Bool { writer.hold(stateRevision: state.revision) == .pending }

    /// The schema's verdict: each broken rule, prefixed with the schema file.
    package func schemaProblems(_ state: WriterState, blob: [UInt8]) -> [String] {
        schemaProblems(state) { $0.violations(blob) }
    }

    /// The same for a blob already recorded as a tape (nil: it is not JSON).
    package func schemaProblems(_ state: WriterState, blob: [UInt8], tape: JSONTape?) -> [String] {
        schemaProblems(state) { $0.violations(blob, tape: tape) }
    }

    /// At the revision the writer is held to on `state` (none when pending). A declared writer
    /// whose blob breaks its revision's schema but is valid for an earlier one's is told so:
    /// it declares a revision it does not implement.
    private func schemaProblems(_ state: WriterState, violations: (WriterSchema) -> [String]) -> [String] {
        guard case .schema(let revision) = writer.hold(stateRevision: state.revision) else { return [] }
        guard let schema = schemas[revision] else {
            return ["no writer schema loaded for revision \(revision) (\(WriterSchema.fileName(revision: revision)))"]
        }
        let broken = violations(schema).map { "its blob is not valid for \(schema.file): \(UntrustedText.escape($0))" }
        guard let declared = writer.declared, !broken.isEmpty,
              let earlier = (WriterRevision.first..<max(WriterRevision.first, declared)).reversed().first(where: { schemas[$0].map { violations($0).isEmpty } ?? false })
        else { return broken }
        return broken.map { "the writer declares revision \(declared) but does not implement it (its blob is valid for revision \(earlier)'s writer schema): \($0)" }
    }

    /// What the widget shows for `testCase` (one of the state's writer cases, read at `instant`)
    /// against what the state means.
    package func intentProblems(_ state: WriterState, boundary: Int64?, instant: String, testCase: Case) -> [String] {
        switch reference.outcome(testCase) {
        case .view(let view):
            return WriterIntent.mismatches(state, boundary: boundary, instant: instant, selectedProjectId: testCase.selectedProjectId,
                                           nowMs: testCase.nowMs, view: view)
        case .failure(let reason):
            return ["the \(reference.name) reader gives no view: \(UntrustedText.escape(reason))"]
        }
    }

    /// Both, for a blob outside any corpus (a fuzzed state): schema, then each instant's case
    /// (`case <id>: …`). Empty for a state the app cannot hold (not judged) or that cannot be read.
    package func problems(stateLine: [UInt8], stateId: String, blob: [UInt8]) -> [String] {
        guard let state = WriterState(line: stateLine), state.inApp, !isPending(state) else { return [] }
        let line = StateLine(id: stateId, file: "(generated)", lineNumber: 0, bytes: stateLine, state: state)
        let (family, cases) = WriterFamily.build(states: [line], answers: [.blob(blob)], command: "")
        var found = schemaProblems(state, blob: blob)
        let boundary = family.entries.first?.boundary
        for testCase in cases {
            let instant = String(testCase.id.split(separator: "@").last ?? "")
            found += intentProblems(state, boundary: boundary, instant: instant, testCase: testCase).map { "case \(testCase.id): \($0)" }
        }
        return found
    }
}

import Foundation

/// The contract revision a writer end declares (`--writer CMD@N`, `--writer-command CMD@N`),
/// and what that holds it to on a state of revision M (CONTRACT.md §7.5). Without a
/// declaration the writer follows each state's own `revision`, as the project's writer end does.
package struct WriterRevision: Sendable, Equatable {
    /// The first writer revision (its schema is `schemas/widget-snapshot.v1.schema.json`).
    package static let first = 1

    /// The writer revisions with a writer schema in `root`'s `schemas/`: `first`, then each
    /// next one whose file (`WriterSchema.fileName(revision:)`) is there, so a revision is
    /// declarable exactly when its schema exists (CONTRACT.md §7.4).
    package static func known(root: URL) -> ClosedRange<Int> {
        var last = first
        while FileManager.default.fileExists(atPath: root.appendingPathComponent("schemas/\(WriterSchema.fileName(revision: last + 1))").path) {
            last += 1
        }
        return first...last
    }

    /// Why `@text` cannot be declared in `root` (nil when it can): a revision is one of `known(root:)`.
    package static func refusal(_ text: String, root: URL) -> String? {
        let known = known(root: root)
        if let revision = Int(text), known.contains(revision) { return nil }
        return "the revision a writer implements is one with a writer schema, \(known.lowerBound) to \(known.upperBound)"
            + " (schemas/\(WriterSchema.fileName(revision: known.upperBound + 1)) does not exist)"
    }

    /// nil: each state is written (and judged) at its own revision.
    package var declared: Int?

    package init(declared: Int? = nil) { self.declared = declared }

    /// What a state of revision `stateRevision` is judged at.
    package enum Hold: Equatable, Sendable {
        /// The blob must be valid for this revision's writer schema, and show what the state
        /// means (revision-1 views: the additive fields of a later revision are allowed).
        case schema(Int)
        /// The state is of a later revision than the writer implements: not judged, counted
        /// and shown as pending (like a lagging reader's later fields).
        case pending
    }

    package func hold(stateRevision: Int) -> Hold {
        guard let declared else { return .schema(stateRevision) }
        return stateRevision > declared ? .pending : .schema(declared)
    }

    /// `CMD@N` split: a trailing `@` and digits are the revision (one of `known(root:)`); anything
    /// else is all command. Nil revision when none is given.
    package static func split(_ spec: String) -> (command: String, revision: String?) {
        guard let at = spec.lastIndex(of: "@") else { return (spec, nil) }
        let tail = spec[spec.index(after: at)...]
        guard !tail.isEmpty, tail.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return (spec, nil) }
        return (String(spec[..<at]), String(tail))
    }

    /// How it is shown next to the writer in a summary.
    package var label: String {
        declared.map { "revision \($0)" } ?? "each state's revision"
    }
}

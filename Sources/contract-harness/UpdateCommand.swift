import ContractModel
import HarnessReaders
import Foundation
import HarnessCorpus
import HarnessGate

/// `contract-harness golden update`: rewrite golden/expected from the C reference.
enum UpdateCommand: Subcommand {
    static let name = "update"
    static let summary = "rewrite golden/expected from the C reference (refused under CI)"
    static let help = """
    USAGE: contract-harness golden update [--root DIR] [--jobs N]

    Writes the C reference's view of every case to golden/expected/<fixture>.jsonl, one
    canonical line per case, each file replaced atomically; review the diff before committing.
    Refused under CI (expected outputs change only by a reviewed commit) and with --writer
    (golden lines are the tree's own writer's). Guide: docs/gate.md ("Golden files").

    OPTIONS:
      --root DIR        the tree that holds golden/ (default: .)
      --jobs N          threads for the in-process readers (default: all cores)
    """

    static func run(_ arguments: inout Arguments) throws -> Int32 {
        let paths = try paths(&arguments)
        let jobs = try jobs(&arguments)
        if let writer = try arguments.option("--writer") {
            throw UsageError("update --writer \(UntrustedText.escape(writer)): update writes golden/expected only from the tree's own writer end "
                             + "(golden lines of another writer's blobs would make the tree's writer cases stale); nothing was written. "
                             + "To gate that writer, run `check --writer COMMAND`: its blobs unlike the tree's are judged live")
        }
        try arguments.finish()
        if let ci = ProcessInfo.processInfo.environment["CI"], !ci.isEmpty {
            StandardStreams.err("contract-harness: update refuses to run under CI (CI=\(ci)): expected outputs change only by a reviewed commit\n")
            return ExitCode.usageOrInput
        }
        try paths.expected.checkWritable()  // before anything in it is removed or written
        StandardStreams.err(LeftoverTemporaryFiles.report(LeftoverTemporaryFiles.clean(paths.expected.folder), in: "golden/expected"))
        let changed = try Gate.update(paths, jobs: jobs)
        for file in paths.expected.foreignFiles() {
            StandardStreams.err("contract-harness: left golden/expected/\(UntrustedText.escape(file)) alone (update did not write it)\n")
        }
        if changed.isEmpty {
            print("golden/expected is up to date")
        } else {
            print("updated golden/expected: \(UntrustedText.escape(changed.joined(separator: ", ")))\nreview with: git diff -- golden/expected")
        }
        return ExitCode.passed
    }
}

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

    Regenerates the case stream and writes the C reference's view of every case to
    golden/expected/<fixture>.jsonl: one canonical line per case, in case order, each file
    replaced atomically (temp + rename), so a contract change reads as small hunks that name
    their cases. Review the diff before committing it. A file of a fixture that is gone is
    removed only when update wrote it (every line a view of that fixture's cases); any other
    file there is left alone and named. Temporary files a killed run left are removed.

    Refuses to run when the CI environment variable is set: expected outputs change only by a
    reviewed commit, never inside a CI job.

    The writer family's lines are always written from the tree's own writer end
    (scripts/build-writer): `--writer COMMAND` is refused (exit 2), since golden lines of another
    team's writer would make the tree's own stale; `check --writer COMMAND` judges such a writer's
    blobs live instead (CONTRACT.md §7.5).
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

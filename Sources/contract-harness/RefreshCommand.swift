import ContractModel
import Foundation
import HarnessCorpus
import HarnessGate
import HarnessReaders

/// `contract-harness golden refresh`: after a contract change, regenerate every golden output and
/// show what moved and what still deviates (refused under CI, like `update`).
enum RefreshCommand: Subcommand {
    static let name = "refresh"
    static let summary = "update + record-kotlin + diff + check: the one step after a contract change (refused under CI)"
    static let help = """
    USAGE: contract-harness golden refresh [--root DIR] [--jobs N] [--base REV] [--no-kotlin] [--examples N]

    The one step after changing the contract (a feature, a fixture, an operator, a reader); first
    schemas/decoded-view.fields.schema.json is written from schemas/contract.json when it differs, then:
      1. contract-harness golden update      golden/expected from the C reference
      2. scripts/record-kotlin        golden/kotlin from the Kotlin end (DIR/scripts/record-kotlin,
                                      run with this binary as CONTRACT_HARNESS)
      3. contract-harness golden diff --base REV    which cases' outputs moved, per reader and field
      4. contract-harness check       the reader deviations that remain on the refreshed files,
                                      with field-scoped lines to list them after review
    Then review `git diff golden/` and commit it with the change.

    Exit 0 when the gate passes on the refreshed files, 1 when reader deviations remain (or the
    recording fails), 2 on bad usage or input. Refuses to run when CI is set: golden files
    change only by a reviewed commit.

    OPTIONS:
      --root DIR        the tree that holds golden/ and scripts/ (default: .)
      --jobs N          threads for the in-process readers (default: all cores)
      --base REV        the revision the diff compares with (default: HEAD)
      --no-kotlin       skip step 2 (no JDK here); the gate then says whether golden/kotlin is stale
      --examples N      examples per reader in the diff (default 5)
    """

    static func run(_ arguments: inout Arguments) throws -> Int32 {
        let paths = try paths(&arguments)
        let jobs = try jobs(&arguments)
        let givenBase = try arguments.option("--base")
        let base = givenBase ?? "HEAD"
        let skipKotlin = arguments.flag("--no-kotlin")
        let examples = try arguments.integer("--examples") ?? 5
        guard examples >= 0 else { throw UsageError("--examples must be ≥ 0") }
        try arguments.finish()
        if let ci = ProcessInfo.processInfo.environment["CI"], !ci.isEmpty {
            StandardStreams.err("contract-harness: refresh refuses to run under CI (CI=\(ci)): golden files change only by a reviewed commit\n")
            return ExitCode.usageOrInput
        }
        // A --base that names no revision is bad usage, found before anything is written (the
        // default HEAD may be missing: a tree outside git still refreshes, without the diff).
        if givenBase != nil {
            do {
                _ = try GitRevision(base, root: paths.root)
            } catch let error as GitError {
                throw UsageError("--base `\(base)` is not a revision of \(paths.root.path): \(error.message); nothing was written")
            }
        }
        let script = paths.root.appendingPathComponent("scripts/record-kotlin").path
        if !skipKotlin, !FileManager.default.isExecutableFile(atPath: script) {
            throw UsageError("\(script) is missing: refresh records Kotlin with it (or pass --no-kotlin)")
        }
        // The view schema's feature part follows the description (a feature added is a field there).
        let fields = paths.root.appendingPathComponent(ViewFieldsSchema.path)
        let wanted = ViewFieldsSchema.bytes()
        if (try? GoldenText.read(fields, displayName: ViewFieldsSchema.path, tree: paths.tree, maximumBytes: InputLimits.schemaFileBytes)) != wanted {
            try AtomicFile.write(wanted, to: fields, within: paths.tree)
            say("wrote \(ViewFieldsSchema.path) from \(ContractDescription.file) (contract-harness golden schemas --write)\n")
        }
        var recordingFailed = false
        let gate = try Refresh.run(paths, base: base, jobs: jobs, examples: examples, record: {
            guard !skipKotlin else {
                say("skipped (--no-kotlin)\n")
                return
            }
            let termination = try KotlinRecording.run(script: script)
            if termination.exitCode != 0 {
                recordingFailed = true
                say("scripts/record-kotlin failed (\(termination)); golden/kotlin is unchanged\n")
            }
        }, options: Gate.Options(jobs: jobs), say: say)
        return gate.passed && !recordingFailed ? ExitCode.passed : ExitCode.contractFailure
    }

    private static func say(_ text: String) {
        print(UntrustedText.guardLines(text), terminator: "")
        fflush(nil)
    }
}

/// Runs `scripts/record-kotlin` with this binary as its harness, its output shown as it comes.
enum KotlinRecording {
    static func run(script: String) throws -> Termination {
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        let child = try Subprocess(.arguments(["env", "CONTRACT_HARNESS=\(me)", script]), stdout: .inherit, stderr: .inherit)
        return child.reap()
    }
}

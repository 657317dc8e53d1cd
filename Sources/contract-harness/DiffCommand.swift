import ContractModel
import Foundation
import HarnessGate

/// `contract-harness golden diff --base REV`: which cases' golden outputs a change moved.
enum DiffCommand: Subcommand {
    static let name = "diff"
    static let summary = "which cases' expected and recorded outputs changed since a git revision"
    static let help = """
    USAGE: contract-harness golden diff --base REV [--root DIR] [--markdown FILE] [--examples N]

    Compares golden/expected (the C reference's outputs) and golden/kotlin (the recorded
    Kotlin end's) at git revision REV with the work tree, case by case and field by field
    (CONTRACT §6: error texts are not compared, and are counted apart). Prints per reader the
    counts — changed, added, removed, error text only — then the changed fields, then at most
    N examples with before → after. --markdown FILE writes the same for a pull-request comment.

    Exit 0 (whether or not anything changed), 2 on bad usage, an unknown revision or a
    malformed view line.

    OPTIONS:
      --base REV        the git revision to compare with (HEAD, HEAD~1, main, a hash)
      --markdown FILE   also write Markdown (`-` for stdout instead of the text)
      --examples N      examples per reader (default 5)
    """

    static func run(_ arguments: inout Arguments) throws -> Int32 {
        let paths = try paths(&arguments)
        guard let base = try arguments.option("--base") else { throw UsageError("--base REV is required") }
        let markdown = try arguments.option("--markdown")
        let examples = try arguments.integer("--examples") ?? 5
        guard examples >= 0 else { throw UsageError("--examples must be ≥ 0") }
        try arguments.finish()
        let diff = try GoldenDiff.load(paths, base: base)
        if let markdown { try ReportFile.write(Array(GoldenDiffMarkdown.render(diff, examples: examples).utf8), to: markdown) }
        if markdown != "-" { print(UntrustedText.guardLines(GoldenDiffText.render(diff, examples: examples)), terminator: "") }
        return ExitCode.passed
    }
}

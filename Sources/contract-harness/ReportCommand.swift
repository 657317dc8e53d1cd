import HarnessReaders
import Foundation
import HarnessGate

/// `contract-harness report --html FILE`: the reviewer's page for a gate run.
enum ReportCommand: Subcommand {
    static let name = "report"
    static let summary = "run the gate and write a self-contained HTML page for reviewers"
    static let help = """
    USAGE: contract-harness report --html FILE [--root DIR] [--jobs N] [--testee NAME=COMMAND]...
                                   [--writer COMMAND[@REVISION]] [--kotlin] [--no-recordings] [--samples N] [--blob-limit BYTES]

    Runs the same comparison as `check` and writes one HTML file (inline CSS, no scripts, no
    network): the verdict and per-reader counts, then a cases × readers matrix grouped by
    fixture and mutation family, coloured per status (agree, listed divergence, unexpected,
    crash). Groups where every reader agrees are collapsed; every deviating case has a row
    whose details show the blob, each reader's view and the field diff.

    Exit 0 when the page was written (whatever the verdict: `check` is the gate), 2 on bad
    usage or input. Render it to a PNG with scripts/screenshot-report.

    OPTIONS:
      --html FILE         where to write the page (`-` for stdout)
      --samples N         agreeing cases shown in full per group (default 2)
      --blob-limit BYTES  blob bytes shown per case (default 1500)
      --root, --jobs, --testee, --timeout, --start-timeout, --writer, --kotlin, --no-recordings, --zones-checked-on
                          as for `check`
    """

    static func run(_ arguments: inout Arguments) throws -> Int32 {
        guard arguments.peekValue("--html") != nil else { throw UsageError("--html FILE is required") }
        // The earlier release's spelling of `check --html FILE`: the same run, only the page written,
        // exit 0 whatever the verdict (`check` is the gate).
        let (passed, page) = try CheckCommand.run(&arguments, printsVerdict: false)
        if let page, page.path != "-" {
            StandardStreams.err("wrote \(page.path) (\(page.bytes / 1024) KiB); the gate \(passed ? "passes" : "FAILS")\n")
        }
        return ExitCode.passed
    }
}

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
        let paths = try paths(&arguments)
        let jobs = try jobs(&arguments)
        guard let html = try arguments.option("--html") else { throw UsageError("--html FILE is required") }
        let samples = try arguments.integer("--samples") ?? 2
        let blobLimit = try arguments.integer("--blob-limit") ?? 1500
        guard samples >= 0, blobLimit >= 1 else { throw UsageError("--samples must be ≥ 0 and --blob-limit ≥ 1") }
        let (_, testees, timeout, startTimeout) = try Testee.optionsAndTimeouts(&arguments)
        let (writer, writerRevision) = try WriterOption.parse(&arguments)
        let liveKotlin = LiveKotlinOption.parse(&arguments, root: paths.root, timeout: timeout, startTimeout: startTimeout)
        let foreignTzdata = try ZonesCheckedOnOption.parse(&arguments)
        let includeRecordings = !arguments.flag("--no-recordings")
        try arguments.finish()

        var options = Gate.Options(testees: testees, includeRecordings: includeRecordings, jobs: jobs)
        options.writer = writer
        options.writerRevision = writerRevision
        options.writerTimeouts = WriterTimeouts(line: timeout, start: startTimeout)
        options.foreignTzdata = foreignTzdata
        options.liveKotlin = liveKotlin
        let result = try Gate.check(paths, options: options)
        let page = HTMLReport.render(ReportFacts(result), options: HTMLReport.Options(agreeingSamples: samples, blobLimit: blobLimit))
        try ReportFile.write(Array(page.utf8), to: html)
        if html != "-" {
            StandardStreams.err("wrote \(html) (\(page.utf8.count / 1024) KiB); the gate \(result.passed ? "passes" : "FAILS")\n")
        }
        return ExitCode.passed
    }
}

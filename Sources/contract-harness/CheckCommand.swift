import HarnessReaders
import Foundation
import HarnessCorpus
import HarnessGate

/// `contract-harness check`: the CI gate.
enum CheckCommand: Subcommand {
    static let name = "check"
    static let summary = "run every reader on every case and gate on the result"
    static let help = """
    USAGE: contract-harness check [--contract DIR [--live] [--reader NAME]... [--no-writer]] [--root DIR] [--jobs N] [--testee NAME=COMMAND]... [--timeout SECONDS]
                                  [--start-timeout SECONDS] [--writer COMMAND[@REVISION]] [--kotlin] [--no-recordings] [--zones-checked-on NAME] [--json FILE] [--junit FILE]
                                  [--markdown FILE] [--html FILE [--samples N] [--blob-limit BYTES]] [--deviations FILE] [--quiet]

    Builds the case stream from golden/fixtures, runs the Swift reader and the C reference (and
    each --testee: a command reading cases JSONL on stdin, writing views JSONL on stdout),
    compares every view with golden/expected and golden/kotlin (when its recording matches this
    case stream), and applies golden/divergences/<reader>.txt.

    Passes (exit 0) only when every deviation is listed and every listed entry still happens.
    Exit 1 on a contract failure (the summary names each case and field, and the exact lines to
    add to or remove from the lists); exit 2 on bad usage or bad input.

    For an app (--contract, or run inside an app repository with a contract folder): the
    installed harness's corpus and golden files, and the app's ends, lists and recordings as
    its widget-contract.json names them (docs/adopting.md).

    OPTIONS:
    \(AppOption.help)
    \(AppOption.endsHelp)
      --root DIR            the tree that holds golden/ (default: .)
      --jobs N              threads for the in-process readers (default: all cores)
      --testee NAME=CMD     an external reader, compared like the others (repeatable)
    \(Testee.optionsHelp)
    \(WriterOption.help)
    \(ZonesCheckedOnOption.help)
                            A writer blob unlike the tree writer's (golden/expected was written from
                            the tree's) is judged live: expected is the C reference's view of it
                            now, and golden/kotlin, which has no line for it, is not compared there
                            (said in every report) unless --kotlin is given.
    \(LiveKotlinOption.help)
    \(QueueOption.help)
      --no-recordings       do not compare golden/kotlin (nor golden/queue/kotlin.jsonl)
      --json FILE           the full verdict as JSON
      --junit FILE          a JUnit XML report (a testcase per case and reader)
      --markdown FILE       a Markdown summary for a pull-request comment or job summary
      --html FILE           the reviewers' page, self-contained: each reader, family and field shows its
                            first deviating cases, the rest counted (docs/reviewing.md)
      --samples N           with --html: agreeing cases shown in full per group (default 2)
      --blob-limit BYTES    with --html: blob bytes shown per case (default 1500)
      --deviations FILE     every deviation of every reader, one JSON object per line (what the
                            reports sample; linked from the --html page)
      --quiet               print only the verdict line
    """

    static func run(_ arguments: inout Arguments) throws -> Int32 {
        try run(&arguments, printsVerdict: true).passed ? ExitCode.passed : ExitCode.contractFailure
    }

    /// The gate and its reports; `printsVerdict` false for the earlier release's `report --html`,
    /// which wrote only the page.
    static func run(_ arguments: inout Arguments, printsVerdict: Bool) throws -> (passed: Bool, html: (path: String, bytes: Int)?) {
        let paths = try appPaths(&arguments)
        let jobs = try jobs(&arguments)
        let (_, testees, timeout, startTimeout) = try Testee.optionsAndTimeouts(&arguments)
        let given = try arguments.option("--writer")
        let app = try AppOption.ends(paths, &arguments, caseTimeout: timeout, startTimeout: startTimeout)
        let liveKotlin = LiveKotlinOption.parse(&arguments, root: paths.root, timeout: timeout, startTimeout: startTimeout)
        let foreignTzdata = try ZonesCheckedOnOption.parse(&arguments)
        let includeRecordings = !arguments.flag("--no-recordings")
        let queue = try QueueOption.parse(&arguments, root: paths.root, timeout: timeout, startTimeout: startTimeout,
                                          includeRecordings: includeRecordings, jobs: jobs)
        let json = try arguments.option("--json")
        let junit = try arguments.option("--junit")
        let markdown = try arguments.option("--markdown")
        let html = try arguments.option("--html")
        let deviations = try arguments.option("--deviations")
        let samples = try arguments.integer("--samples") ?? 2
        let blobLimit = try arguments.integer("--blob-limit") ?? 1500
        guard samples >= 0, blobLimit >= 1 else { throw UsageError("--samples must be ≥ 0 and --blob-limit ≥ 1") }
        let quiet = arguments.flag("--quiet")
        try arguments.finish()

        let (writer, writerRevision) = try given.map { try WriterOption.parse($0, option: "--writer", root: paths.root) } ?? (.tree, WriterRevision())
        var options = Gate.Options(testees: testees, includeRecordings: includeRecordings, jobs: jobs)
        options.writer = writer
        options.writerRevision = writerRevision
        app?.apply(to: &options, writerGiven: given != nil)
        options.writerTimeouts = WriterTimeouts(line: timeout, start: startTimeout)
        options.foreignTzdata = foreignTzdata
        options.liveKotlin = liveKotlin
        options.queue = queue.options
        options.queueLeftOut = queue.leftOut
        var result = try Gate.check(paths, options: options)
        result.notices += app?.notices ?? []
        let facts = ReportFacts(result)
        if let json { try ReportFile.write(JSONReport.render(facts), to: json) }
        if let junit { try ReportFile.write(Array(JUnitReport.render(facts).utf8), to: junit) }
        if let markdown { try ReportFile.write(Array(MarkdownReport.render(facts).utf8), to: markdown) }
        if let deviations { try ReportFile.write(DeviationLines.render(facts), to: deviations) }
        var page: (path: String, bytes: Int)?
        if let html {
            let options = HTMLReport.Options(agreeingSamples: samples, blobLimit: blobLimit,
                                             deviationsFile: deviations.flatMap { ReportFile.link(to: $0, from: html) })
            let bytes = Array(HTMLReport.render(facts, options: options).utf8)
            try ReportFile.write(bytes, to: html)
            page = (html, bytes.count)
        }
        if printsVerdict { print(quiet ? (result.passed ? "PASS" : "FAIL") : TextSummary.render(facts), terminator: quiet ? "\n" : "") }
        return (result.passed, page)
    }
}

/// Report files are written whole (temp + rename) like everything else the harness writes.
enum ReportFile {
    static func write(_ bytes: [UInt8], to path: String) throws {
        if path == "-" {
            StandardStreams.out(bytes)
            return
        }
        try AtomicFile.write(bytes, to: URL(fileURLWithPath: path))
    }

    /// How a report at `page` links to the file at `path`: its name when both are in one folder,
    /// else its absolute path (nil for standard output).
    static func link(to path: String, from page: String) -> String? {
        guard path != "-" else { return nil }
        let target = URL(fileURLWithPath: path).standardizedFileURL
        let folder = URL(fileURLWithPath: page).standardizedFileURL.deletingLastPathComponent()
        return target.deletingLastPathComponent().path == folder.path ? target.lastPathComponent : target.path
    }
}

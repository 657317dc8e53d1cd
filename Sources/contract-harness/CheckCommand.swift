import HarnessReaders
import Foundation
import HarnessCorpus
import HarnessGate

/// `contract-harness check`: the CI gate.
enum CheckCommand: Subcommand {
    static let name = "check"
    static let summary = "run every reader on every case and gate on the result"
    static let help = """
    USAGE: contract-harness check [--testee NAME[@SET]=COMMAND]... [--writer NAME[@REVISION]=COMMAND] [OPTIONS]
           contract-harness check --contract DIR [--live] [--reader NAME]... [OPTIONS]   (an app's repository)

    Runs every reader on every case, compares each view with golden/expected and golden/kotlin and
    applies the reviewed lists golden/divergences/READER.txt. Exit 0 pass, 1 contract failure (each
    case and field named, with the list lines to add after review), 2 bad usage or input.
    Guide: docs/gate.md (an app's repository: docs/adopting.md; the reports: docs/reviewing.md).

    OPTIONS:
    \(AppOption.help)
    \(AppOption.endsHelp)
      --jobs N              threads for the in-process readers (default: all cores)
    \(Testee.optionsHelp)
    \(WriterOption.help)
    \(LiveKotlinOption.help)
    \(QueueOption.help)
      --no-recordings       do not compare golden/kotlin nor golden/queue/kotlin.jsonl
    \(ZonesCheckedOnOption.help)
      --json FILE           the full verdict as JSON
      --junit FILE          a JUnit XML report, a testcase per case and reader
      --markdown FILE       a Markdown summary for a pull-request comment or job summary
      --html FILE           the reviewers' page, self-contained
      --samples N           with --html: agreeing cases shown in full per group (default 2)
      --blob-limit BYTES    with --html: blob bytes shown per case (default 1500)
      --deviations FILE     every deviation of every reader, one JSON object per line
      --quiet               print only PASS or FAIL
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

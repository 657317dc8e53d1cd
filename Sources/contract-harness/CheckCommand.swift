import HarnessReaders
import Foundation
import HarnessCorpus
import HarnessGate

/// `contract-harness check`: the CI gate.
enum CheckCommand: Subcommand {
    static let name = "check"
    static let summary = "run every reader on every case and gate on the result"
    static let help = """
    USAGE: contract-harness check [--root DIR] [--jobs N] [--testee NAME=COMMAND]... [--timeout SECONDS]
                                  [--start-timeout SECONDS] [--writer COMMAND[@REVISION]] [--kotlin] [--no-recordings] [--zones-checked-on NAME] [--json FILE] [--junit FILE]
                                  [--markdown FILE] [--html FILE] [--quiet]

    Builds the case stream from golden/fixtures, runs the Swift reader and the C reference (and
    each --testee: a command reading cases JSONL on stdin, writing views JSONL on stdout),
    compares every view with golden/expected and golden/kotlin (when its recording matches this
    case stream), and applies golden/divergences/<reader>.txt.

    Passes (exit 0) only when every deviation is listed and every listed entry still happens.
    Exit 1 on a contract failure (the summary names each case and field, and the exact lines to
    add to or remove from the lists); exit 2 on bad usage or bad input.

    OPTIONS:
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
      --no-recordings       do not compare golden/kotlin
      --json FILE           the full verdict as JSON
      --junit FILE          a JUnit XML report (a testcase per case and reader)
      --markdown FILE       a Markdown summary for a pull-request comment or job summary
      --html FILE           the reviewers' page of `report --html` (its default --samples and --blob-limit),
                            from this same run
      --quiet               print only the verdict line
    """

    static func run(_ arguments: inout Arguments) throws -> Int32 {
        let paths = try paths(&arguments)
        let jobs = try jobs(&arguments)
        let (_, testees, timeout, startTimeout) = try Testee.optionsAndTimeouts(&arguments)
        let (writer, writerRevision) = try WriterOption.parse(&arguments)
        let liveKotlin = LiveKotlinOption.parse(&arguments, root: paths.root, timeout: timeout, startTimeout: startTimeout)
        let foreignTzdata = try ZonesCheckedOnOption.parse(&arguments)
        let includeRecordings = !arguments.flag("--no-recordings")
        let json = try arguments.option("--json")
        let junit = try arguments.option("--junit")
        let markdown = try arguments.option("--markdown")
        let html = try arguments.option("--html")
        let quiet = arguments.flag("--quiet")
        try arguments.finish()

        var options = Gate.Options(testees: testees, includeRecordings: includeRecordings, jobs: jobs)
        options.writer = writer
        options.writerRevision = writerRevision
        options.writerTimeouts = WriterTimeouts(line: timeout, start: startTimeout)
        options.foreignTzdata = foreignTzdata
        options.liveKotlin = liveKotlin
        let result = try Gate.check(paths, options: options)
        let facts = ReportFacts(result)
        if let json { try ReportFile.write(JSONReport.render(facts), to: json) }
        if let junit { try ReportFile.write(Array(JUnitReport.render(facts).utf8), to: junit) }
        if let markdown { try ReportFile.write(Array(MarkdownReport.render(facts).utf8), to: markdown) }
        if let html { try ReportFile.write(Array(HTMLReport.render(facts, options: HTMLReport.Options()).utf8), to: html) }
        print(quiet ? (result.passed ? "PASS" : "FAIL") : TextSummary.render(facts), terminator: quiet ? "\n" : "")
        return result.passed ? ExitCode.passed : ExitCode.contractFailure
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
}

import Foundation
import ContractHarness

/// `contract-harness check`: the CI gate.
enum CheckCommand: Subcommand {
    static let name = "check"
    static let summary = "run every reader on every case and gate on the result"
    static let help = """
    USAGE: contract-harness check [--root DIR] [--jobs N] [--testee NAME=COMMAND]... [--timeout SECONDS]
                                  [--no-recordings] [--json FILE] [--junit FILE] [--markdown FILE] [--quiet]

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
      --timeout SECONDS     per-case timeout for testees (default 10; 60 for the first line)
      --no-recordings       do not compare golden/kotlin
      --json FILE           the full verdict as JSON
      --junit FILE          a JUnit XML report (a testcase per case and reader)
      --markdown FILE       a Markdown summary for a pull-request comment or job summary
      --quiet               print only the verdict line
    """

    static func run(_ arguments: inout Arguments) throws -> Int32 {
        let paths = try paths(&arguments)
        let jobs = try jobs(&arguments)
        let timeout = Double(try arguments.option("--timeout") ?? "10")
        guard let timeout, timeout > 0 else { throw UsageError("--timeout takes a positive number of seconds") }
        let testees = try arguments.options("--testee").map { spec throws(UsageError) in try Testee.parse(spec, timeout: timeout) }
        let includeRecordings = !arguments.flag("--no-recordings")
        let json = try arguments.option("--json")
        let junit = try arguments.option("--junit")
        let markdown = try arguments.option("--markdown")
        let quiet = arguments.flag("--quiet")
        try arguments.finish()

        let result = try Gate.check(paths, options: Gate.Options(testees: testees, includeRecordings: includeRecordings, jobs: jobs))
        let facts = ReportFacts(result)
        if let json { try ReportFile.write(JSONReport.render(facts), to: json) }
        if let junit { try ReportFile.write(Array(JUnitReport.render(facts).utf8), to: junit) }
        if let markdown { try ReportFile.write(Array(MarkdownReport.render(facts).utf8), to: markdown) }
        print(quiet ? (result.passed ? "PASS" : "FAIL") : TextSummary.render(facts), terminator: quiet ? "\n" : "")
        return result.passed ? ExitCode.passed : ExitCode.contractFailure
    }
}

/// `--testee NAME=COMMAND`.
enum Testee {
    static func parse(_ spec: String, timeout: Double) throws(UsageError) -> ExternalProcessReader {
        guard let equals = spec.firstIndex(of: "=") else { throw UsageError("--testee takes NAME=COMMAND, got `\(spec)`") }
        let name = String(spec[..<equals])
        let command = String(spec[spec.index(after: equals)...])
        guard !name.isEmpty, name.utf8.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D || $0 == 0x5F }),
              !["swift", "c", "kotlin"].contains(name) else {
            throw UsageError("testee name `\(name)` must be [a-z0-9_-]+ and not swift, c or kotlin")
        }
        guard !command.isEmpty else { throw UsageError("--testee \(name)= has no command") }
        return ExternalProcessReader(name: name, command: command, caseTimeout: timeout)
    }
}

/// Report files are written whole (temp + rename) like everything else the harness writes.
enum ReportFile {
    static func write(_ bytes: [UInt8], to path: String) throws {
        if path == "-" {
            FileHandle.standardOutput.write(Data(bytes))
            return
        }
        try AtomicFile.write(bytes, to: URL(fileURLWithPath: path))
    }
}

import Foundation
import HarnessCorpus
import HarnessReaders
import ContractModel
import WidgetSnapshot

/// `contract-harness record`: runs a reader we cannot run on every check (the Kotlin end,
/// compiled by `scripts/record-kotlin`) through the testee runner and records its views.
enum RecordCommand: Subcommand {
    static let name = "record"
    static let summary = "run a testee over the corpus and record its views into golden/kotlin (scripts/record-kotlin)"
    static let help = """
    USAGE: contract-harness record --reader-command COMMAND [--name NAME] [--root DIR]
                                   [--timeout SECONDS] [--start-timeout SECONDS]
           contract-harness record --queue --reader-command COMMAND [--root DIR] [...]
           contract-harness record --reader-command COMMAND --cases FILE --out FILE [...]

    Runs COMMAND (a testee: cases JSONL on stdin, one view line per case on stdout) once over
    the corpus built from golden/fixtures and writes its lines, byte for byte, into
    golden/kotlin/<fixture>.jsonl (each file atomically; files of fixtures no longer produced
    are removed), then golden/kotlin/RECORDING.json (provenance for reviewers; `check` does
    not read it): what the testee was built and run with, gathered here — org.json's Debian
    package, its version and the jar on COMMAND's classpath; kotlin's package version and what
    kotlinc reports; the JDK's runtime version and vendor, run with COMMAND's JVM options, and
    those options; the SHA-256 of ends/kotlin/WidgetData.kt and TesteeMain.kt — then the
    case stream's SHA-256 and size, and the cases per fixture. So COMMAND must be
    `java OPTIONS -cp CLASSPATH MAIN`. `check` judges each recorded line by the case
    fingerprint it carries: a line whose case changed is stale.
    scripts/record-kotlin compiles the Kotlin end and calls this; use it rather than this.

    With --queue, COMMAND is the project's Kotlin tap queue (a queue writer end, CONTRACT.md §10.4)
    and its answers to every queue case go into golden/queue/kotlin.jsonl (atomically; a case it
    cannot answer stops it, nothing written). scripts/queue-kotlin --record compiles it and calls this.

    With --cases FILE --out FILE ('-' = stdin / stdout) any case stream is run and the view
    lines are written to FILE instead (nothing under golden/ changes).

    Every case must get a line that names it: a crash, a hang or a stray line (also one after
    the last case) stops the recording at once, with the case and the testee's stderr, and
    nothing is written (exit 1). A testee that never answers costs one --start-timeout.

    OPTIONS:
      --reader-command CMD  the testee, run with /bin/sh -c in its own process group
      --name NAME           the testee's name in messages (default: testee)
      --root DIR            the tree that holds golden/ (default: .)
      --cases FILE          a case stream to record instead of the corpus (needs --out)
      --out FILE            where the views of --cases go
    \(Testee.timeoutsHelp)
    """

    static func run(_ arguments: inout Arguments) throws -> Int32 {
        let paths = try paths(&arguments)
        guard let command = try arguments.option("--reader-command"), !command.isEmpty else {
            throw UsageError("--reader-command COMMAND is required")
        }
        let name = try arguments.option("--name") ?? "testee"
        let cases = try arguments.option("--cases")
        let out = try arguments.option("--out")
        let timeout = try Testee.seconds(&arguments, "--timeout") ?? 10
        let startTimeout = try Testee.seconds(&arguments, "--start-timeout")
        if arguments.flag("--queue") {
            try arguments.finish()
            let started = Date()
            do {
                let count = try QueueRecording.record(paths, entry: QueueRoster.kotlin, command: command, timeout: timeout, startTimeout: startTimeout)
                note("record: run \(seconds(since: started)) s, \(count) queue cases; wrote \(QueueRoster.recordingFile)")
                return ExitCode.passed
            } catch let failure as QueueRecording.Failure {
                note("record: \(failure)")
                return ExitCode.contractFailure
            }
        }
        try arguments.finish()
        guard (cases == nil) == (out == nil) else { throw UsageError("--cases and --out go together") }

        // The first failure stops the recording (brokenAfter 1): nothing is written anyway, so
        // the cases after a hang or a stray line would only cost time.
        let session = TesteeSession(name: name, command: command, caseTimeout: timeout, startTimeout: startTimeout, brokenAfter: 1)
        defer { session.close() }
        let started = Date()
        do {
            if let cases, let out {
                let bytes = try read(cases)
                let requests = try Recording.requests(fromStream: bytes, file: cases == "-" ? "stdin" : cases)
                let lines = try Recording.run(requests, through: session)
                var joined: [UInt8] = []
                for line in lines { joined += line; joined.append(UInt8(ascii: "\n")) }
                try ReportFile.write(joined, to: out)
                note("record: run \(seconds(since: started)) s, \(requests.count) cases")
                return ExitCode.passed
            }
            try paths.kotlin.checkWritable()  // refused before the testee runs, not after
            let header = try KotlinProvenance.gather(command: command, root: paths.root)
            let corpus = try Corpus.load(paths)
            let requests = corpus.cases.map { TesteeRequest(id: $0.id, line: CaseStream.line($0)) }
            let lines = try Recording.run(requests, through: session)
            note("record: run \(seconds(since: started)) s, \(requests.count) cases")
            let changed = try Recording.write(Array(zip(corpus.cases, lines)), caseStream: corpus.streamBytes,
                                              about: header, to: paths.kotlin)
            let fixtures = Set(requests.map { CaseID.fixture(of: $0.id) }).count
            note("record: wrote golden/kotlin/ (\(requests.count) cases, \(fixtures) fixtures; \(changed.isEmpty ? "no file changed" : "changed: " + changed.joined(separator: ", ")))")
            return ExitCode.passed
        } catch let error as RecordingError {
            note("record: \(UntrustedText.escape(error.message))\nrecord: nothing was written")
            return ExitCode.contractFailure
        }
    }

    private static func read(_ path: String) throws -> [UInt8] {
        if path == "-" { return [UInt8](FileHandle.standardInput.readDataToEndOfFile()) }
        guard let data = FileManager.default.contents(atPath: path) else { throw UsageError("no such case file: \(path)") }
        return [UInt8](data)
    }

    private static func seconds(since start: Date) -> String {
        String(format: "%.1f", Date().timeIntervalSince(start))
    }

    private static func note(_ text: String) {
        StandardStreams.err(UntrustedText.guardLines(text + "\n"))
    }
}

import Foundation
import HarnessCorpus
import HarnessReaders
import ContractModel
import WidgetSnapshot

/// `contract-harness golden record`: runs a reader we cannot run on every check (the Kotlin end,
/// compiled by `scripts/record-kotlin`) through the testee runner and records its views.
enum RecordCommand: Subcommand {
    static let name = "record"
    static let summary = "run a testee over the corpus and record its views into golden/kotlin (scripts/record-kotlin)"
    static let help = """
    USAGE: contract-harness golden record NAME=COMMAND [--root DIR] [--timeout S] [--start-timeout S]
           contract-harness golden record NAME=COMMAND --cases FILE --out FILE [...]
           contract-harness golden record kotlin=COMMAND --queue [--root DIR] [...]

    Runs the reader COMMAND (cases JSONL on stdin, one view line per case on stdout) once over the
    corpus and writes its views into golden/kotlin/ with RECORDING.json's provenance (the toolchain
    gathered from COMMAND, a `java OPTIONS -cp CLASSPATH MAIN` line). scripts/record-kotlin compiles
    the Kotlin end and calls this. With --cases/--out any case stream is recorded into FILE instead.
    A crash, a hang or a stray line stops the recording: nothing is written (exit 1).
    With --queue, COMMAND is the project's Kotlin tap queue (a queue writer end, CONTRACT.md §10)
    and its answers to every queue case go into golden/queue/kotlin.jsonl (scripts/queue-kotlin
    --record compiles it and calls this). Guides: docs/recordings.md, docs/tap-queue.md.

    OPTIONS:
      NAME=COMMAND          the reader, run with /bin/sh -c in its own process group
      --root DIR            the tree that holds golden/ (default: .)
      --cases FILE          a case stream to record instead of the corpus (needs --out)
      --out FILE            where the views of --cases go
      --queue               record the tap queue's Kotlin end into golden/queue/kotlin.jsonl
    \(AppRecordCommand.help)
    \(Testee.timeoutsHelp)
    """

    static func run(_ arguments: inout Arguments) throws -> Int32 {
        if let contract = try arguments.option("--contract") { return try AppRecordCommand.run(contract, &arguments) }
        let paths = try paths(&arguments)
        let oldCommand = try arguments.option("--reader-command"), oldName = try arguments.option("--name")
        let cases = try arguments.option("--cases")
        let out = try arguments.option("--out")
        let timeout = try Testee.seconds(&arguments, "--timeout") ?? 10
        let startTimeout = try Testee.seconds(&arguments, "--start-timeout")
        let queue = arguments.flag("--queue")
        try arguments.rejectUnknownOptions()
        let name: String, command: String
        if let spec = arguments.positional() {
            guard oldCommand == nil, oldName == nil else { throw UsageError("give the reader as NAME=COMMAND, without --reader-command or --name") }
            let end = try EndSpec.parse(spec, option: "record")
            (name, command) = (end.name, end.command)
        } else if let oldCommand, !oldCommand.isEmpty {
            StandardStreams.err("contract-harness: note: record --reader-command CMD [--name NAME] is now `golden record NAME=CMD`; the old spelling works until the next major release\n")
            (name, command) = (oldName ?? "testee", oldCommand)
        } else {
            throw UsageError("which reader? give it as NAME=COMMAND (e.g. kotlin=\"$(scripts/record-kotlin --print-command)\")")
        }
        try arguments.finish()
        guard (cases == nil) == (out == nil) else { throw UsageError("--cases and --out go together") }
        if queue {
            guard cases == nil, name == QueueRoster.kotlinName else {
                throw UsageError("--queue records the project's Kotlin queue into \(QueueRoster.recordingFile): give it as \(QueueRoster.kotlinName)=COMMAND, without --cases")
            }
            let started = Date()
            do {
                let count = try QueueRecording.record(paths, entry: QueueRoster.kotlin, command: command, timeout: timeout, startTimeout: startTimeout)
                note("record: run \(seconds(since: started)) s, \(count) queue cases; wrote \(QueueRoster.recordingFile)")
                return ExitCode.passed
            } catch let failure as QueueRecording.Failure {
                note("record: \(UntrustedText.escape(failure.description))")
                return ExitCode.contractFailure
            }
        }

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
            guard ReaderRoster.standard.recorded.contains(where: { $0.name == name }) else {
                throw UsageError("`\(name)` is not a recorded reader: golden record writes the folder of one (\(ReaderRoster.standard.recorded.map(\.name).joined(separator: ", "))); record any other reader with --cases FILE --out FILE")
            }
            try paths.kotlin.checkWritable()  // refused before the testee runs, not after
            let header = try KotlinProvenance.gather(command: command, root: paths.root, timeout: startTimeout ?? timeout)
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

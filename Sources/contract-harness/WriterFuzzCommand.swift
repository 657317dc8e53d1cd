import ContractModel
import Foundation
import HarnessCorpus
import HarnessFuzz
import HarnessGate
import HarnessReaders

/// `contract-harness fuzz states`: generated app states through the writer end into every
/// in-process reader (issue 25). Its own options parser, so `fuzz`'s stays as it is.
enum WriterFuzzCommand {
    static let help = """
    USAGE: contract-harness fuzz states --seed S (--cases N | --seconds T | --case I) [--jobs J] [--shard i/n]
                                 [--writer NAME[@REVISION]=CMD] [--kotlin [--kotlin-parser F.kt]...]
                                 [--root DIR] [--findings DIR] [--no-save] [--timeout S] [--start-timeout S]
                                 [--batch N] [--shrink-budget N] [--shrinks-per-signature N] [--max-findings N] [--quiet]

    State i of seed S is a generated app state (CONTRACT.md §7.1: zones and their transition days from
    golden/zones/transitions.json, start-of-day offsets, titles of every Unicode class, lone surrogates
    included, free-text colours, projects without colour, gone task entities, empty projects, 0/20/21
    tasks, revision 2 done tasks with and without completion times). The writer end (default: the
    tree's, compiled by `scripts/build-writer --print-command`; one process for the run through the
    process runner, a batch of state lines at a time) turns it into a blob; the blob is read in the state's zone 1 ms before its
    day boundary (computed from the state, as the gate's writer family) and at it by the C reference and
    the Swift reader, judged as the gate judges. Writer findings: a crash line for a state; for a state
    the app can hold, a blob not valid for its revision's writer schema, or a view that does not show
    what the state means (the gate's schema and intent checks, WriterBlobJudge). Each finding is shrunk over the STATE (the blob is written
    again for every candidate) and saved under golden/findings with its state line.
    The summary counts, per departure of CONTRACT.md §5, the blobs that carry its cause (in-app states
    and writer-only ones) with the first witness state, shrunk; and the rate: states/s, and states per
    CPU second of this process plus the writer's (the rate per core).
    --kotlin (or --kotlin-parser F.kt, repeatable: a Kotlin reader file instead of ends/kotlin/WidgetData.kt):
    the Kotlin end too, compiled as `fuzz --kotlin` compiles it (cached), one JVM for the run through the
    process runner: every blob's cases, with the same inputs and instants, a batch of states at a time
    (shrink candidates too), judged as the gate judges the Kotlin recording (golden/divergences/kotlin.txt
    held to its departures, CONTRACT.md §5's D1-D8 as predicates, pending and not-implemented fields
    counted); a Kotlin disagreement (`c/kotlin FIELD`) is a finding shrunk over the state, every candidate
    read by Kotlin again. The summary gives its pace on a line of its own (the `rate:` line stays the
    in-process one); the Kotlin end declared broken fails the run.
    --writer NAME@REVISION=CMD another writer end than the tree's (as check's --writer); @REVISION declares the revision it implements: states
    of an earlier revision are judged at its writer schema, later ones are pending (counted, not judged).
    --timeout S / --start-timeout S: how long the writer end (and the Kotlin end) may take for one
    state's line / the first line after a (re)start (default 10 / 30; the Kotlin end's start 30);
    under --seconds no answer, compile or start is waited for past the budget (of a batch the writer
    had not answered then, what it answered is judged; a run that judged no state fails).
    Exit codes: 0 no new finding, 1 a new finding (any with --no-save), the writer or the Kotlin end broke, 2 bad usage.
    """

    static func run(_ arguments: inout Arguments) throws -> Int32 {
        // `--seconds` counts from here: the writer's and the Kotlin end's compiles and starts
        // are cut at the budget like every state's answer.
        let clock = Stopwatch()
        if arguments.flag("--help") {
            print(help)
            return ExitCode.passed
        }
        let paths = try FuzzCommand.paths(&arguments)
        guard let seedText = try arguments.option("--seed") else { throw UsageError("fuzz states: --seed S is required") }
        guard let seed = Int64(seedText), seed >= 0 else { throw UsageError("--seed takes 0 … 9223372036854775807, got `\(seedText)`") }
        let extent = try FuzzCommand.extent(&arguments)
        let jobs = try FuzzCommand.jobs(&arguments)
        let shardText = try arguments.option("--shard") ?? "1/1"
        guard let shard = FuzzShard(parsing: shardText) else { throw UsageError("--shard takes i/n with 1 ≤ i ≤ n, got `\(shardText)`") }
        // `--writer NAME[@REV]=CMD`; an earlier release's `--writer-command CMD[@REV]` still works (with a note)
        let declared = try (arguments.option("--writer") ?? arguments.option("--writer-command").map { old in
            StandardStreams.err("contract-harness: note: `fuzz --writer-command CMD` is now `fuzz states --writer NAME=CMD`; the old spelling works until the next major release\n")
            return "writer=" + old
        }).map { spec throws(UsageError) in try WriterOption.parse(spec, option: "--writer", root: paths.root) }
        let command: String? = declared.flatMap { if case .command(let text) = $0.command { text } else { nil } }
        let findings = try arguments.option("--findings")
        let noSave = arguments.flag("--no-save")
        let batch = try arguments.integer("--batch") ?? 2048
        let budget = try arguments.integer("--shrink-budget") ?? 5_000
        let perSignature = try arguments.integer("--shrinks-per-signature") ?? 3
        let findingLimit = try arguments.integer("--max-findings")
        guard batch >= 1, budget >= 1, perSignature >= 1, (findingLimit ?? 1) >= 1 else {
            throw UsageError("--batch, --shrink-budget, --shrinks-per-signature and --max-findings must be at least 1")
        }
        let quiet = arguments.flag("--quiet")
        let kotlin = try WriterFuzzKotlinOption.parse(&arguments)
        let timeout = try Testee.seconds(&arguments, "--timeout") ?? WriterTimeouts.defaultLine
        let startTimeout = try Testee.seconds(&arguments, "--start-timeout")
        try arguments.finish()

        let deadline = extent.seconds.map { Deadline(seconds: $0 - clock.seconds) }
        let writerCommand: String
        do {
            writerCommand = try (command.map(WriterCommand.command) ?? .tree).resolve(root: paths.root, compileTimeout: deadline?.seconds ?? 600)
        } catch {
            throw UsageError("--writer: \(error.description)")
        }
        let folder = findings.map { URL(fileURLWithPath: $0) } ?? paths.findings
        let store = noSave ? nil : try FindingStore(folder: folder, within: paths.tree)
        let zones = try ZoneDayFile.load(root: paths.root.path)
        let reproduce = command.map { "--writer " + FuzzCommand.shellQuoted("writer" + (declared?.revision.declared.map { "@\($0)" } ?? "") + "=" + $0) } ?? ""
        let plan = FuzzPlan(seed: UInt64(seed), extent: extent, shard: shard, jobs: jobs, batchSize: batch,
                            shrinksPerSignature: perSignature, findingLimit: findingLimit, reproduceArguments: reproduce)
        let stop = StopFlag()
        TerminationSignals.onInterrupt {
            if stop.isRequested { return false }
            stop.request()
            return true
        }
        defer { TerminationSignals.onInterrupt(nil) }
        let kotlinEnd = try kotlin.map { try WriterFuzzKotlinOption.end($0, paths: paths, deadline: deadline, timeout: timeout, startTimeout: startTimeout) }
        let writer = WriterSession(command: writerCommand, timeouts: WriterTimeouts(line: timeout, start: startTimeout, deadline: deadline))
        let run = WriterFuzzRun(plan: plan, generator: AppStateGenerator(seed: UInt64(seed), transitions: zones.transitions),
                                writer: writer, reference: CReferenceReader(),
                                readers: [SwiftReader()], blobJudge: try WriterBlobJudge(root: paths.root, writer: declared?.revision ?? WriterRevision()), store: store, stop: stop,
                                stateShrinker: StateShrinker(maximumEvaluations: budget))
        run.kotlin = kotlinEnd
        run.clock = clock
        var lastShown = 0.0
        let report = try run.run { report in
            guard !quiet, report.elapsed - lastShown >= 10 else { return }
            lastShown = report.elapsed
            StandardStreams.err("fuzz states: \(report.states) states, \(report.disagreements) disagreements, \(String(format: "%.0f", report.elapsed)) s\n")
        }
        print(UntrustedText.guardLines(WriterFuzzSummary.render(report, jobs: jobs)), terminator: "")
        if report.interrupted { return 130 }
        let failing = store == nil ? report.disagreements : report.newFindings
        // A run that judged no state (the writer answered none within the budget) does not pass.
        return failing == 0 && report.brokenWriter == nil && report.kotlin?.broken == nil && !report.judgedNothing
            ? ExitCode.passed : ExitCode.contractFailure
    }
}

import ContractModel
import Dispatch
import Foundation
import HarnessCorpus
import HarnessGate
import HarnessFuzz
import HarnessReaders

/// `contract-harness fuzz`: seeded fuzzing of the Swift reader (and testees) against the C
/// reference, with shrinking and saved findings; also replays saved findings.
enum FuzzCommand: Subcommand {
    static let name = "fuzz"
    static let summary = "seeded fuzzing: mutate fixtures, compare readers, shrink and save findings"
    static let help = """
    USAGE: contract-harness fuzz [blobs] --seed S (--cases N | --seconds T | --case I) [--jobs J] [--shard i/n]
                                 [--testee NAME=COMMAND]... [--kotlin [--kotlin-parser F.kt]...]
                                 [--timeout SECONDS] [--start-timeout SECONDS]
                                 [--root DIR] [--findings DIR]
                                 [--no-save] [--batch N] [--shrink-budget N] [--shrinks-per-signature N]
                                 [--max-findings N] [--quiet]
           contract-harness fuzz --replay FILE_OR_DIR... [--testee NAME=COMMAND]... [--kotlin] [--root DIR]
           contract-harness fuzz --print-dictionary
           contract-harness fuzz states --seed S (--cases N | --seconds T | --case I) [--jobs J] [--writer NAME=CMD] …
                                 (app states through the writer end; `fuzz states --help`)
           contract-harness fuzz queue --seed S (--cases N | --seconds T | --case I) [--queue-writer …] [--queue-drain …] …
                                 (the tap queue's ends; `fuzz queue --help`)

    Generates cases from golden/fixtures: case i of seed S is a random chain of named mutation
    operators plus byte-level mutations (bit flips, splices between fixtures, truncation, JSON
    tokens from a dictionary), a zone and an instant, and depends only on (S, i); every operator
    but size.many-tasks and size.long-title, which the gate runs (one of their blobs costs a
    hundred ordinary cases). Each case is decoded by the C reference, the Swift reader and
    every --testee; each reader that differs from C on a compared field is a disagreement. Every disagreement is shrunk to a minimal case
    that still shows the same one (same readers, same first differing field: structure first,
    then bytes) and saved atomically as golden/findings/<seed>-<index>.json, unless a finding
    with the same shrunk blob and signature is already there.

    The same seed and shard give the same cases and findings at any --jobs. Shard i/n owns
    the case indices k with k % n == i-1, so n runners cover one seed without overlap.

    OPTIONS:
      --seed S              the seed, 0 … 9223372036854775807 (required to generate cases)
      --cases N             case indices 0..<N (this shard's share of them)
      --seconds T           a wall budget for the whole command from its start, the Kotlin compile
                            and shrinking included: cases until T s, then it stops within a few
                            seconds (see "Time budget" below)
      --case I              only case I (a finding's reproduce command)
      --jobs J              threads (default: all cores); never changes the results
      --shard i/n           run only shard i of n (default 1/1)
      --testee NAME=CMD     an external reader (cases JSONL on stdin, views on stdout), compared with C;
                            fields its views leave out (meta, stale, header: "not implemented")
                            are counted in the summary, never disagreements (as in the gate).
                            A testee whose list, golden/divergences/NAME.txt under --root, starts
                            `# platform: org.json` (as for check) is judged as --kotlin judges the
                            Kotlin end: differences D1-D8 excuse are counted, not findings, here
                            and in --replay. With --kotlin, only where the testee reads each
                            excused field exactly as the live Kotlin end reads that case (as
                            check holds it to golden/kotlin), else a finding ("NAME borrows Dn");
                            without --kotlin, held to the departures' causes only (generated
                            cases have no recording). Without that line (or list) every
                            difference is one
      --kotlin              the Kotlin end too (scripts/record-kotlin --print-command compiles it,
                            cached; one JVM for the whole run), compared with C; differences
                            CONTRACT.md §5 declares (D1-D8: non-JSON input, lone surrogates, days
                            outside the writer's calendar, JDK 17 double text, JDK 17 days before
                            1900) are counted, not findings
      --kotlin-parser F.kt  with --kotlin: a Kotlin reader file instead of ends/kotlin/WidgetData.kt
                            (repeatable; e.g. your app's own, see scripts/record-kotlin)
    \(Testee.optionsHelp)
      --findings DIR        where findings go (default: golden/findings under --root)
      --no-save             shrink and report, but write nothing
      --batch N             cases per step (default 512, 4096 with testees)
      --shrink-budget N     candidates tried per finding at most (default 20000)
      --max-findings N      stop once N disagreements are shrunk (e.g. 1: stop at the first)
      --shrinks-per-signature N
                            disagreements shrunk per signature at most (default 3); later ones
                            with the same readers and field are counted, not shrunk
      --replay PATH         decode saved findings again (a file or a folder; repeatable):
                            exit 1 while any still differs; with --kotlin, a Kotlin difference
                            CONTRACT.md §5 declares is shown as declared (as the live loop counts
                            it), not as still differing; so is an org.json testee's (--testee), held
                            with --kotlin to the Kotlin end's reading as the live loop holds it.
                            A `fuzz states` finding that names the Kotlin end is read by it
                            even without --kotlin (started for it, and the line says so) and
                            judged as `fuzz states --kotlin` judges; with --kotlin the Kotlin
                            end also reads every other writer finding's case (a line of its
                            own); a writer's own finding (state/writer …) is skipped with its
                            reproduce command
      --print-dictionary    the fuzzing dictionary in libFuzzer's -dict format
      --quiet               only the summary

    Time budget: T counts from the command's start (compiling the Kotlin testee included; a
    budget spent compiling ends the command, exit 2). No new case starts after T s, no testee
    answer is waited for past T (of a batch a testee had not finished, what it answered is
    judged, failures included, and the rest is not compared; a testee judged on no case
    fails the run, exit 1), and
    shrinking stops then too: the finding being shrunk is saved as far as it got ("shrinking":
    "stopped" in its file), and of the disagreements left, the first of each signature that
    has no finding in this run is saved as generated ("shrinking": "not started", with its
    recipe) — one per signature.
    The summary counts disagreements by signature and shows one example of each.

    Progress goes to stderr: a redrawn line with a bar on a terminal, a plain line every 10 s
    otherwise, in every phase (compiling the Kotlin testee, a slow batch, shrinking), with the
    resident set. SIGINT ends the run like the time budget (within a step, every finding
    written, one unshrunk per signature left) and prints the summary (a second SIGINT exits
    at once).
    Exit codes: 0 no new disagreement (every one found shrinks to a finding already saved), 1 a
    new finding (any disagreement with --no-save; with --replay: a finding still differs),
    2 bad usage or input, 130 interrupted.
    """

    static func run(_ arguments: inout Arguments) throws -> Int32 {
        // `fuzz states`: app states through the writer end; `fuzz blobs` (the default): blobs.
        if arguments.leadingWord(["states"]) != nil { return try WriterFuzzCommand.run(&arguments) }
        // `fuzz queue` (or `fuzz --queue`): the tap queue's ends (CONTRACT.md §10.9).
        if arguments.leadingWord(["queue"]) != nil || arguments.flag("--queue") { return try QueueFuzzCommand.run(&arguments) }
        _ = arguments.leadingWord(["blobs"])
        if let value = arguments.peekValue("--writer"), EndSpec.isSpelledAsEnd(value) { return try WriterFuzzCommand.run(&arguments) }
        if arguments.flag("--writer") {
            StandardStreams.err("contract-harness: note: `fuzz --writer` is now `fuzz states`; the old spelling works until the next major release\n")
            return try WriterFuzzCommand.run(&arguments)
        }
        if arguments.flag("--print-dictionary") {
            try arguments.finish()
            print(FuzzDictionary.libFuzzerText, terminator: "")
            return ExitCode.passed
        }
        // `--seconds` is a budget for the whole command: its clock starts now, before the
        // Kotlin testee is compiled.
        let clock = Stopwatch()
        let paths = try paths(&arguments)
        let (testeeSpecs, givenTestees, timeout, startTimeout) = try Testee.optionsAndTimeouts(&arguments)
        let kotlinParsers = try arguments.options("--kotlin-parser")
        let kotlin = arguments.flag("--kotlin") || !kotlinParsers.isEmpty
        // The live loop and --replay judge the Kotlin end alike: CONTRACT §5's departures excused;
        // and so a testee whose list declares its platform (`# platform: org.json`), as `check` does.
        let platforms = try TesteePlatforms.departures(givenTestees, paths: paths, kotlin: kotlin)
        let departures = platforms.departures.merging(kotlin ? [KotlinTestee.name: DeclaredDepartures(ReaderEntry.kotlin.departures)] : [:]) { $1 }
        // With --kotlin, those departures also hold only where the testee reads as the live Kotlin end.
        let platformReaders = kotlin ? platforms.departures.mapValues { _ in KotlinTestee.name } : [:]
        let replays = try arguments.options("--replay")
        if !replays.isEmpty {
            try arguments.finish()
            let testees = givenTestees + (kotlin ? [try kotlinTestee(paths.root, kotlinParsers, timeout, startTimeout, budget: nil)] : [])
            return try replay(replays, paths: paths, readers: [CReferenceReader(), SwiftReader()] + testees, departures: departures,
                              platformReaders: platformReaders, kotlin: { try kotlinTestee(paths.root, kotlinParsers, timeout, startTimeout, budget: nil) })
        }

        guard let seedText = try arguments.option("--seed") else { throw UsageError("--seed S is required") }
        guard let seed = Int64(seedText), seed >= 0 else { throw UsageError("--seed takes 0 … 9223372036854775807, got `\(seedText)`") }
        let extent = try extent(&arguments)
        let jobs = try jobs(&arguments)
        let shardText = try arguments.option("--shard") ?? "1/1"
        guard let shard = FuzzShard(parsing: shardText) else { throw UsageError("--shard takes i/n with 1 ≤ i ≤ n, got `\(shardText)`") }
        let findings = try arguments.option("--findings")
        let noSave = arguments.flag("--no-save")
        let batch = try arguments.integer("--batch") ?? (givenTestees.isEmpty && !kotlin ? 512 : 4096)
        let budget = try arguments.integer("--shrink-budget") ?? 20_000
        let perSignature = try arguments.integer("--shrinks-per-signature") ?? 3
        let findingLimit = try arguments.integer("--max-findings")
        if let findingLimit, findingLimit < 1 { throw UsageError("--max-findings must be at least 1") }
        guard batch >= 1, budget >= 1, perSignature >= 1 else {
            throw UsageError("--batch, --shrink-budget and --shrinks-per-signature must be at least 1")
        }
        let quiet = arguments.flag("--quiet")
        try arguments.finish()

        let folder = findings.map { URL(fileURLWithPath: $0) } ?? paths.findings
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), !isFolder.boolValue {
            throw UsageError("--findings \(folder.path): is a file; findings go into a folder (one JSON file each)")
        }
        // The store checks the folder against the tree before anything in it is removed.
        let store = noSave ? nil : try FindingStore(folder: folder, within: paths.tree)
        if !noSave { StandardStreams.err(LeftoverTemporaryFiles.report(LeftoverTemporaryFiles.clean(folder), in: displayPath(folder, root: paths.root))) }
        let fixtures = try FixtureLoader.load(root: paths.root.path)
        let progress = ProgressPrinter(quiet: quiet, clock: clock, plannedSeconds: extent.seconds)
        defer { progress.finish() }
        var testees = givenTestees
        if kotlin {
            progress.phase("compiling the Kotlin testee (scripts/record-kotlin --print-command)")
            testees.append(try kotlinTestee(paths.root, kotlinParsers, timeout, startTimeout,
                                            budget: extent.seconds.map { ($0, clock) }))
            progress.phase(nil)
        }
        let readers: [any Reader] = [SwiftReader()] + testees
        let reproduce = (testeeSpecs.map { "--testee " + shellQuoted($0) }
                         + (kotlin ? ["--kotlin"] + kotlinParsers.map { "--kotlin-parser " + shellQuoted($0) } : []))
            .joined(separator: " ")
        let plan = FuzzPlan(seed: UInt64(seed), extent: extent, shard: shard, jobs: jobs, batchSize: batch,
                            shrinker: Shrinker(maximumEvaluations: budget), shrinksPerSignature: perSignature,
                            findingLimit: findingLimit, reproduceArguments: reproduce)
        let stop = StopFlag()
        TerminationSignals.onInterrupt {
            // The first SIGINT stops after this step; the next ends everything now (testees included).
            if stop.isRequested { return false }
            stop.request()
            StandardStreams.err("\ncontract-harness fuzz: stopping after this step (SIGINT again to quit now)\n")
            return true
        }
        defer { TerminationSignals.onInterrupt(nil) }
        let run = FuzzRun(plan: plan, generator: FuzzCaseGenerator(seed: UInt64(seed), fixtures: fixtures),
                          reference: CReferenceReader(), readers: readers, store: store, stop: stop,
                          departures: departures, platformReaders: platformReaders, clock: clock)
        let report = try run.run(progress: progress.update)
        progress.finish()
        print(UntrustedText.guardLines(FuzzSummary.render(report, findingsFolder: store == nil ? nil : displayPath(folder, root: paths.root),
                                                                notes: platforms.notes)), terminator: "")
        if report.interrupted { return 130 }
        // A disagreement already saved under golden/findings is a known, listed one: the run
        // fails on new ones (or on any with --no-save); `--replay` tracks the known ones.
        let failing = store == nil ? report.disagreements : report.newFindings
        // A testee declared broken fails the run even when the cases it ran agreed, and so does
        // a reader judged on no case (a run that did not judge what it was given does not pass).
        return failing == 0 && report.broken == nil && report.unjudged.isEmpty ? ExitCode.passed : ExitCode.contractFailure
    }

    /// The Kotlin end as a testee; with `budget` (the `--seconds` budget and the command's
    /// clock) its compile gets only what is left of the budget.
    private static func kotlinTestee(_ root: URL, _ parsers: [String], _ timeout: Double, _ startTimeout: Double?,
                                     budget: (seconds: Double, clock: Stopwatch)?) throws -> ExternalProcessReader {
        do {
            return try KotlinTestee.reader(repository: root, parsers: parsers, caseTimeout: timeout, startTimeout: startTimeout,
                                           compileTimeout: budget.map { max(0, $0.seconds - $0.clock.seconds) })
        } catch let failure as KotlinTestee.Failure where failure.timedOut {
            throw UsageError("--kotlin: the --seconds budget (\(budget.map { String(format: "%g", $0.seconds) } ?? "?") s) ran out while "
                             + "compiling the Kotlin testee, before any case ran; give more seconds (a compiled testee is cached)\n"
                             + "  \(failure)")
        } catch {
            throw UsageError("--kotlin: \(error)")
        }
    }

    static func extent(_ arguments: inout Arguments) throws -> FuzzPlan.Extent {
        let cases = try arguments.integer("--cases")
        let single = try arguments.integer("--case")
        let secondsText = try arguments.option("--seconds")
        let chosen = [cases != nil, single != nil, secondsText != nil].filter { $0 }.count
        guard chosen == 1 else { throw UsageError("give exactly one of --cases N, --seconds T, --case I") }
        if let cases {
            guard cases >= 0 else { throw UsageError("--cases must be at least 0") }
            return .cases(cases)
        }
        if let single {
            guard single >= 0 else { throw UsageError("--case must be at least 0") }
            return .single(single)
        }
        guard let seconds = secondsText.flatMap(Double.init), seconds > 0, seconds.isFinite else {
            throw UsageError("--seconds takes a positive number")
        }
        return .seconds(seconds)
    }

    /// `--replay`: each saved finding decoded again by its two readers.
    /// `kotlin` starts the Kotlin end when a writer finding names it and `--kotlin` was not given.
    private static func replay(_ targets: [String], paths: HarnessPaths, readers: [any Reader],
                               departures: [String: DeclaredDepartures], platformReaders: [String: String],
                               kotlin: () throws -> any Reader) throws -> Int32 {
        let root = paths.root
        var files: [(String, Finding)] = []
        for target in targets {
            let url = URL(fileURLWithPath: target, relativeTo: root).standardizedFileURL
            try TreeBoundary(root: root).check(url)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
                throw UsageError("--replay: no such file or folder `\(target)`")
            }
            if isFolder.boolValue {
                files += try FindingStore.load(url, within: TreeBoundary(root: root)).map { ("\(target)/\($0.file)", $0.finding) }
            } else {
                // (Like a folder's findings: a regular file within the limit, never a FIFO that blocks.)
                let bytes = try GoldenText.require(url, displayName: target, tree: TreeBoundary(root: root),
                                                   maximumBytes: InputLimits.findingFileBytes)
                files.append((target, try FindingFile.parse(bytes, file: target)))
            }
        }
        var differing = 0
        var declared = 0
        let writerKotlin = try WriterFindingKotlin(files.map(\.1), paths: paths, readers: readers, start: kotlin)
        for (file, finding) in files {
            if WriterFindingReplay.isWritersOwn(finding) {
                print(UntrustedText.guardLines("skipped       \(file)  (a writer finding, \(finding.disagreement.signature): write its state again with "
                                               + "`\(UntrustedText.escape(finding.reproduce))`)"))
                continue
            }
            let verdict = writerKotlin.verdict(finding) ?? FindingReplay.check(finding, readers: readers, departures: departures, platformReaders: platformReaders)
            let by = writerKotlin.saysSo(finding)
            defer { writerKotlin.alsoKotlin(finding).map { print(UntrustedText.guardLines("              " + $0)) } }
            switch verdict {
            case .agrees:
                print("agrees now    \(file)  (was \(finding.disagreement.signature))" + by)
            case .stillDiffers(let now):
                differing += 1
                print(UntrustedText.guardLines("still differs \(file)  \(now.signature): expected \(UntrustedText.escape(now.difference.expected)), got \(UntrustedText.escape(now.difference.got))" + by))
            case .borrowed(let now, let borrowed):
                differing += 1
                print(UntrustedText.guardLines("still differs \(file)  \(now.signature): expected \(UntrustedText.escape(now.difference.expected)), got \(UntrustedText.escape(now.difference.got))"
                                               + "; \(borrowed.departure.rawValue) would excuse it, but \(now.reader) reads \(borrowed.field) unlike \(borrowed.platformReader), "
                                               + "the project's reader on the platform its list declares (CONTRACT.md §5)" + by))
            case .declared(let departure):
                declared += 1
                print("declared      \(file)  (was \(finding.disagreement.signature)): a departure CONTRACT.md §5 declares"
                      + " (\(departure.rawValue)), not a finding" + by)
            case .readerMissing(let name):
                let option = name == KotlinTestee.name ? "--kotlin" : "--testee \(name)=COMMAND"
                print("skipped       \(file)  (reader `\(name)` not given: pass \(option))")
            }
        }
        print("\(files.count) findings replayed, \(differing) still differ" + (declared > 0 ? ", \(declared) declared departures" : ""))
        return differing == 0 ? ExitCode.passed : ExitCode.contractFailure
    }

    static func displayPath(_ folder: URL, root: URL) -> String {
        let path = folder.standardizedFileURL.path
        let prefix = root.standardizedFileURL.path + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

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
    USAGE: contract-harness fuzz [blobs] --seed S (--cases N | --seconds T | --case I) [OPTIONS]
           contract-harness fuzz --replay PATH... [--testee NAME=COMMAND]... [--kotlin] [--root DIR]
           contract-harness fuzz --print-dictionary
           contract-harness fuzz states …     app states through the writer end (`fuzz states --help`)
           contract-harness fuzz queue …      the tap queue's ends (`fuzz queue --help`)

    Case i of seed S is a fixture bent by named mutations and byte edits, in a zone at an instant,
    made from (S, i) alone. A reader that differs from the C reference on a compared field is a
    disagreement: shrunk to its smallest case and saved as golden/findings/S-i.json. Exit 0 no new
    finding, 1 a new finding (--replay: a finding still differs), 2 bad usage or input, 130 interrupted.
    Guide: docs/fuzzing.md.

    OPTIONS:
      --seed S              the seed, 0 … 9223372036854775807 (required to generate cases)
      --cases N             case indices 0..<N (this shard's share of them)
      --seconds T           a wall budget for the whole command, compiles and shrinking included
      --case I              only case I (a finding's reproduce command)
      --jobs J              threads (default: all cores); never changes the results
      --shard i/n           only the indices k with k % n == i-1 (default 1/1)
    \(Testee.optionsHelp)
      --kotlin              the Kotlin end too, in one JVM; what CONTRACT.md §5's departures cause is counted
      --kotlin-parser F.kt  with --kotlin: this Kotlin reader instead of ends/kotlin/WidgetData.kt (repeatable)
      --root DIR            the tree holding golden/ (default: .)
      --findings DIR        where findings go (default: golden/findings under --root)
      --no-save             shrink and report, but write nothing
      --batch N             cases per step (default 512, 4096 with testees)
      --shrink-budget N     candidates tried per finding at most (default 20000)
      --shrinks-per-signature N
                            disagreements shrunk per signature at most (default 3); the rest are counted
      --max-findings N      stop once N disagreements are shrunk
      --replay PATH         decode saved findings again (a file or a folder; repeatable)
      --print-dictionary    the fuzzing dictionary in libFuzzer's -dict format
      --quiet               only the summary
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

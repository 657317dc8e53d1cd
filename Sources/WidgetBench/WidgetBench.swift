import ContractModel
import HarnessCorpus
import HarnessReaders
import Foundation
import ReferenceDecoder
import WidgetSnapshot

/// `WidgetBench`: throughput, harness timings and memory of the readers.
/// `scripts/bench` builds it in release and runs `WidgetBench run` (or one measurement); each writes
/// its own generated block of `docs/benchmarks.md`.
@main
enum WidgetBench {
    static let usage = """
    USAGE: WidgetBench <subcommand> [options]

      run [--quick] [--root DIR] [--harness PATH] [--markdown FILE] [--no-profile] [--command TEXT]
          every measurement; prints the tables and rewrites the block `run` of FILE
      throughput [--quick] [--root DIR]
          only the throughput table
      fuzz [--quick] [--root DIR] [--harness PATH] [--markdown FILE] [--command TEXT]
          only the fuzz rows (`scripts/bench --only fuzz`): `contract-harness fuzz` at --jobs 1
          and 2, cases/s per core against the 20k target, the load average before and after;
          printed, and the block `fuzz` of FILE rewritten
      writer [--quick] [--root DIR] [--harness PATH] [--markdown FILE] [--command TEXT]
          only `contract-harness fuzz states` (`scripts/bench --only writer`): app states through
          the writer end and the in-process readers at --jobs 1, states per CPU second of harness +
          writer against the 5,000 per core target, the load before and after; block `writer`
      gate [--quick] [--root DIR] [--harness PATH] [--runs N] [--markdown FILE] [--command TEXT]
          only the gate (`scripts/bench --only gate`): `contract-harness check` on the whole
          corpus at --jobs 2 and 1, median of N runs (default 7, 3 with --quick) after a
          warm-up, against the 0.5 s target, with the load average before and after; block `gate`
      ci-steps [--steps DIR] [--root DIR] [--markdown FILE] [--command TEXT]
          the steps of the last `scripts/test` run (DIR, default .build/test-steps: each step's
          NAME.took), wall and CPU per step and for the run; block `ci-steps`
      write-block --key KEY --heading TEXT --markdown FILE [--root DIR] [--command TEXT]
          standard input as the block KEY of FILE, under the stamp (`scripts/bench --only limit`)
      decode-file --reader swift|c|c-raw|foundation --file BLOB [--repeat N]
          decodes one blob file N times (default 1) in this process and prints (reader also
          swift-parse: `JSONParser.parse` alone, the reader's first step)
          `ns=<decode ns> rows=<rows> bytes=<blob bytes>` (the child of the memory and profile runs)
      verify [--root DIR]
          how many corpus cases the JSONSerialization port decodes like the Swift reader
    """

    static func main() {
        var arguments = Array(CommandLine.arguments.dropFirst())
        guard !arguments.isEmpty, !["-h", "--help", "help"].contains(arguments[0]) else {
            print(usage)
            exit(arguments.isEmpty ? 2 : 0)
        }
        let command = arguments.removeFirst()
        TerminationSignals.install()  // ^C ends the children being measured too
        do {
            var options = Options(arguments)
            switch command {
            case "run":
                try BenchRun(options: &options).run()
            case "throughput":
                let quick = options.flag("--quick")
                let root = options.value("--root") ?? "."
                try options.finish()
                let corpus = try Corpus.load(HarnessPaths(root: root))
                let results = try ThroughputTable.measure(corpus, budget: quick ? .quick : .full, progress: true)
                print(results.text)
            case "fuzz":
                try fuzzRows(&options)
            case "gate":
                try gateRows(&options)
            case "writer":
                try writerRows(&options)
            case "ci-steps":
                try ciSteps(&options)
            case "write-block":
                try writeBlock(&options)
            case "decode-file":
                try decodeFile(&options)
            case "verify":
                let root = options.value("--root") ?? "."
                try options.finish()
                let corpus = try Corpus.load(HarnessPaths(root: root))
                print(Agreement.measure(corpus).text)
            default:
                throw BenchError("unknown subcommand `\(command)`\n\(usage)")
            }
        } catch {
            StandardStreams.err("WidgetBench: \(error)\n")
            exit(2)
        }
    }

    /// Only the fuzz rows, for a quiet moment: what `run` measures for "Fuzz", with the load around it
    /// (a figure taken under load is not an idle figure).
    static func fuzzRows(_ options: inout Options) throws {
        let (quick, root, harness, output) = try harnessRun(&options, command: "scripts/bench --only fuzz")
        let loadBefore = Machine.loadAverage()
        let fuzz = try FuzzTimings.measure(harness: harness, root: root, quick: quick)
        print(fuzz.text)
        var body = fuzz.markdown + "\n| target | figure | verdict |\n|---|---|---|\n"
        for figure in fuzz.figures ?? [] {
            let perCore = figure.casesPerSecond.median / Double(figure.jobs)
            body += "| ≥ 20k cases/s per core, --jobs \(figure.jobs) | \(Format.count(perCore))/s per core | \(perCore >= 20_000 ? "met" : "**missed**") |\n"
        }
        try output.emit(key: "fuzz", heading: "### Fuzz, measured alone", body: body, loadBefore: loadBefore)
    }

    /// `--quick`, `--root`, `--harness` (a release contract-harness that must exist), where the block
    /// goes; nothing else (a subcommand takes its own options first).
    private static func harnessRun(_ options: inout Options, command: String)
        throws -> (quick: Bool, root: String, harness: String, output: BlockOutput) {
        let quick = options.flag("--quick")
        let root = options.value("--root") ?? "."
        let harness = options.value("--harness") ?? "\(root)/.build/release/contract-harness"
        let output = BlockOutput(&options, root: root, defaultCommand: command + (quick ? " --quick" : ""))
        try options.finish()
        guard access(harness, X_OK) == 0 else { throw BenchError("no contract-harness at \(harness)") }
        return (quick, root, harness, output)
    }

    /// Only the writer fuzz rate (`WriterFuzzTimings`).
    static func writerRows(_ options: inout Options) throws {
        let (quick, root, harness, output) = try harnessRun(&options, command: "scripts/bench --only writer")
        let loadBefore = Machine.loadAverage()
        let timings = try WriterFuzzTimings.measure(harness: harness, root: root, quick: quick)
        print(timings.text)
        try output.emit(key: "writer", heading: "### The writer in the loop", body: timings.markdown, loadBefore: loadBefore)
    }

    /// Only the gate's timings (`GateTimings`).
    static func gateRows(_ options: inout Options) throws {
        let chosenRuns = try options.value("--runs").map { text in
            guard let runs = Int(text), runs > 0 else { throw BenchError("--runs takes a positive number, not `\(text)`") }
            return runs
        }
        let (quick, root, harness, output) = try harnessRun(&options, command: "scripts/bench --only gate")
        let gate = try GateTimings.measure(harness: harness, root: root, runs: chosenRuns ?? (quick ? 3 : 7))
        print(gate.text)
        try output.emit(key: "gate", heading: "### The gate, measured alone", body: gate.markdown, loadBefore: gate.loadBefore)
    }

    /// The steps of the last `scripts/test` run, from its own timings (`CIStepTimings`).
    static func ciSteps(_ options: inout Options) throws {
        let root = options.value("--root") ?? "."
        let steps = options.value("--steps") ?? "\(root)/.build/test-steps"
        let output = BlockOutput(&options, root: root, defaultCommand: "scripts/bench --only ci-steps")
        try options.finish()
        let timings = try CIStepTimings.read(steps)
        print(timings.text)
        try output.emit(key: "ci-steps", heading: "### CI steps", text: timings.stamp(command: output.command) + "\n\n" + timings.markdown)
    }

    /// Standard input as a block of the guide, under the stamp: what a measurement made by a script
    /// (`scripts/bench.d/limit`) writes through.
    static func writeBlock(_ options: inout Options) throws {
        guard let key = options.value("--key"), key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }), !key.isEmpty else {
            throw BenchError("--key KEY is required (letters, digits and -)")
        }
        guard let heading = options.value("--heading") else { throw BenchError("--heading TEXT is required") }
        let root = options.value("--root") ?? "."
        let output = BlockOutput(&options, root: root, defaultCommand: "WidgetBench write-block --key \(key)")
        try options.finish()
        guard output.file != nil else { throw BenchError("--markdown FILE is required") }
        var body = ""
        while let line = readLine(strippingNewline: false) { body += line }
        guard !body.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw BenchError("nothing on standard input: the block `\(key)` is left as it was")
        }
        try output.emit(key: key, heading: heading, body: body, loadBefore: nil)
    }

    /// The child of the memory and profile runs: read the file, decode it, report.
    static func decodeFile(_ options: inout Options) throws {
        guard let name = options.value("--reader"), let reader = BenchReader(rawValue: name) else {
            throw BenchError("--reader swift|c|c-raw|foundation|swift-parse is required")
        }
        guard let path = options.value("--file") else { throw BenchError("--file is required") }
        let repeats = Int(options.value("--repeat") ?? "1") ?? 1
        try options.finish()
        let blob = try readWhole(path)
        let prepared = PreparedCases([Case(id: "file", blob: blob, nowMs: Inputs.nowMs, timeZone: Inputs.zone)])
        var rows = 0
        let start = nowNs()
        for _ in 0..<repeats { rows = prepared.decode(0, reader) }
        let elapsed = nowNs() - start
        print("ns=\(elapsed) rows=\(rows) bytes=\(blob.count) sink=\(benchSink & 1)")
    }

    /// The file's bytes, read straight into one array (no `Data` copy to inflate peak memory).
    static func readWhole(_ path: String) throws -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw BenchError("cannot open \(path)") }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw BenchError("cannot stat \(path)") }
        let size = Int(info.st_size)
        return try [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            var done = 0
            while done < size {
                let got = read(descriptor, buffer.baseAddress! + done, size - done)
                if got <= 0 { throw BenchError("cannot read \(path)") }
                done += got
            }
            count = size
        }
    }
}

/// `--name value` options and `--flag`s, each taken once; `finish()` refuses leftovers.
struct Options {
    private var remaining: [String]

    init(_ arguments: [String]) { remaining = arguments }

    mutating func flag(_ name: String) -> Bool {
        guard let index = remaining.firstIndex(of: name) else { return false }
        remaining.remove(at: index)
        return true
    }

    mutating func value(_ name: String) -> String? {
        guard let index = remaining.firstIndex(of: name), index + 1 < remaining.count else { return nil }
        let value = remaining[index + 1]
        remaining.removeSubrange(index...(index + 1))
        return value
    }

    func finish() throws {
        if !remaining.isEmpty { throw BenchError("unexpected arguments: \(remaining.joined(separator: " "))") }
    }
}

/// How many corpus cases the JSONSerialization port decodes as the Swift reader does
/// (parse kind and rows, meta, stale, header), and which fixtures/operators differ.
struct Agreement {
    var total: Int
    var agreeing: Int
    /// Operator id → cases that differ.
    var differingOperators: [(String, Int)]

    static func measure(_ corpus: Corpus) -> Agreement {
        var agreeing = 0
        var differing: [String: Int] = [:]
        let swift = SwiftReader()
        let foundation = FoundationBenchReader()
        for item in corpus.cases {
            let mine = swift.decode(item)
            let theirs = foundation.decode(item)
            if FieldDifference.agree(mine, theirs) {
                agreeing += 1
            } else {
                let op = CaseID(item.id).map(\.operatorId) ?? item.id
                differing[op, default: 0] += 1
            }
        }
        return Agreement(total: corpus.cases.count, agreeing: agreeing,
                         differingOperators: differing.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key })
    }

    var text: String {
        var out = "JSONSerialization port agrees with the Swift reader on \(agreeing) of \(total) cases"
        if !differingOperators.isEmpty {
            out += "; differs on: " + differingOperators.map { "\($0.0) (\($0.1))" }.joined(separator: ", ")
        }
        return out
    }
}

import HarnessCorpus
import HarnessReaders
import Foundation

/// The harness as a user runs it: `check` and `cases` as processes (wall time, peak RSS),
/// case generation in-process, fuzzing when the subcommand exists.
struct HarnessTimings {
    struct ProcessFigure {
        var label: String
        var command: String
        var wall: Sample
        var maxRSS: Sample
        var exitCodes: Set<Int32>
    }

    var processes: [ProcessFigure]
    /// `CaseGenerator(fixtures:).cases()` alone, fixtures already loaded.
    var generation: Sample
    /// `FixtureLoader.load` + generation (`Corpus.load`).
    var loadAndGenerate: Sample
    var caseCount: Int
    /// What `check` does, step by step, in this process on one thread (one timed pass each).
    var checkSteps: [(String, Double)]

    static func measure(harness: String, root: String, corpus: Corpus, quick: Bool) throws -> HarnessTimings {
        let runs = quick ? 2 : 5
        var processes: [ProcessFigure] = []
        func timed(_ label: String, _ arguments: [String], runs: Int) throws {
            log("harness: \(label)")
            _ = try ChildRun.run(arguments)  // warm-up (page cache, zone files)
            var walls: [Double] = []
            var rss: [Double] = []
            var codes: Set<Int32> = []
            for _ in 0..<runs {
                let child = try ChildRun.run(arguments, measureRSS: true)
                walls.append(child.wallSeconds)
                rss.append(Double(child.maxRSSBytes))
                codes.insert(child.exitCode)
            }
            let shown = (["contract-harness"] + arguments.dropFirst()).joined(separator: " ")
            processes.append(ProcessFigure(label: label, command: shown, wall: Sample(values: walls),
                                           maxRSS: Sample(values: rss), exitCodes: codes))
        }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        try timed("check, whole corpus, --jobs \(cores)", [harness, "check", "--root", root, "--quiet", "--jobs", "\(cores)"],
                  runs: runs)
        if !quick && cores > 1 {
            try timed("check, whole corpus, --jobs 1", [harness, "check", "--root", root, "--quiet", "--jobs", "1"], runs: 3)
        }
        try timed("cases (load, generate, write JSONL)", [harness, "cases", "--root", root], runs: runs)

        log("harness: case generation in-process")
        let fixtures = corpus.fixtures
        var generation: [Double] = []
        var loadAndGenerate: [Double] = []
        _ = CaseGenerator(fixtures: fixtures).cases()
        for _ in 0..<(quick ? 3 : 7) {
            var start = nowNs()
            let cases = CaseGenerator(fixtures: fixtures).cases()
            generation.append(Double(nowNs() - start) / 1e9)
            benchSink &+= cases.count
            start = nowNs()
            let loaded = try Corpus.load(HarnessPaths(root: root))
            loadAndGenerate.append(Double(nowNs() - start) / 1e9)
            benchSink &+= loaded.cases.count
        }
        log("harness: the steps of check, in-process")
        let paths = HarnessPaths(root: root)
        var steps: [(String, Double)] = []
        func step<T>(_ label: String, _ body: () throws -> T) rethrows -> T {
            let start = nowNs()
            let result = try body()
            steps.append((label, Double(nowNs() - start) / 1e9))
            return result
        }
        _ = try step("load fixtures + generate cases (`Corpus.load`)") { try Corpus.load(paths) }
        let expected = try step("read golden/expected (`ViewStore.load`, JSONParser per view line)") { try paths.expected.load() }
        benchSink &+= expected.count
        if paths.kotlin.exists {
            let kotlin = try step("read golden/kotlin (`ViewStore.load`)") { try paths.kotlin.load() }
            benchSink &+= kotlin.count
        }
        let swift = step("Swift reader over the stream (`--jobs 1`)") { SwiftReader().decodeAll(corpus.cases, jobs: 1) }
        let c = step("C reference over the stream (`--jobs 1`)") { CReferenceReader().decodeAll(corpus.cases, jobs: 1) }
        benchSink &+= swift.count + c.count
        _ = step("stream hash (`Corpus.streamHash`: encode + SHA-256)") { corpus.streamHash }

        return HarnessTimings(processes: processes, generation: Sample(values: generation),
                              loadAndGenerate: Sample(values: loadAndGenerate), caseCount: corpus.cases.count,
                              checkSteps: steps)
    }
}

/// `contract-harness fuzz`, measured when it exists: `fuzz --seed 1 --cases N --jobs J
/// --no-save --quiet`, its own summary line (`N cases in T s`) for the rate, the process's
/// wall time as a cross-check, its per-reader lines for where the time went.
struct FuzzTimings {
    struct Figure {
        var jobs: Int
        var cases: Int
        /// From the summary line (in-process, end to end: generation, decoding, comparison).
        var casesPerSecond: Sample
        /// N / process wall time (adds start-up: fixtures, zones).
        var processCasesPerSecond: Sample
        /// The summary's reader/generation lines of the median run, verbatim.
        var detail: [String]
        var exitCodes: Set<Int32>
    }

    /// nil: the subcommand is not there (`contract-harness fuzz --help` fails).
    var figures: [Figure]?
    var note: String

    static func measure(harness: String, root: String, quick: Bool) throws -> FuzzTimings {
        let help = try ChildRun.run([harness, "fuzz", "--help"], captureOutput: true)
        guard help.exitCode == 0 else {
            return FuzzTimings(figures: nil, note: "fuzz: not available (`contract-harness fuzz --help` exits \(help.exitCode))")
        }
        let cases = quick ? 5_000 : 20_000
        let runs = quick ? 1 : 3
        var figures: [Figure] = []
        for jobs in [1, 2] {
            log("fuzz: --jobs \(jobs)")
            let arguments = [harness, "fuzz", "--root", root, "--seed", "1", "--cases", "\(cases)", "--jobs", "\(jobs)",
                             "--no-save", "--quiet"]
            _ = try ChildRun.run(arguments, timeoutSeconds: 120)  // warm-up
            var rates: [Double] = []
            var processRates: [Double] = []
            var details: [[String]] = []
            var codes: Set<Int32> = []
            for _ in 0..<runs {
                let child = try ChildRun.run(arguments, captureOutput: true, timeoutSeconds: 120)
                if child.timedOut {
                    return FuzzTimings(figures: nil, note: "fuzz: `\(arguments.dropFirst().joined(separator: " "))` did not finish in 120 s")
                }
                codes.insert(child.exitCode)
                processRates.append(Double(cases) / child.wallSeconds)
                let lines = child.output.split(separator: "\n").map(String.init)
                if let summary = lines.first(where: { $0.contains(" cases in ") }), let rate = summaryRate(summary) {
                    rates.append(rate)
                } else {
                    rates.append(Double(cases) / child.wallSeconds)
                }
                details.append(lines.filter { $0.hasPrefix("  ") })
            }
            let order = rates.indices.sorted { rates[$0] < rates[$1] }
            figures.append(Figure(jobs: jobs, cases: cases, casesPerSecond: Sample(values: rates),
                                  processCasesPerSecond: Sample(values: processRates),
                                  detail: details[order[order.count / 2]], exitCodes: codes))
        }
        return FuzzTimings(figures: figures, note: "`contract-harness fuzz --seed 1 --cases \(cases) --jobs J --no-save --quiet`")
    }

    var text: String {
        guard let figures else { return note }
        var out = note + "\n"
        for figure in figures {
            out += "--jobs \(figure.jobs): \(Format.count(figure.casesPerSecond.median)) cases/s "
            out += "(\(Format.count(figure.casesPerSecond.min))–\(Format.count(figure.casesPerSecond.max))), "
            out += "\(Format.count(figure.casesPerSecond.median / Double(figure.jobs))) per core; "
            out += "process wall incl. start-up: \(Format.count(figure.processCasesPerSecond.median)) cases/s; "
            out += "exit \(figure.exitCodes.sorted().map(String.init).joined(separator: ","))\n"
            for line in figure.detail { out += "    " + line.trimmingCharacters(in: .whitespaces) + "\n" }
        }
        return out
    }

    var markdown: String {
        guard let figures else { return note + "\n" }
        var out = "Command: \(note). Rate from the run's own summary (`N cases in T s`: generation, both decodes, comparison; shrinking if any); process wall adds start-up.\n\n"
        out += "| jobs | cases | cases/s (median) | min–max | per core | process wall cases/s | summary lines (median run) |\n|---:|---:|---:|---:|---:|---:|---|\n"
        for figure in figures {
            out += "| \(figure.jobs) | \(figure.cases) | \(Format.count(figure.casesPerSecond.median)) | "
            out += "\(Format.count(figure.casesPerSecond.min))–\(Format.count(figure.casesPerSecond.max)) | "
            out += "\(Format.count(figure.casesPerSecond.median / Double(figure.jobs))) | \(Format.count(figure.processCasesPerSecond.median)) | "
            out += figure.detail.map { $0.split(separator: " ").joined(separator: " ") }
                .map { "`\($0)`" }.joined(separator: "<br>") + " |\n"
        }
        return out
    }

    /// `… N cases in T s (…)` → N / T.
    static func summaryRate(_ line: String) -> Double? {
        let words = line.split(separator: " ")
        guard let at = words.firstIndex(of: "in"), at >= 2, words[at - 1] == "cases", at + 1 < words.count,
              let count = Double(words[at - 2]), let seconds = Double(words[at + 1]), seconds > 0 else { return nil }
        return count / seconds
    }
}

/// The stream's most expensive cases for the Swift reader (one timed pass), next to C.
struct SlowestCases {
    struct Entry {
        var id: String
        var blobBytes: Int
        var swiftNs: Double
        var cNs: Double
    }

    var entries: [Entry]
    var swiftTotalNs: Double
    var cTotalNs: Double

    static func measure(_ corpus: Corpus, top: Int = 5) -> SlowestCases {
        let prepared = PreparedCases(corpus.cases)
        var swift: [Double] = []
        var c: [Double] = []
        for index in corpus.cases.indices {
            var start = threadCPUNs()
            benchSink &+= prepared.decode(index, .swift)
            swift.append(Double(threadCPUNs() - start))
            start = threadCPUNs()
            benchSink &+= prepared.decode(index, .c)
            c.append(Double(threadCPUNs() - start))
        }
        let order = corpus.cases.indices.sorted { swift[$0] > swift[$1] }.prefix(top)
        return SlowestCases(entries: order.map { Entry(id: corpus.cases[$0].id, blobBytes: corpus.cases[$0].blob.count,
                                                       swiftNs: swift[$0], cNs: c[$0]) },
                            swiftTotalNs: swift.reduce(0, +), cTotalNs: c.reduce(0, +))
    }
}

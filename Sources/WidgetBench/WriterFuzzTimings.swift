import Foundation

/// `contract-harness fuzz states`, measured: generated app states through the
/// writer end and the in-process readers, at --jobs 1. Its rate per core is states per CPU
/// second of the harness *and* the writer's Node process (the run's own `rate:` line: both
/// getrusage figures), so the figure stays the same whatever else shares the machine; the
/// wall rate beside it is shown, not judged (it moves with the load). Target: ≥ 5,000.
struct WriterFuzzTimings {
    static let target = 5_000.0

    struct Run {
        var perCore: Double
        var wall: Double
        var rateLine: String
        var exitCode: Int32
    }

    var command: String
    var runs: [Run]

    static func measure(harness: String, root: String, quick: Bool) throws -> WriterFuzzTimings {
        // 20,000 states even when quick: the writer's start and V8's warm-up (~0.2 s CPU) would
        // otherwise be a third of a short run's cost (1,000 states: 2.6k/s per core; 40,000: 6.2k).
        let states = quick ? 20_000 : 50_000
        let arguments = [harness, "fuzz", "states", "--root", root, "--seed", "1", "--cases", "\(states)", "--jobs", "1",
                         "--no-save", "--quiet"]
        log("fuzz states: \(states) states, --jobs 1")
        _ = try ChildRun.run(arguments, timeoutSeconds: 300)  // warm-up (and the writer's compile, cached)
        var runs: [Run] = []
        for _ in 0..<(quick ? 1 : 3) {
            let child = try ChildRun.run(arguments, captureOutput: true, timeoutSeconds: 300)
            guard let line = child.output.split(separator: "\n").first(where: { $0.hasPrefix("rate: ") }).map(String.init),
                  let rates = rates(line) else {
                throw BenchError("`\(arguments.dropFirst().joined(separator: " "))` printed no rate line (exit \(child.exitCode))")
            }
            runs.append(Run(perCore: rates.perCore, wall: rates.wall, rateLine: line, exitCode: child.exitCode))
        }
        return WriterFuzzTimings(command: "contract-harness fuzz states --seed 1 --cases \(states) --jobs 1 --no-save --quiet", runs: runs)
    }

    /// `rate: W states/s, P states per CPU second (…)` → (W, P).
    static func rates(_ line: String) -> (wall: Double, perCore: Double)? {
        let words = line.split(separator: " ")
        guard words.count > 5, let wall = Double(words[1]), words[2] == "states/s,", let perCore = Double(words[3]) else { return nil }
        return (wall, perCore)
    }

    var median: Run { runs.sorted { $0.perCore < $1.perCore }[runs.count / 2] }
    var met: Bool { median.perCore >= Self.target }

    var text: String {
        var out = "`\(command)`\n"
        for run in runs { out += "  \(run.rateLine) (exit \(run.exitCode))\n" }
        out += "target ≥ 5,000 states/s per core (harness + writer CPU): \(Format.count(median.perCore)) per core, \(met ? "met" : "MISSED")\n"
        return out
    }

    var markdown: String {
        var out = "| command | states/s per core (median) | wall states/s | target | |\n|---|---:|---:|---:|---|\n"
        out += "| `\(command)` | \(Format.count(median.perCore)) | \(Format.count(median.wall)) | 5,000 | \(met ? "met" : "**missed**") |\n"
        return out
    }
}

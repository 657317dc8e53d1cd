import Foundation

/// What each step of `scripts/test` cost in its last run, read from the run's own timings
/// (`.build/test-steps/NAME.took`: `W s, CPU Um…s Sm…s`, the wall seconds and the user and system CPU
/// of the step and its children; `run.took` the same for the whole run; `NAME.title` the step's title;
/// `run.about` the commit, cores and load the run saw), so the CI-steps table of the benchmarks guide
/// is made by a command, not typed. The target: `CI=true scripts/test` within 360 s on 2 cores.
struct CIStepTimings {
    struct Step {
        var name: String
        var title: String
        var wallSeconds: Int
        var cpuSeconds: Double
    }

    static let budgetSeconds = 360

    var steps: [Step]
    var run: Step?
    /// `key: value` lines of run.about.
    var about: [String: String]

    static func read(_ folder: String) throws -> CIStepTimings {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let took = names.filter { $0.hasSuffix(".took") }.sorted()
        guard !took.isEmpty else {
            throw BenchError("no step timings in \(folder) (NAME.took): run `scripts/test` (or `CI=true scripts/test`) first")
        }
        var steps: [Step] = []
        var run: Step?
        for file in took {
            let name = String(file.dropLast(".took".count))
            let text = try String(contentsOfFile: "\(folder)/\(file)", encoding: .utf8)
            guard let (wall, cpu) = parse(text) else {
                throw BenchError("\(folder)/\(file): not a step timing (`W s, CPU 0m1.234s 0m0.567s`): \(text.prefix(80))")
            }
            let title = (try? String(contentsOfFile: "\(folder)/\(name).title", encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            let step = Step(name: name, title: title, wallSeconds: wall, cpuSeconds: cpu)
            if name == "run" { run = step } else { steps.append(step) }
        }
        var about: [String: String] = [:]
        let aboutText = (try? String(contentsOfFile: "\(folder)/run.about", encoding: .utf8)) ?? ""
        for line in aboutText.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            about[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return CIStepTimings(steps: steps.sorted { $0.cpuSeconds != $1.cpuSeconds ? $0.cpuSeconds > $1.cpuSeconds : $0.name < $1.name },
                             run: run, about: about)
    }

    /// `154 s, CPU 0m2.628s 0m0.369s` → (154, 2.997).
    static func parse(_ text: String) -> (Int, Double)? {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "," })
        guard words.count >= 5, let wall = Int(words[0]), words[1] == "s", words[2] == "CPU",
              let user = minutesSeconds(words[3]), let system = minutesSeconds(words[4]) else { return nil }
        return (wall, user + system)
    }

    /// `1m2.593s` → 62.593.
    private static func minutesSeconds(_ word: Substring) -> Double? {
        guard word.hasSuffix("s"), let m = word.firstIndex(of: "m"), let minutes = Double(word[..<m]),
              let seconds = Double(word[word.index(after: m)..<word.index(before: word.endIndex)]) else { return nil }
        return minutes * 60 + seconds
    }

    /// The stamp of the block: the command that wrote it and the run it read (its commit and load).
    func stamp(command: String) -> String {
        let commit = about["commit"].map { "`\($0)`" } ?? "not recorded"
        var out = "_Made by `\(command)` from the last `scripts/test` run: commit \(commit)"
        if let started = about["started"] { out += ", started \(started)" }
        if let cores = about["cores"] { out += ", \(cores) cores" }
        if let ci = about["CI"], !ci.isEmpty { out += ", CI=\(ci)" }
        if let result = about["result"] { out += ", the run \(result == "passed" ? "passed" : "**failed**")" }
        if let before = about["load at start"] { out += "; load average at start \(before)" }
        if let after = about["load at end"] { out += ", at end \(after)" }
        return out + "._"
    }

    var markdown: String {
        var out = "| step | what it runs | CPU (user + system) | wall |\n|---|---|---:|---:|\n"
        for step in steps {
            out += "| \(step.name) | \(Self.cell(step.title)) | \(String(format: "%.1f s", step.cpuSeconds)) | \(step.wallSeconds) s |\n"
        }
        let sum = steps.reduce(0) { $0 + $1.cpuSeconds }
        out += "| **steps** | | **\(String(format: "%.1f s", sum))** | |\n"
        if let run {
            out += "| bootstrap, build and the rest | the run minus its steps | \(String(format: "%.1f s", max(0, run.cpuSeconds - sum))) | |\n"
            let met = run.wallSeconds <= Self.budgetSeconds
            out += "| **the run** | `scripts/test` | **\(String(format: "%.1f s", run.cpuSeconds))** | **\(run.wallSeconds) s** |\n"
            out += "\nTarget: `CI=true scripts/test` on a fresh clone within \(Self.budgetSeconds) s on 2 cores: "
            out += "\(run.wallSeconds) s, \(met ? "met" : "**missed**")"
            switch about["build at start"] {
            case "none": out += " (a clone with no build at its start).\n"
            case "present": out += " (the clone held an earlier build at its start: not a fresh clone's figure).\n"
            default: out += ".\n"
            }
        } else {
            out += "\n_The run's own total was not recorded (no run.took): a `scripts/test` from before it wrote one._\n"
        }
        return out
    }

    var text: String {
        var out = "== CI steps (\(about["commit"] ?? "commit not recorded"))\n"
        for step in steps + (run.map { [Step(name: "the run", title: "", wallSeconds: $0.wallSeconds, cpuSeconds: $0.cpuSeconds)] } ?? []) {
            out += step.name.padding(toLength: 20, withPad: " ", startingAt: 0)
            out += String(format: "%8.1f s CPU %6d s wall\n", step.cpuSeconds, step.wallSeconds)
        }
        return out
    }

    /// A title in a table cell: without its parentheses, and only up to its first ": " when still
    /// long; pipes escaped.
    static func cell(_ title: String) -> String {
        var short = title.replacingOccurrences(of: #"\s*\([^()]*\)"#, with: "", options: .regularExpression)
        if short.count > 70, let colon = short.range(of: ": ") { short = String(short[..<colon.lowerBound]) }
        return short.replacingOccurrences(of: "|", with: "\\|")
    }
}

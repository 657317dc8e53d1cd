import Foundation

/// `contract-harness check` on the whole corpus, the CI gate (target: at most 0.5 s on
/// 2 cores): `WidgetBench gate` (`scripts/bench --only gate`). Wall time of the process,
/// one warm-up run then the median of several, at `--jobs 2` and `--jobs 1`, with the load
/// average before and after (the machine is shared: a figure taken under load says so).
struct GateTimings {
    struct Figure {
        var jobs: Int
        var wall: Sample
        var exitCodes: Set<Int32>
    }

    static let targetSeconds = 0.5

    var figures: [Figure]
    var loadBefore: String
    var loadAfter: String
    var command: String

    static func measure(harness: String, root: String, runs: Int) throws -> GateTimings {
        let loadBefore = Machine.loadAverage()
        var figures: [Figure] = []
        for jobs in [2, 1] {
            let arguments = [harness, "check", "--root", root, "--quiet", "--jobs", "\(jobs)"]
            log("gate: check --jobs \(jobs), \(runs) runs")
            _ = try ChildRun.run(arguments)  // warm-up (page cache, zone files)
            var walls: [Double] = []
            var codes: Set<Int32> = []
            for _ in 0..<runs {
                let child = try ChildRun.run(arguments)
                walls.append(child.wallSeconds)
                codes.insert(child.exitCode)
            }
            figures.append(Figure(jobs: jobs, wall: Sample(values: walls), exitCodes: codes))
        }
        return GateTimings(figures: figures, loadBefore: loadBefore, loadAfter: Machine.loadAverage(),
                           command: "contract-harness check --root \(root) --quiet --jobs J")
    }

    var text: String {
        var out = "== Gate (`\(command)`; load average before \(loadBefore), after \(loadAfter))\n"
        for figure in figures {
            out += "--jobs \(figure.jobs): \(Format.seconds(figure.wall.median)) median of \(figure.wall.values.count) "
            out += "(\(Format.seconds(figure.wall.min))–\(Format.seconds(figure.wall.max))); "
            out += "exit \(figure.exitCodes.sorted().map(String.init).joined(separator: ","))\n"
        }
        if let two = figures.first(where: { $0.jobs == 2 }) {
            let met = two.wall.median <= Self.targetSeconds
            out += "target ≤ \(Format.seconds(Self.targetSeconds)) on 2 cores: \(Format.seconds(two.wall.median)), \(met ? "met" : "MISSED")\n"
        }
        return out
    }

    var markdown: String {
        var out = "| jobs | wall (median) | min–max | runs | exit |\n|---:|---:|---:|---:|---:|\n"
        for figure in figures {
            out += "| \(figure.jobs) | \(Format.seconds(figure.wall.median)) | \(Format.seconds(figure.wall.min))–\(Format.seconds(figure.wall.max)) | "
            out += "\(figure.wall.values.count) | \(figure.exitCodes.sorted().map(String.init).joined(separator: ",")) |\n"
        }
        if let two = figures.first(where: { $0.jobs == 2 }) {
            let met = two.wall.median <= Self.targetSeconds
            out += "\nTarget: `check` on the whole corpus ≤ \(Format.seconds(Self.targetSeconds)) wall at --jobs 2: "
            out += "\(Format.seconds(two.wall.median)), \(met ? "met" : "**missed**").\n"
        }
        return out
    }
}

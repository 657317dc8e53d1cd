import Foundation
import HarnessGate

/// Everything one run measured, as text for the terminal and as the block `run` of the benchmarks
/// guide (`docs/benchmarks.md`; the hand-written text and the other blocks around it are kept).
struct Report {
    var machine: Machine
    var loadAtEnd: String
    var seconds: Double
    var command: String
    var quick: Bool
    var agreement: Agreement
    var throughput: ThroughputTable
    var slowest: SlowestCases
    var harness: HarnessTimings
    var fuzz: FuzzTimings
    var memory: MemoryTable
    var profile: Profile?
    var profileWanted: Bool

    struct Target {
        var what: String
        var figure: String
        /// nil: reported, no pass/fail.
        var met: Bool?
        var verdict: String { met.map { $0 ? "met" : "**missed**" } ?? "reported" }
    }

    var targets: [Target] {
        var targets: [Target] = []
        for row in throughput.rows where row.key != "d" {
            let c = throughput.ratio(row, over: .c), raw = throughput.ratio(row, over: .cRaw)
            targets.append(Target(what: "Swift ≥ 2× C reference, \(row.label)",
                                  figure: "\(Format.ratio(c)) (C alone: \(Format.ratio(raw)))", met: c.map { $0 >= 2 }))
        }
        for row in throughput.rows where row.key != "d" {
            let ratio = throughput.ratio(row, over: .foundation)
            targets.append(Target(what: "Swift ≥ 5× JSONSerialization, \(row.label)", figure: Format.ratio(ratio),
                                  met: ratio.map { $0 >= 5 }))
        }
        if let check = harness.processes.first {
            targets.append(Target(what: "`check` on the whole corpus ≤ 0.5 s wall on 2 cores (\(check.label))",
                                  figure: Format.seconds(check.wall.median), met: check.wall.median <= GateTimings.targetSeconds))
        }
        if let figures = fuzz.figures {
            for figure in figures {
                let perCore = figure.casesPerSecond.median / Double(figure.jobs)
                targets.append(Target(what: "fuzz ≥ 20k cases/s per core, --jobs \(figure.jobs)",
                                      figure: "\(Format.count(perCore))/s per core", met: perCore >= 20_000))
            }
        } else {
            targets.append(Target(what: "fuzz ≥ 20k cases/s per core", figure: "not measured: \(fuzz.note)", met: nil))
        }
        for blob in ["title", "tasks-4mb", "tasks-big"] {
            guard let entry = memory.entries.first(where: { $0.blob.key == blob && $0.reader == .swift }) else { continue }
            let c = memory.entries.first { $0.blob.key == blob && $0.reader == .cRaw }
            let mine = entry.skipped == nil ? String(format: "%.2f B/B", memory.perBlobByte(entry)) : "not measured"
            let theirs = c.map { $0.skipped == nil ? String(format: "%.2f B/B", memory.perBlobByte($0)) : "not measured" } ?? "—"
            targets.append(Target(what: "memory O(blob), \(entry.blob.label)", figure: "Swift \(mine) (C alone \(theirs))", met: nil))
        }
        if let growth = timeGrowth(.swift) {
            targets.append(Target(what: "decode time O(blob), Swift, tasks 1 → 4 MB",
                                  figure: String(format: "time × %.1f for size × 4 (size^%.2f)", growth.factor, growth.exponent),
                                  met: growth.exponent < 1.3))
        }
        return targets
    }

    func timeGrowth(_ reader: BenchReader) -> (factor: Double, exponent: Double)? {
        guard let small = memory.entries.first(where: { $0.blob.key == "tasks-1mb" && $0.reader == reader && $0.skipped == nil }),
              let medium = memory.entries.first(where: { $0.blob.key == "tasks-4mb" && $0.reader == reader && $0.skipped == nil })
        else { return nil }
        let factor = medium.decodeSeconds.median / small.decodeSeconds.median
        let exponent = log(factor) / log(Double(medium.blob.bytes) / Double(small.blob.bytes))
        return (factor, exponent)
    }

    // MARK: - Text

    var text: String {
        var out = "\n== Throughput, one thread (thread CPU time; median of \(quick ? Budget.quick.runs : Budget.full.runs) runs)\n"
        out += throughput.text + "\n"
        out += "\n== Ratios (median cases/s)\n"
        var lines = [["input", "Swift÷C+conv", "Swift÷C alone", "Swift÷JSONSerialization"]]
        for row in throughput.rows {
            lines.append([row.label, Format.ratio(throughput.ratio(row, over: .c)), Format.ratio(throughput.ratio(row, over: .cRaw)),
                          Format.ratio(throughput.ratio(row, over: .foundation))])
        }
        out += Format.textTable(lines, rightAligned: [1, 2, 3]) + "\n"
        out += "\n== Slowest stream cases for Swift (one pass)\n"
        lines = [["case", "blob", "Swift", "C+conv", "share of Swift's stream"]]
        for entry in slowest.entries {
            lines.append([entry.id, Format.bytes(Double(entry.blobBytes)), Format.seconds(entry.swiftNs / 1e9),
                          Format.seconds(entry.cNs / 1e9), String(format: "%.1f%%", entry.swiftNs / slowest.swiftTotalNs * 100)])
        }
        out += Format.textTable(lines, rightAligned: [1, 2, 3, 4]) + "\n"
        out += "\n== Harness (wall; median of runs after a warm-up)\n"
        lines = [["what", "wall", "(min–max)", "peak RSS", "exit"]]
        for process in harness.processes {
            lines.append([process.label, Format.seconds(process.wall.median),
                          "(\(Format.seconds(process.wall.min))–\(Format.seconds(process.wall.max)))",
                          Format.bytes(process.maxRSS.median), process.exitCodes.sorted().map(String.init).joined(separator: ",")])
        }
        lines.append(["case generation in-process (\(harness.caseCount) cases)", Format.seconds(harness.generation.median),
                      "(\(Format.seconds(harness.generation.min))–\(Format.seconds(harness.generation.max)))", "", ""])
        lines.append(["fixture loading + generation in-process", Format.seconds(harness.loadAndGenerate.median),
                      "(\(Format.seconds(harness.loadAndGenerate.min))–\(Format.seconds(harness.loadAndGenerate.max)))", "", ""])
        out += Format.textTable(lines, rightAligned: [1, 3]) + "\n"
        out += "\n== The steps of check, in-process, one thread, one pass\n"
        out += Format.textTable(harness.checkSteps.map { [$0.0, Format.seconds($0.1)] }, rightAligned: [1]) + "\n"
        out += "\n== Fuzz\n" + fuzz.text + "\n"
        out += "\n== Memory (fresh process per decode; peak RSS from GNU time %M)\n"
        lines = [["blob", "reader", "peak RSS", "(peak−baseline)/blob byte", "decode", "MB/s", "rows"]]
        for reader in MemoryTable.readers {
            lines.append(["baseline (3-task blob)", reader.label, Format.bytes(memory.baseline[reader]?.median ?? .nan), "",
                          Format.seconds(memory.firstDecode[reader]?.median ?? .nan) + " first decode", "", ""])
        }
        for entry in memory.entries {
            if let skipped = entry.skipped {
                lines.append([entry.blob.label, entry.reader.label, skipped, "", "", "", ""])
            } else {
                lines.append([entry.blob.label, entry.reader.label, Format.bytes(entry.maxRSS.median),
                              String(format: "%.2f", memory.perBlobByte(entry)), Format.seconds(entry.decodeSeconds.median),
                              Format.decimal(Double(entry.blob.bytes) / entry.decodeSeconds.median / 1e6), "\(entry.rows)"])
            }
        }
        out += Format.textTable(lines, rightAligned: [2, 3, 4, 5, 6]) + "\n"
        if let profile {
            out += "\n== Instructions per case (callgrind)\n"
            lines = [["input", "reader", "Ir/case"]]
            for count in profile.counts { lines.append([count.input, count.reader.label, Format.count(count.irPerCase)]) }
            out += Format.textTable(lines, rightAligned: [2]) + "\n"
            for listing in profile.listings {
                out += "\n-- \(listing.title)\n"
                for function in listing.functions {
                    out += String(format: "%6.2f%%  ", function.percent) + String(function.name.prefix(150)) + "\n"
                }
            }
        } else if profileWanted {
            out += "\n== Profile: valgrind/callgrind_annotate not found, skipped\n"
        }
        out += "\n== Targets\n"
        lines = [["target", "figure", "verdict"]]
        for target in targets { lines.append([target.what, target.figure, target.verdict.replacingOccurrences(of: "*", with: "")]) }
        out += Format.textTable(lines, rightAligned: []) + "\n"
        out += "\n" + agreement.text + "\n"
        out += String(format: "bench took %.0f s; load average at end: ", seconds) + loadAtEnd + "\n"
        return out
    }

    // MARK: - Markdown

    var markdown: String {
        var out = ""
        let date = ISO8601DateFormatter().string(from: Date())
        out += "_Generated by `\(command)` on \(date), \(quick ? "quick" : "full") run, \(String(format: "%.0f", seconds)) s._\n\n"
        out += "### Machine\n\n| | |\n|---|---|\n"
        for (key, value) in machine.lines { out += "| \(key) | \(value) |\n" }
        out += "| Load average at end | \(loadAtEnd) |\n\n"

        out += "### Targets\n\n| target | figure | verdict |\n|---|---|---|\n"
        for target in targets { out += "| \(target.what) | \(target.figure) | \(target.verdict) |\n" }

        out += "\n### Throughput, one thread\n\n"
        out += "Median of \(quick ? Budget.quick.runs : Budget.full.runs) runs (thread CPU time, readers interleaved), after a warm-up; min–max is cases/s.\n\n"
        out += throughput.markdown
        out += "\n### Ratios (median cases/s)\n\n" + throughput.ratiosMarkdown

        out += "\n### Slowest stream cases for the Swift reader (one pass)\n\n"
        out += "| case | blob | Swift | C + conversion | share of Swift's stream time |\n|---|---:|---:|---:|---:|\n"
        for entry in slowest.entries {
            out += "| `\(entry.id)` | \(Format.bytes(Double(entry.blobBytes))) | \(Format.seconds(entry.swiftNs / 1e9)) | "
            out += "\(Format.seconds(entry.cNs / 1e9)) | \(String(format: "%.1f%%", entry.swiftNs / slowest.swiftTotalNs * 100)) |\n"
        }
        out += "| whole stream | | \(Format.seconds(slowest.swiftTotalNs / 1e9)) | \(Format.seconds(slowest.cTotalNs / 1e9)) | 100% |\n"

        out += "\n### Harness\n\nProcesses: wall time and peak RSS, median of runs after one warm-up run.\n\n"
        out += "| what | command | wall (median) | min–max | peak RSS | exit |\n|---|---|---:|---:|---:|---:|\n"
        for process in harness.processes {
            out += "| \(process.label) | `\(process.command)` | \(Format.seconds(process.wall.median)) | "
            out += "\(Format.seconds(process.wall.min))–\(Format.seconds(process.wall.max)) | \(Format.bytes(process.maxRSS.median)) | "
            out += process.exitCodes.sorted().map(String.init).joined(separator: ",") + " |\n"
        }
        out += "| case generation alone (\(harness.caseCount) cases) | `CaseGenerator(fixtures:).cases()` in-process | "
        out += "\(Format.seconds(harness.generation.median)) | \(Format.seconds(harness.generation.min))–\(Format.seconds(harness.generation.max)) | | |\n"
        out += "| fixture loading + generation | `Corpus.load` in-process | \(Format.seconds(harness.loadAndGenerate.median)) | "
        out += "\(Format.seconds(harness.loadAndGenerate.min))–\(Format.seconds(harness.loadAndGenerate.max)) | | |\n"

        out += "\nThe steps of `check`, timed in-process on one thread (one pass each; `check` itself runs the readers on `--jobs` threads):\n\n"
        out += "| step | time |\n|---|---:|\n"
        for (label, seconds) in harness.checkSteps { out += "| \(label) | \(Format.seconds(seconds)) |\n" }
        out += "\n### Fuzz\n\n" + fuzz.markdown

        out += "\n### Memory\n\n"
        out += "One decode in a fresh process (`WidgetBench decode-file --reader R --file BLOB`), peak RSS from GNU time's `%M` (see \"What the numbers mean\"). The blob is read into one array first, so 1.00 B/B of the per-byte figure is the input itself. Baseline: the same process on the 3-task blob; its decode column is the first decode in a fresh process (one-time set-up included), median of 5.\n\n"
        out += "| blob | reader | peak RSS (median) | min–max | (peak − baseline) / blob byte | decode | MB/s | rows |\n|---|---|---:|---:|---:|---:|---:|---:|\n"
        for reader in MemoryTable.readers {
            let base = memory.baseline[reader] ?? Sample(values: [])
            out += "| baseline (3-task blob) | \(reader.label) | \(Format.bytes(base.median)) | \(Format.bytes(base.min))–\(Format.bytes(base.max)) | | "
            out += "\(Format.seconds(memory.firstDecode[reader]?.median ?? .nan)) (first decode) | | |\n"
        }
        for entry in memory.entries {
            if let skipped = entry.skipped {
                out += "| \(entry.blob.label) | \(entry.reader.label) | \(skipped) | | | | | |\n"
            } else {
                out += "| \(entry.blob.label) | \(entry.reader.label) | \(Format.bytes(entry.maxRSS.median)) | "
                out += "\(Format.bytes(entry.maxRSS.min))–\(Format.bytes(entry.maxRSS.max)) | "
                out += String(format: "%.2f", memory.perBlobByte(entry)) + " | \(Format.seconds(entry.decodeSeconds.median)) | "
                out += "\(Format.decimal(Double(entry.blob.bytes) / entry.decodeSeconds.median / 1e6)) | \(entry.rows) |\n"
            }
        }

        if let profile {
            out += "\n### Instructions per case (callgrind)\n\n"
            out += "`valgrind --tool=callgrind` (\(profile.valgrind)) on `WidgetBench decode-file --repeat N+1` minus `--repeat 1`, divided by N: repeatable on a busy machine.\n\n"
            out += "| input | reader | Ir per case |\n|---|---|---:|\n"
            for count in profile.counts { out += "| \(count.input) | \(count.reader.label) | \(Format.count(count.irPerCase)) |\n" }
            for listing in profile.listings {
                out += "\n<details><summary>\(listing.title) (total \(Format.count(Double(listing.totalIr))) Ir)</summary>\n\n"
                out += "| Ir share | function |\n|---:|---|\n"
                for function in listing.functions {
                    let name = function.name.replacingOccurrences(of: "|", with: "\\|")
                    out += String(format: "| %.2f%% | ", function.percent) + "`\(name.prefix(160))` |\n"
                }
                out += "\n</details>\n"
            }
        } else {
            out += "\n_Profile not run in this run (`--quick`, `--no-profile`, or valgrind missing)._\n"
        }
        out += "\n" + agreement.text + ".\n"
        return out
    }

    /// Rewrites the block `run` of the guide at `path` (a new file holds only the block), atomically.
    func write(markdownFile path: String) throws {
        try GeneratedBlock(key: "run", command: command, heading: "## Results of the full run")
            .write(body: markdown, into: URL(fileURLWithPath: path))
    }
}

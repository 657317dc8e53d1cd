import HarnessCorpus
import Foundation

/// `WidgetBench run`: every measurement, the text tables, the block `run` of docs/benchmarks.md.
struct BenchRun {
    var quick: Bool
    var root: String
    var harness: String
    var markdown: String?
    var profile: Bool
    var command: String

    init(options: inout Options) throws {
        quick = options.flag("--quick")
        profile = !options.flag("--no-profile") && !quick
        root = options.value("--root") ?? "."
        harness = options.value("--harness") ?? "\(root)/.build/release/contract-harness"
        markdown = options.value("--markdown")
        command = options.value("--command") ?? "scripts/bench" + (quick ? " --quick" : "")
        try options.finish()
        guard access(harness, X_OK) == 0 else { throw BenchError("no contract-harness at \(harness)") }
    }

    func run() throws {
        let machineAtStart = Machine.describe(root: root, guide: markdown)
        let started = nowNs()
        let bench = try selfPath()
        var template = Array("/tmp/widgetbench.XXXXXX".utf8CString)
        guard mkdtemp(&template) != nil else { throw BenchError("mkdtemp failed") }
        let directory = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { try? FileManager.default.removeItem(atPath: directory) }

        log("loading the corpus")
        let corpus = try Corpus.load(HarnessPaths(root: root))
        log("checking the JSONSerialization port against the Swift reader")
        let agreement = Agreement.measure(corpus)
        let throughput = try ThroughputTable.measure(corpus, budget: quick ? .quick : .full, progress: true)
        log("slowest cases of the stream")
        let slowest = SlowestCases.measure(corpus)
        let harnessTimings = try HarnessTimings.measure(harness: harness, root: root, corpus: corpus, quick: quick)
        let fuzz = try FuzzTimings.measure(harness: harness, root: root, quick: quick)

        let rows = try Inputs.rows(corpus)
        let aPath = "\(directory)/a.json", cPath = "\(directory)/c.json"
        guard FileManager.default.createFile(atPath: aPath, contents: Data(rows[0].prepared.cases[0].blob)),
              FileManager.default.createFile(atPath: cPath, contents: Data(rows[2].prepared.cases[0].blob)) else {
            throw BenchError("cannot write the profile inputs to \(directory)")
        }
        let memory = try MemoryTable.measure(bench: bench, directory: directory, tinyBlob: aPath, quick: quick)
        var profileResult: Profile?
        if profile {
            profileResult = try Profile.measure(bench: bench, directory: directory, inputs: [
                (key: "a", label: rows[0].label, path: aPath, repeats: 5000, swiftRepeats: 5000),
                (key: "c", label: rows[2].label, path: cPath, repeats: 10, swiftRepeats: 200),
            ])
        }
        let report = Report(machine: machineAtStart, loadAtEnd: Machine.loadAverage(), seconds: Double(nowNs() - started) / 1e9,
                            command: command, quick: quick, agreement: agreement, throughput: throughput, slowest: slowest,
                            harness: harnessTimings, fuzz: fuzz, memory: memory, profile: profileResult,
                            profileWanted: profile)
        print(report.text)
        if let markdown { try report.write(markdownFile: markdown) }
    }

    private func selfPath() throws -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { throw BenchError("cannot read /proc/self/exe") }
        return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// What the figures were measured on.
struct Machine {
    var lines: [(String, String)]

    static func describe(root: String, guide: String? = nil) -> Machine {
        var lines: [(String, String)] = []
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "?" } ?? "?"
        lines.append(("CPU", "\(model), \(ProcessInfo.processInfo.activeProcessorCount) cores available"))
        lines.append(("Memory", Format.bytes(Double(ProcessInfo.processInfo.physicalMemory))))
        var name = utsname()
        uname(&name)
        let system = withUnsafeBytes(of: name.sysname) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let release = withUnsafeBytes(of: name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let os = ((try? String(contentsOfFile: "/etc/os-release", encoding: .utf8)) ?? "").split(separator: "\n")
            .first { $0.hasPrefix("PRETTY_NAME=") }.map { $0.dropFirst(12).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
        lines.append(("OS", "\(os ?? system), kernel \(system) \(release)"))
        lines.append(("Swift", firstLine(["swift", "--version"]) ?? "?"))
        lines.append(("jansson", firstLine(["pkg-config", "--modversion", "jansson"]) ?? "?"))
        lines.append(("Commit", commit(root: root, ignoring: guide).map { $0.commit + ($0.dirty ? " (with uncommitted changes)" : "") } ?? "?"))
        lines.append(("Load average at start", loadAverage()))
        return Machine(lines: lines)
    }

    /// The tree's commit, and whether tracked files differ from it (but for `ignoring`: the guide the
    /// blocks are written into, which every measurement before this one changed); nil outside a git work tree.
    static func commit(root: String, ignoring: String? = nil) -> (commit: String, dirty: Bool)? {
        guard let commit = firstLine(["git", "-C", root, "rev-parse", "--short", "HEAD"]) else { return nil }
        let top = URL(fileURLWithPath: root).standardizedFileURL.path + "/"
        let except = ignoring.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
            .flatMap { $0.hasPrefix(top) ? [":(exclude)" + $0.dropFirst(top.count)] : nil } ?? []
        let status = try? ChildRun.run(["git", "-C", root, "status", "--porcelain", "--untracked-files=no", "--", "."] + except,
                                       captureOutput: true)
        return (commit, !(status?.output.isEmpty ?? true))
    }

    static func loadAverage() -> String {
        let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
        return text.split(separator: " ").prefix(3).joined(separator: " ") + " (1, 5, 15 min)"
    }

    private static func firstLine(_ arguments: [String]) -> String? {
        guard let child = try? ChildRun.run(arguments, captureOutput: true), child.exitCode == 0 else { return nil }
        return child.output.split(separator: "\n").first.map(String.init)
    }
}

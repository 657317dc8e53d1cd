import ContractModel
import Foundation
import HarnessCorpus
import HarnessGate
import HarnessReaders
import WidgetSnapshot

/// `contract-harness fuzz queue` (CONTRACT.md §10.9): generated tap sequences and stored queues
/// through every queue writer end, generated handed queues through every drain end, each judged
/// as the gate judges the queue cases (`WriterCaseJudge`, `DrainCaseJudge`); a finding no entry of
/// the end's list excuses is shrunk while it stays the same (the same end, the same kind) and saved
/// under `golden/findings/queue/`. Case `i` of seed `S` depends on (S, i) alone.
package struct QueueFuzzRun {
    package struct Options: Sendable {
        package var seed: UInt64
        /// Case indices 0..<cases (when no time budget).
        package var cases: Int?
        /// A wall budget, from the start of the run.
        package var seconds: Double?
        /// Only this index (a finding's reproduce command).
        package var caseIndex: Int?
        package var writers: [QueueEndEntry]
        package var drains: [QueueEndEntry]
        package var shrinkBudget = 2000
        /// Findings of one signature shrunk at most (later ones counted).
        package var shrinksPerSignature = 1
        package var timeout: Double = 10
        package var startTimeout: Double?
        /// Stop once this many findings are shrunk.
        package var maxFindings: Int?

        package init(seed: UInt64, cases: Int? = nil, seconds: Double? = nil, caseIndex: Int? = nil,
                     writers: [QueueEndEntry], drains: [QueueEndEntry]) {
            self.seed = seed
            self.cases = cases
            self.seconds = seconds
            self.caseIndex = caseIndex
            self.writers = writers
            self.drains = drains
        }
    }

    /// One finding, shrunk.
    package struct Finding: Sendable {
        package var end: String
        package var kind: QueueFinding.Kind
        /// The shrunk case's finding.
        package var message: String
        package var seed: UInt64
        package var index: Int
        /// The shrunk case's line as the end reads it (a queue case line, or a drain request line).
        package var line: [UInt8]
        /// The shrunk case in words (a writer case's tasks and steps, app steps included).
        package var script: String
        /// Operations (or handed members) before and after shrinking.
        package var size: (original: Int, shrunk: Int)
        package var signature: String { "\(end)/\(kind.rawValue)" }
    }

    package struct Result: Sendable {
        package var cases = 0
        package var findings: [Finding] = []
        /// Findings per signature, shrunk or not.
        package var counts: [String: Int] = [:]
        /// Findings a list excused, per end.
        package var listed: [String: Int] = [:]
        package var seconds: Double = 0
        /// Wall time to the first finding, when there was one.
        package var firstFindingAfter: Double?
        package var firstFindingIndex: Int?
    }

    package let options: Options
    package let paths: HarnessPaths

    package init(_ options: Options, paths: HarnessPaths) {
        self.options = options
        self.paths = paths
    }

    package func run() throws -> Result {
        let started = Date()
        let generator = QueueCaseGenerator(seed: options.seed)
        let lists = try Dictionary((options.writers + options.drains).map { ($0.name, try QueueList.load(paths, file: $0.listFile)) },
                                   uniquingKeysWith: { first, _ in first })
        var writerSessions: [String: QueueWriterSession] = [:]
        var drainSessions: [String: DrainSession] = [:]
        defer {
            writerSessions.values.forEach { $0.close() }
            drainSessions.values.forEach { $0.close() }
        }
        for end in options.writers {
            if case .command(let command) = end.source {
                writerSessions[end.name] = QueueWriterSession(name: end.name, command: command, lineTimeout: options.timeout,
                                                              startTimeout: options.startTimeout ?? max(options.timeout, 60))
            }
        }
        for end in options.drains {
            guard case .command(let command) = end.source else { continue }
            drainSessions[end.name] = DrainSession(name: end.name, command: command, lineTimeout: options.timeout,
                                                   startTimeout: options.startTimeout ?? max(options.timeout, 30))
        }
        func answer(_ end: QueueEndEntry, _ lines: [QueueCaseLine]) -> [Swift.Result<QueueAnswer, QueueCrash>] {
            switch end.source {
            case .inProcess(let answer): return lines.map { .success(answer($0)) }
            case .command: return writerSessions[end.name]!.answer(lines)
            case .recorded: return lines.map { _ in .failure(QueueCrash(text: "a recorded end cannot be fuzzed: run it live")) }
            }
        }
        var result = Result()
        let indices: AnySequence<Int> = options.caseIndex.map { AnySequence([$0]) } ?? AnySequence(0..<(options.cases ?? Int.max))
        var iterator = indices.makeIterator()
        let batch = 32
        outer: while true {
            var chunk: [Int] = []
            while chunk.count < batch, let index = iterator.next() { chunk.append(index) }
            if chunk.isEmpty { break }
            if let seconds = options.seconds, Date().timeIntervalSince(started) >= seconds { break }
            result.cases += chunk.count
            for end in options.writers {
                let format = end.format ?? "android"
                let cases = chunk.map { generator.writerCase($0, format: format) }
                let answers = answer(end, cases.map { $0.line(for: end.features).line })
                for (position, (item, got)) in zip(cases, answers).enumerated() {
                    let judge = { (candidate: QueueCase, got: Swift.Result<QueueAnswer, QueueCrash>) in
                        WriterCaseJudge.judge(candidate, features: end.features, format: format, answer: got)
                            .filter { lists[end.name]?.entry(excusing: $0) == nil }
                    }
                    let all = WriterCaseJudge.judge(item, features: end.features, format: format, answer: got)
                    result.listed[end.name, default: 0] += all.count - judge(item, got).count
                    guard let first = judge(item, got).first else { continue }
                    let signature = "\(end.name)/\(first.kind.rawValue)"
                    result.counts[signature, default: 0] += 1
                    if result.firstFindingAfter == nil {
                        result.firstFindingAfter = Date().timeIntervalSince(started)
                        result.firstFindingIndex = chunk[position]
                    }
                    guard result.counts[signature, default: 0] <= options.shrinksPerSignature else { continue }
                    let (shrunk, _) = QueueShrinker.shrink(item, budget: options.shrinkBudget) { candidate in
                        let line = candidate.line(for: end.features).line
                        guard let reply = answer(end, [line]).first else { return false }
                        return judge(candidate, reply).contains { $0.kind == first.kind }
                    }
                    let shrunkLine = shrunk.line(for: end.features).line
                    let final = answer(end, [shrunkLine]).first.map { judge(shrunk, $0) } ?? []
                    result.findings.append(Finding(end: end.name, kind: first.kind,
                                                   message: final.first { $0.kind == first.kind }?.message ?? first.message,
                                                   seed: options.seed, index: chunk[position], line: shrunkLine.line(),
                                                   script: shrunk.script, size: (item.steps.count, shrunk.steps.count)))
                    if let maximum = options.maxFindings, result.findings.count >= maximum { break outer }
                }
            }
            for end in options.drains {
                guard let session = drainSessions[end.name] else { continue }
                let cases = chunk.map { generator.drainCase($0) }.filter { $0.needs.isSubset(of: end.features.names) }
                let answers = session.drain(cases.map(\.request))
                for (item, got) in zip(cases, answers) {
                    let judge = { (candidate: DrainCase, got: Swift.Result<DrainAnswer, QueueCrash>) in
                        DrainCaseJudge.judge(candidate, features: end.features, answer: got).filter { lists[end.name]?.entry(excusing: $0) == nil }
                    }
                    guard let first = judge(item, got).first else { continue }
                    let signature = "\(end.name)/\(first.kind.rawValue)"
                    result.counts[signature, default: 0] += 1
                    let index = Int(item.id.split(separator: "-").last.map(String.init) ?? "") ?? 0
                    if result.firstFindingAfter == nil {
                        result.firstFindingAfter = Date().timeIntervalSince(started)
                        result.firstFindingIndex = index
                    }
                    guard result.counts[signature, default: 0] <= options.shrinksPerSignature else { continue }
                    let (shrunk, _) = QueueShrinker.shrink(item, budget: options.shrinkBudget) { candidate in
                        guard let reply = session.drain([candidate.request]).first else { return false }
                        return judge(candidate, reply).contains { $0.kind == first.kind }
                    }
                    let final = session.drain([shrunk.request]).first.map { judge(shrunk, $0) } ?? []
                    result.findings.append(Finding(end: end.name, kind: first.kind,
                                                   message: final.first { $0.kind == first.kind }?.message ?? first.message,
                                                   seed: options.seed, index: index, line: shrunk.request.line(),
                                                   script: "", size: (item.tasks.count, shrunk.tasks.count)))
                    if let maximum = options.maxFindings, result.findings.count >= maximum { break outer }
                }
            }
        }
        result.seconds = Date().timeIntervalSince(started)
        return result
    }

    /// Writes each finding atomically as `golden/findings/queue/<seed>-<index>-<end>.json`; returns the file names.
    package static func save(_ findings: [Finding], in folder: URL, tree: TreeBoundary) throws -> [String] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return try findings.map { finding in
            let name = "\(finding.seed)-\(finding.index)-\(finding.end).json"
            var object = JSONObject()
            object["end"] = .string(JSONString(finding.end))
            object["kind"] = .string(JSONString(finding.kind.rawValue))
            object["message"] = .string(JSONString(finding.message))
            object["seed"] = .string(JSONString(String(finding.seed)))
            object["index"] = .integer(Int64(finding.index))
            object["reproduce"] = .string(JSONString("contract-harness fuzz queue --seed \(finding.seed) --case \(finding.index) (with the same --queue-writer / --queue-drain)"))
            object["line"] = .string(JSONString(String(decoding: finding.line, as: UTF8.self)))
            if !finding.script.isEmpty { object["script"] = .string(JSONString(finding.script)) }
            object["size"] = .object(JSONObject(["original": .integer(Int64(finding.size.original)), "shrunk": .integer(Int64(finding.size.shrunk))]))
            try AtomicFile.write(PrettyJSON.bytes(.object(object)), to: folder.appendingPathComponent(name), within: tree)
            return name
        }
    }
}

import ContractModel
import Foundation
import HarnessCorpus
import HarnessReaders
import WidgetSnapshot

/// One queue end's verdict: what it was asked, what the judge found, what its list excused.
package struct QueueEndVerdict: Sendable {
    package var end: QueueEndEntry
    package var list: QueueList
    /// Queue cases asked of it (writer cases that apply to its features and format, or drain cases).
    package var cases: Int
    /// Writer cases not asked (a feature or format it lacks), by family.
    package var notAsked: [String: Int]
    /// Snapshot cases whose round trip this drain decided.
    package var roundTripCases: Int
    package var listed: [(finding: QueueFinding, entry: QueueList.Entry)]
    package var unexpected: [QueueFinding]
    package var stale: [QueueList.Entry]

    package var passed: Bool { unexpected.isEmpty && stale.isEmpty }
    /// Cases with no finding.
    package var agree: Int {
        cases + roundTripCases - Set(listed.map(\.finding.caseId) + unexpected.map(\.caseId)).count
    }
    package var findings: [QueueFinding] { listed.map(\.finding) + unexpected }
    /// Cases with an unexpected finding.
    package var unexpectedCases: Int { Set(unexpected.map(\.caseId)).count }
    /// Cases whose findings are all listed.
    package var listedCases: Int { Set(listed.map(\.finding.caseId)).subtracting(unexpected.map(\.caseId)).count }
    /// Cases with a data-loss finding, listed or not.
    package var dataLossCases: Int { Set(findings.filter { $0.kind == .dataLoss }.map(\.caseId)).count }
}

/// Everything the queue section of the gate found.
package struct QueueGateResult: Sendable {
    package var verdicts: [QueueEndVerdict] = []
    /// Problems with the queue's golden files or ends themselves (a stale recording, a drain that
    /// cannot run), each with what fixes it.
    package var problems: [String] = []
    package var notices: [String] = []
    /// Snapshot cases with taps whose blob no app state writes: their round trip is not judged.
    package var roundTripNotAppStates: [(caseId: String, why: String)] = []
    /// Snapshot cases with taps.
    package var roundTripCases = 0
    package var writerCases = 0
    package var drainCases = 0

    package init() {}

    package var passed: Bool { problems.isEmpty && verdicts.allSatisfy(\.passed) }

    /// Every data-loss finding, listed or not: its own kind in every report.
    package var dataLoss: [(end: String, finding: QueueFinding, listed: Bool)] {
        verdicts.flatMap { verdict in
            verdict.listed.filter { $0.finding.kind == .dataLoss }.map { (verdict.end.name, $0.finding, true) }
                + verdict.unexpected.filter { $0.kind == .dataLoss }.map { (verdict.end.name, $0, false) }
        }
    }
}

/// The queue contract in the gate (CONTRACT.md §10): every queue writer end on the queue cases
/// that apply to it, every drain end on the drain cases and on the round trip of every snapshot
/// case that carries taps, each judged (`WriterCaseJudge`, `DrainCaseJudge`, `QueueRoundTrip`)
/// and held to its reviewed list.
package enum QueueGate {
    package struct Options: Sendable {
        /// The queue writers; by default the project's Swift queue (in process) and its Kotlin queue (recorded).
        package var writers: [QueueEndEntry]
        /// The project's drain (its command from `scripts/build-writer --print-drain-command`) is judged.
        package var projectDrain: Bool
        /// Other drains (a team's, a test's planted one).
        package var extraDrains: [QueueEndEntry]
        package var corpus: QueueCorpus
        package var jobs: Int
        package var timeout: Double
        package var startTimeout: Double?
        /// Whether the recorded Kotlin queue is compared (`--no-recordings` leaves it out, said so).
        package var includeRecordings: Bool

        package init(writers: [QueueEndEntry] = [QueueRoster.swift, QueueRoster.kotlin], projectDrain: Bool = true, extraDrains: [QueueEndEntry] = [],
                     corpus: QueueCorpus = .standard(), jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
                     timeout: Double = 10, startTimeout: Double? = nil, includeRecordings: Bool = true) {
            self.writers = writers
            self.projectDrain = projectDrain
            self.extraDrains = extraDrains
            self.corpus = corpus
            self.jobs = jobs
            self.timeout = timeout
            self.startTimeout = startTimeout
            self.includeRecordings = includeRecordings
        }
    }

    package static func run(_ paths: HarnessPaths, snapshotCases: [Case], options: Options = Options()) throws -> QueueGateResult {
        var result = QueueGateResult()
        let corpus = options.corpus
        result.writerCases = corpus.writerCases.count
        result.drainCases = corpus.drainCases.count
        try checkNames(options)
        // (The project's ends own their lists in every run, as the standard roster's readers do.)
        try QueueList.checkOwners(paths, ends: [QueueRoster.swiftName, QueueRoster.kotlinName, QueueRoster.drainName]
                                      + options.writers.map(\.name) + options.extraDrains.map(\.name))
        for writer in options.writers {
            if case .recorded = writer.source, !options.includeRecordings {
                result.notices.append("the \(writer.name) queue's recording (\(QueueRoster.recordingFile)) was not compared: --no-recordings")
                continue
            }
            guard let verdict = try judgeWriter(writer, paths: paths, corpus: corpus, options: options, problems: &result.problems) else { continue }
            result.verdicts.append(verdict)
        }
        var drains = options.extraDrains
        if options.projectDrain {
            do {
                drains.insert(QueueRoster.drain(command: try WriterCommand.buildWriter(root: paths.root, printing: "--print-drain-command")), at: 0)
            } catch {
                throw HarnessInputError(file: "scripts/build-writer", message: "the queue's drain end cannot run, so the queue contract cannot be judged (or pass --no-queue): \(error)")
            }
        }
        let roundTrip = QueueRoundTrip.prepare(snapshotCases)
        result.roundTripCases = roundTrip.prepared.count + roundTrip.notAppStates.count
        result.roundTripNotAppStates = roundTrip.notAppStates
        if !roundTrip.notAppStates.isEmpty {
            result.notices.append("\(roundTrip.notAppStates.count) snapshot case(s) with taps are no state an app and its widget reach (a task done and not done, a tap time no clock gives); their round trip is not judged, e.g. \(roundTrip.notAppStates[0].caseId): \(roundTrip.notAppStates[0].why)")
        }
        for drain in drains {
            result.verdicts.append(try judgeDrain(drain, paths: paths, corpus: corpus, roundTrip: roundTrip.prepared, options: options))
        }
        return result
    }

    private static func judgeWriter(_ writer: QueueEndEntry, paths: HarnessPaths, corpus: QueueCorpus, options: Options,
                                    problems: inout [String]) throws -> QueueEndVerdict? {
        let format = writer.format ?? "android"
        let asked = corpus.writerCases.filter { $0.applies(toFeatures: writer.features, format: format) }
        var notAsked: [String: Int] = [:]
        for item in corpus.writerCases where !item.applies(toFeatures: writer.features, format: format) { notAsked[item.family, default: 0] += 1 }
        let lines = asked.map { $0.line(for: writer.features).line }
        let answers: [Result<QueueAnswer, QueueCrash>?]
        switch writer.source {
        case .inProcess(let answer):
            answers = ParallelMap.map(lines, jobs: options.jobs) { .success(answer($0)) }
        case .command(let command):
            let session = QueueWriterSession(name: writer.name, command: command, lineTimeout: options.timeout,
                                             startTimeout: options.startTimeout ?? max(options.timeout, 60))
            defer { session.close() }
            answers = session.answer(lines)
        case .recorded(let file):
            guard let recorded = try QueueRecording.load(paths, file: file) else {
                problems.append("\(file) is missing: record the \(writer.name) queue with `scripts/queue-kotlin --record` (or pass --no-recordings)")
                return nil
            }
            var stale = 0
            answers = lines.map { line in
                guard let bytes = recorded[QueueRecording.fingerprint(line)] else {
                    stale += 1
                    return nil
                }
                do {
                    return try QueueAnswer.read(bytes, file: file, lineNumber: 0, expecting: line.ops.count).answer
                } catch {
                    return .failure(QueueCrash(text: "the recorded answer is unreadable: \(error)"))
                }
            }
            if stale > 0 {
                problems.append("the \(writer.name) queue's recording is stale: \(stale) of \(lines.count) queue cases changed since \(file) was recorded (first: \(zip(lines, answers).first { $0.1 == nil }?.0.id ?? "")): run `scripts/queue-kotlin --record`, then review `git diff \(file)`")
            }
        }
        var findings: [QueueFinding] = []
        for (item, answer) in zip(asked, answers) {
            guard let answer else { continue }
            findings += WriterCaseJudge.judge(item, features: writer.features, format: format, answer: answer)
        }
        return try verdict(writer, paths: paths, findings: findings, cases: zip(asked, answers).filter { $0.1 != nil }.count,
                           notAsked: notAsked, roundTripCases: 0)
    }

    private static func judgeDrain(_ drain: QueueEndEntry, paths: HarnessPaths, corpus: QueueCorpus,
                                   roundTrip: [QueueRoundTrip.Prepared], options: Options) throws -> QueueEndVerdict {
        guard case .command(let command) = drain.source else {
            throw HarnessInputError(file: drain.name, message: "a drain end is a command")
        }
        let session = DrainSession(name: drain.name, command: command, lineTimeout: options.timeout,
                                   startTimeout: options.startTimeout ?? max(options.timeout, 30))
        defer { session.close() }
        let asked = corpus.drainCases.filter { $0.needs.isSubset(of: drain.features.names) }
        var notAsked: [String: Int] = [:]
        for item in corpus.drainCases where !item.needs.isSubset(of: drain.features.names) { notAsked[item.family, default: 0] += 1 }
        // The round trip hands the queue in the object form: a drain that reads none is not asked it.
        let tripped = drain.features.has("targets") ? roundTrip : []
        if tripped.isEmpty, !roundTrip.isEmpty { notAsked["round trip"] = roundTrip.count }
        let answers = session.drain(asked.map(\.request) + tripped.map(\.request))
        var findings: [QueueFinding] = []
        for (item, answer) in zip(asked, answers) {
            findings += DrainCaseJudge.judge(item, features: drain.features, answer: answer)
        }
        let roundTripAnswers = Array(answers.dropFirst(asked.count))
        let judged = ParallelMap.map(Array(zip(tripped, roundTripAnswers)), jobs: options.jobs) { QueueRoundTrip.judge($0.0, answer: $0.1) }
        findings += judged.flatMap { $0 }
        return try verdict(drain, paths: paths, findings: findings, cases: asked.count, notAsked: notAsked,
                           roundTripCases: tripped.count)
    }

    /// Sorts findings into listed and unexpected by the end's list; entries that excused nothing are stale.
    private static func verdict(_ end: QueueEndEntry, paths: HarnessPaths, findings: [QueueFinding], cases: Int,
                                notAsked: [String: Int], roundTripCases: Int) throws -> QueueEndVerdict {
        let list = try QueueList.load(paths, file: end.listFile)
        var listed: [(finding: QueueFinding, entry: QueueList.Entry)] = []
        var unexpected: [QueueFinding] = []
        var used: Set<Int> = []
        for finding in findings {
            if let entry = list.entry(excusing: finding) {
                listed.append((finding, entry))
                used.insert(entry.line)
            } else {
                unexpected.append(finding)
            }
        }
        return QueueEndVerdict(end: end, list: list, cases: cases, notAsked: notAsked, roundTripCases: roundTripCases,
                               listed: listed, unexpected: unexpected, stale: list.entries.filter { !used.contains($0.line) })
    }

    /// Two ends with one name, or a team's end named like the project's, would share a list.
    static func checkNames(_ options: Options) throws(HarnessInputError) {
        var seen: Set<String> = []
        for end in options.writers + options.extraDrains {
            guard seen.insert(end.name).inserted else {
                throw HarnessInputError(file: "--queue-\(end.role.rawValue) \(end.name)", message: "two queue ends are named `\(end.name)`; each needs its own name (and list golden/queue/divergences/<name>.txt)")
            }
            if !end.isProjects, QueueRoster.reservedNames.contains(end.name) {
                throw HarnessInputError(file: "--queue-\(end.role.rawValue) \(end.name)", message: "`\(end.name)` is the name of one of the project's queue ends (\(QueueRoster.reservedNames.sorted().joined(separator: ", "))); name the end after your own")
            }
        }
    }
}

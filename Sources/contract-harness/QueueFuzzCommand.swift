import ContractModel
import Foundation
import HarnessCorpus
import HarnessFuzz
import HarnessGate
import HarnessReaders

/// `contract-harness fuzz queue`: seeded fuzzing of the tap queue's ends (CONTRACT.md §10.9).
enum QueueFuzzCommand: Subcommand {
    static let name = "fuzz queue"
    static let summary = "seeded fuzzing of the tap queue's ends"
    static let help = """
    USAGE: contract-harness fuzz queue --seed S (--cases N | --seconds T | --case I)
                                       [--queue-writer NAME@FORMAT+FEATURES=CMD]... [--queue-drain NAME@FEATURES=CMD]...
                                       [--kotlin] [--no-project] [--timeout S] [--start-timeout S]
                                       [--root DIR] [--findings DIR] [--no-save] [--max-findings N] [--shrink-budget N]

    Generates tap sequences and stored queues (taps by two writers and at once, peeks, drains the
    app finishes or is killed in, changes in the app, stored queues valid, of the previous
    version, cut short or corrupt; ids now and then of an odd class) for every queue writer, and
    handed queues for every drain; case i of seed S depends on (S, i) alone. Each is judged as
    `check` judges the queue cases; a finding the end's list (golden/queue/divergences/NAME.txt)
    does not excuse is shrunk while it stays the same (the same end, the same kind: steps dropped,
    one writer, plain ids, …) and saved as golden/findings/queue/<seed>-<index>-<end>.json.
    The ends: the project's Swift queue (in process) and drain (node) unless --no-project; its
    Kotlin queue too with --kotlin (scripts/queue-kotlin compiles it); and every one given.

    Exit codes: 0 no finding, 1 a finding, 2 bad usage or input. Guide: docs/tap-queue.md.
    """

    static func run(_ arguments: inout Arguments) throws -> Int32 {
        if arguments.flag("--help") || arguments.flag("-h") {
            print(help)
            return ExitCode.passed
        }
        let paths = try paths(&arguments)
        guard let seedText = try arguments.option("--seed"), let seed = UInt64(seedText) else { throw UsageError("fuzz queue needs --seed S (a non-negative integer)") }
        let cases = try arguments.integer("--cases")
        let seconds = try Testee.seconds(&arguments, "--seconds")
        let caseIndex = try arguments.integer("--case")
        guard [cases != nil, seconds != nil, caseIndex != nil].filter({ $0 }).count == 1 else {
            throw UsageError("fuzz queue takes one of --cases N, --seconds T, --case I")
        }
        let timeout = try Testee.seconds(&arguments, "--timeout") ?? 10
        let startTimeout = try Testee.seconds(&arguments, "--start-timeout")
        let writerSpecs = try arguments.options("--queue-writer")
        let drainSpecs = try arguments.options("--queue-drain")
        let kotlin = arguments.flag("--kotlin")
        let project = !arguments.flag("--no-project")
        let save = !arguments.flag("--no-save")
        let findings = try arguments.option("--findings")
        let maxFindings = try arguments.integer("--max-findings")
        let shrinkBudget = try arguments.integer("--shrink-budget")
        try arguments.finish()

        var writers: [QueueEndEntry] = []
        var drains: [QueueEndEntry] = []
        do {
            writers = try writerSpecs.map { spec throws(QueueEndDeclaration.Problem) in try QueueEndDeclaration.parse(spec, role: .writer) }
            drains = try drainSpecs.map { spec throws(QueueEndDeclaration.Problem) in try QueueEndDeclaration.parse(spec, role: .drain) }
        } catch {
            throw UsageError(error.description)
        }
        if project {
            writers.insert(QueueRoster.swift, at: 0)
            do {
                drains.insert(QueueRoster.drain(command: try WriterCommand.buildWriter(root: paths.root, printing: "--print-drain-command")), at: 0)
            } catch {
                throw HarnessInputError(file: "scripts/build-writer", message: "the project's drain cannot run: \(error) (or pass --no-project)")
            }
        }
        if kotlin {
            let run = try CommandRun.run(.arguments([paths.root.appendingPathComponent("scripts/queue-kotlin").path, "--print-command"]), timeout: 600)
            let command = String(decoding: run.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard run.succeeded, !command.isEmpty else {
                throw HarnessInputError(file: "scripts/queue-kotlin", message: "cannot compile the Kotlin queue: " + String(decoding: run.errors.suffix(2000), as: UTF8.self))
            }
            var entry = QueueRoster.kotlin
            entry.source = .command(command)
            writers.append(entry)
        }
        guard !writers.isEmpty || !drains.isEmpty else { throw UsageError("no queue end to fuzz (--no-project with no --queue-writer, --queue-drain or --kotlin)") }

        var options = QueueFuzzRun.Options(seed: seed, cases: cases, seconds: seconds, caseIndex: caseIndex, writers: writers, drains: drains)
        options.timeout = timeout
        options.startTimeout = startTimeout
        options.maxFindings = maxFindings
        if let shrinkBudget { options.shrinkBudget = shrinkBudget }
        let result = try QueueFuzzRun(options, paths: paths).run()
        let elapsed = String(format: "%.1f", result.seconds)
        let ends = (writers + drains).map(\.declaration).joined(separator: ", ")
        var out = "fuzz queue: seed \(seed), \(result.cases) cases in \(elapsed) s; ends: \(ends)\n"
        for (end, count) in result.listed.sorted(by: { $0.key < $1.key }) where count > 0 {
            out += "  \(end): \(count) findings its list excuses\n"
        }
        if result.findings.isEmpty {
            out += "no finding.\n"
        } else {
            let counts: [String] = result.counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
            out += "findings by end and kind: \(counts.joined(separator: ", "))\n"
            for finding in result.findings {
                out += "  \(finding.signature)  case \(finding.index), shrunk from \(finding.size.original) to \(finding.size.shrunk): \(finding.message)\n"
                if !finding.script.isEmpty { out += "    \(finding.script)\n" }
                out += "    \(String(decoding: finding.line, as: UTF8.self))\n"
            }
            if save {
                let folder = findings.map { URL(fileURLWithPath: $0) } ?? paths.findings.appendingPathComponent("queue")
                let names = try QueueFuzzRun.save(result.findings, in: folder, tree: findings == nil ? paths.tree : TreeBoundary(root: folder))
                let shown: [String] = names.map { "\(folder.lastPathComponent)/\($0)" }
                out += "saved: \(shown.joined(separator: ", "))\n"
            }
        }
        print(UntrustedText.guardLines(out), terminator: "")
        return result.findings.isEmpty ? ExitCode.passed : ExitCode.contractFailure
    }
}

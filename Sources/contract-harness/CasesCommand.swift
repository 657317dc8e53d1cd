import HarnessReaders
import Foundation
import HarnessCorpus

/// `contract-harness cases`: the case stream.
enum CasesCommand: Subcommand {
    static let name = "cases"
    static let summary = "write the case stream (JSONL) built from golden/fixtures"
    static let help = """
    USAGE: contract-harness cases [--root DIR] [--out FILE] [--fixture NAME]...

    Writes one case per line (CONTRACT §6): fixtures × applicable mutation operators ×
    parameters × zones × instants, in a stable order. Default output: stdout.

    OPTIONS:
      --out FILE        write to FILE (atomically) instead of stdout
      --fixture NAME    only cases of this fixture (repeatable)
    """

    static func run(_ arguments: inout Arguments) throws -> Int32 {
        let paths = try paths(&arguments)
        let out = try arguments.option("--out")
        let only = Set(try arguments.options("--fixture"))
        try arguments.finish()
        var corpus = try Corpus.load(paths)
        if !only.isEmpty {
            let unknown = only.subtracting(corpus.fixtures.map(\.name) + [ZoneDayCases.fixtureName])
            guard unknown.isEmpty else { throw UsageError("no fixture named \(unknown.sorted().joined(separator: ", "))") }
            corpus = Corpus(fixtures: corpus.fixtures.filter { only.contains($0.name) },
                            cases: corpus.cases.filter { only.contains(String($0.fixtureName)) })
        }
        try ReportFile.write(corpus.streamBytes, to: out ?? "-")
        if out != nil { StandardStreams.err("\(corpus.cases.count) cases\n") }
        return ExitCode.passed
    }
}

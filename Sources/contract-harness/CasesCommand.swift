import HarnessReaders
import Foundation
import HarnessCorpus

/// `contract-harness tool cases`: the case stream.
enum CasesCommand: Subcommand {
    static let name = "cases"
    static let summary = "write the case stream (JSONL) built from golden/fixtures"
    static let help = """
    USAGE: contract-harness tool cases [--contract DIR | --root DIR] [--out FILE] [--fixture NAME]... [--writer NAME=COMMAND]

    Writes one case per line (CONTRACT §6): fixtures × applicable mutation operators ×
    parameters × zones × instants, then the zone-day cases (`zones`), then the writer family
    (`states`: each app state of golden/states through the writer end). Default output: stdout.
    For an app's contract folder: the fixtures its config runs, its own fixtures and states, and
    its writer's blobs — the stream a recording of its readers is made from (docs/adopting.md).

    OPTIONS:
    \(AppOption.help)
      --out FILE        write to FILE (atomically) instead of stdout
      --fixture NAME    only cases of this fixture (repeatable; `zones`, `states` name those families)
    \(WriterOption.help)
    """

    static func run(_ arguments: inout Arguments) throws -> Int32 {
        let paths = try appPaths(&arguments)
        let out = try arguments.option("--out")
        let only = Set(try arguments.options("--fixture"))
        var writer = try WriterOption.parse(&arguments, root: paths.root).command
        try arguments.finish()
        // For an app: its fixtures and states, and its writer's blobs (what its recordings are made from).
        if writer == .tree, let app = try AppOption.writer(paths) { writer = app.command }
        var corpus = try Corpus.load(paths, writer: writer)
        if !only.isEmpty {
            let unknown = only.subtracting(corpus.fixtures.map(\.name) + [ZoneDayCases.fixtureName, WriterFamily.fixtureName])
            guard unknown.isEmpty else { throw UsageError("no fixture named \(unknown.sorted().joined(separator: ", "))") }
            corpus = Corpus(fixtures: corpus.fixtures.filter { only.contains($0.name) },
                            cases: corpus.cases.filter { only.contains(String($0.fixtureName)) })
        }
        try ReportFile.write(corpus.streamBytes, to: out ?? "-")
        if out != nil { StandardStreams.err("\(corpus.cases.count) cases\n") }
        return ExitCode.passed
    }
}

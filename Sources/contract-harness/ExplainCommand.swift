import ContractModel
import Foundation
import HarnessCorpus
import HarnessGate
import HarnessReaders
import WidgetSnapshot

/// `contract-harness explain CASE-ID`: one case, every reader, and what differs.
enum ExplainCommand: Subcommand {
    static let name = "explain"
    static let summary = "show one case: its blob, every reader's view, and the field diff"
    static let help = """
    USAGE: contract-harness explain CASE-ID [--root DIR] [--testee NAME=COMMAND]... [--timeout S] [--start-timeout S]
                                        [--writer NAME=COMMAND] [--html FILE]

    One case: its blob (pretty and raw), the expected view, every reader's view and a field-level
    diff, each difference marked with the list entry (file:line) that excuses it or as unexpected.
    Exit 2 when no case has that id. Guide: docs/gate.md.

    OPTIONS:
      --html FILE       the same as a self-contained HTML page (`-` for stdout)
      --testee, --timeout, --start-timeout, --writer, --root   as for `check`
    """

    static func run(_ arguments: inout Arguments) throws -> Int32 {
        let paths = try appPaths(&arguments)
        var (_, testees, timeout, startTimeout) = try Testee.optionsAndTimeouts(&arguments)
        let html = try arguments.option("--html")
        let given = try arguments.option("--writer")
        // For an app: its readers (live ones run, recorded ones read from its folder) and its writer.
        let app = try AppOption.ends(paths, &arguments, caseTimeout: timeout, startTimeout: startTimeout)
        guard let id = arguments.positional() else { throw UsageError("which case? give its id") }
        try arguments.finish()
        var writer = try given.map { try WriterOption.parse($0, option: "--writer", root: paths.root).command } ?? .tree
        var roster = ReaderRoster.standard
        if let app {
            var options = Gate.Options(testees: testees, jobs: 1)
            app.apply(to: &options, writerGiven: given != nil)
            (testees, roster, writer) = (options.testees, options.roster, options.writer)
        }
        let corpus = try Corpus.load(paths, writer: writer, timeouts: WriterTimeouts(line: timeout, start: startTimeout))
        guard id.utf8.count <= InputLimits.caseIdBytes else {
            throw UsageError("no case has an id of \(id.utf8.count) bytes (a case id has at most \(InputLimits.caseIdBytes)): "
                             + "\(id.prefix(60).debugDescription)…")
        }
        guard let testCase = corpus.cases.first(where: { $0.id == id }) else {
            // Ids of the same fixture and mutation (the prefix before the zone), found in one pass.
            let mutation = CaseID.mutation(of: id)
            let near = corpus.cases.lazy.map(\.id).filter { $0.hasPrefix(mutation) }.prefix(5)
            throw UsageError("no case \(id)" + (near.isEmpty ? "" : "; similar: " + near.joined(separator: ", ")))
        }
        guard let html else {
            print(try CaseGathering.text(of: testCase, paths: paths, testees: testees, roster: roster, writer: writer))
            return ExitCode.passed
        }
        let explanation = try CaseGathering.explanation(of: testCase, paths: paths, testees: testees, roster: roster, writer: writer)
        let lists = try CaseGathering.lists(for: explanation, paths: paths)
        try ReportFile.write(Array(HTMLCaseExplanation.render(explanation, lists: lists).utf8), to: html)
        return ExitCode.passed
    }
}

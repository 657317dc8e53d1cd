import ContractModel
import Foundation
import HarnessCorpus

extension Corpus {
    /// The corpus of a tree with its `writer` family: `golden/states` through the writer end
    /// (`writer`: the tree's own, or `--writer COMMAND`), kept running through the one process
    /// runner for all states. A writer end that cannot start (no node, no tsc, no
    /// scripts/build-writer) or that answers no state at all is `HarnessInputError` (exit 2):
    /// the gate cannot judge the writer side without it, and says so.
    /// `timeouts`: the writer end's (its start, each state's line), from the command's flags.
    package static func load(_ paths: HarnessPaths, jobs: Int = 1, writer: WriterCommand = .tree,
                             timeouts: WriterTimeouts = WriterTimeouts()) throws -> Corpus {
        try load(paths, jobs: jobs) { states in
            let command: String
            do {
                command = try writer.resolve(root: paths.root)
            } catch {
                throw HarnessInputError(file: StateLines.directory, message: "the writer end cannot run, so the writer family cannot be built: \(error)")
            }
            let session = WriterSession(command: command, timeouts: timeouts)
            defer { session.close() }
            let answers = session.write(states.map { TesteeRequest(id: $0.id, line: $0.bytes) })
            if let broken = session.brokenReason, !answers.contains(where: { if case .failure = $0 { false } else { true } }) {
                throw HarnessInputError(file: StateLines.directory, message: "the writer end `\(command)` answered no state: \(broken)")
            }
            return (command, answers)
        }
    }
}

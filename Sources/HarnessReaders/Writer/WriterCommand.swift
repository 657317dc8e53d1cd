import Foundation

/// Which writer end turns the tree's app states into blobs: the tree's own
/// (`scripts/build-writer --print-command`, compiled once per writer source and cached), or a
/// command given with `--writer COMMAND` (an app's own writer, a scratch copy with a planted bug).
package enum WriterCommand: Sendable, Equatable {
    case tree
    case command(String)

    /// Why the writer end cannot run (the gate stops with exit 2: it cannot judge the writer side).
    package struct Unavailable: Error, CustomStringConvertible {
        package var description: String
    }

    /// The command line to run, compiling the tree's writer end when needed (bounded by `compileTimeout`).
    package func resolve(root: URL, compileTimeout: Double = 600) throws(Unavailable) -> String {
        switch self {
        case .command(let command):
            return command
        case .tree:
            return try Self.buildWriter(root: root, printing: "--print-command", compileTimeout: compileTimeout)
        }
    }

    /// The command line `scripts/build-writer FLAG` prints (compiling the tree's TypeScript ends
    /// when needed): `--print-command` for the writer end, `--print-drain-command` for the drain.
    package static func buildWriter(root: URL, printing flag: String, compileTimeout: Double = 600) throws(Unavailable) -> String {
        let script = root.appendingPathComponent("scripts/build-writer")
        guard FileManager.default.isExecutableFile(atPath: script.path) else {
            throw Unavailable(description: flag == "--print-command"
                ? "the tree has golden/states but no executable scripts/build-writer to build its writer end; give one with --writer COMMAND"
                : "the tree has no executable scripts/build-writer to build its drain end; give one with --queue-drain NAME@FEATURES=COMMAND")
        }
        let run: CommandRun
        do {
            run = try CommandRun.run(.arguments([script.path, flag]), timeout: compileTimeout)
        } catch {
            throw Unavailable(description: "cannot run scripts/build-writer: \(error)")
        }
        let stderr = String(decoding: run.errors.suffix(2000), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let command = String(decoding: run.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard run.succeeded, !command.isEmpty else {
            let why = run.timedOut ? "did not finish in \(Int(compileTimeout)) s" : "failed (\(run.termination))"
            throw Unavailable(description: "scripts/build-writer \(flag) \(why)" + (stderr.isEmpty ? "" : ": " + stderr))
        }
        return command
    }
}
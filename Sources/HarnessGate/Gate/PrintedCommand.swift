import Foundation
import HarnessReaders

/// A build script of the harness's tree that compiles an end (cached) and prints the command
/// line that runs it (`scripts/record-kotlin --print-command`, `scripts/build-app-writer …`,
/// `scripts/build-swift-testee …`): run to its end through the process runner, bounded by a
/// timeout, its stderr (compiler messages pointing at the app's files) kept for the failure.
enum PrintedCommand {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func run(_ script: URL, _ arguments: [String], timeout: Double) throws(Failure) -> String {
        guard FileManager.default.isExecutableFile(atPath: script.path) else {
            throw Failure(description: "no executable \(script.path) (is the harness installed whole?)")
        }
        let run: CommandRun
        do {
            run = try CommandRun.run(.arguments([script.path] + arguments), timeout: timeout)
        } catch {
            throw Failure(description: "cannot run \(script.lastPathComponent): \(error)")
        }
        let stderr = String(decoding: run.errors.suffix(4000), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let command = String(decoding: run.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard run.succeeded, !command.isEmpty, !command.contains("\n") else {
            let why = run.timedOut ? "did not finish in \(Int(timeout)) s" : "failed (\(run.termination))"
            throw Failure(description: "\(script.lastPathComponent) \(why)" + (stderr.isEmpty ? "" : ":\n" + stderr))
        }
        return command
    }
}

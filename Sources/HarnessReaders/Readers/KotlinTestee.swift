import Foundation

/// The Kotlin end (`ends/kotlin/WidgetData.kt`, or a team's own reader given as
/// `--parser` files) as an external testee named `kotlin`: `scripts/record-kotlin
/// --print-command` compiles it (cached) and prints the JVM command line, which then runs
/// like any testee, kept running across batches.
package enum KotlinTestee {
    /// The reader name, which the harness also uses for the Kotlin recordings.
    package static var name: String { ReaderEntry.kotlin.name }

    /// Why the command line could not be had.
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
        /// True when it was cut off by `compileTimeout` (a `--seconds` budget spent compiling).
        package var timedOut = false
    }

    /// Compiles (or finds cached) the Kotlin testee and returns it as a reader.
    /// `repository` holds `scripts/record-kotlin`; `parsers` replace `WidgetData.kt`.
    /// `compileTimeout` bounds the compile (its process group is killed then); like every
    /// child it runs through `Subprocess`, so a signal to the harness ends it too.
    package static func reader(repository: URL, parsers: [String] = [], caseTimeout: Double = 10,
                              startTimeout: Double? = nil, compileTimeout: Double? = nil) throws -> ExternalProcessReader {
        let script = repository.appendingPathComponent("scripts/record-kotlin")
        guard FileManager.default.isExecutableFile(atPath: script.path) else {
            throw Failure(description: "no executable \(script.path)")
        }
        let run: CommandRun
        do {
            run = try CommandRun.run(.arguments([script.path] + parsers.flatMap { ["--parser", $0] } + ["--print-command"]),
                                     timeout: compileTimeout)
        } catch {
            throw Failure(description: "\(error)")
        }
        let stderr = String(decoding: run.errors.suffix(2000), as: UTF8.self)
        if run.timedOut {
            throw Failure(description: "scripts/record-kotlin --print-command did not finish in the "
                          + String(format: "%.1f", compileTimeout ?? 0) + " s left"
                          + (stderr.isEmpty ? "" : ": " + stderr), timedOut: true)
        }
        let command = String(decoding: run.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard run.succeeded, !command.isEmpty else {
            throw Failure(description: "scripts/record-kotlin --print-command failed (\(run.termination)): " + stderr)
        }
        // A JVM's first answer takes a moment, more on a loaded machine: 30 s unless the
        // command's --start-timeout says otherwise.
        return ExternalProcessReader(name: name, command: command, caseTimeout: caseTimeout,
                                     startTimeout: startTimeout ?? max(caseTimeout, 30))
    }
}

import Foundation

/// The Kotlin end (`scripts/kotlin/WidgetData.kt`, or a team's own reader given as
/// `--parser` files) as an external testee named `kotlin`: `scripts/record-kotlin
/// --print-command` compiles it (cached) and prints the JVM command line, which then runs
/// like any testee, kept running across batches.
package enum KotlinTestee {
    /// The reader name, which the harness also uses for the Kotlin recordings.
    package static let name = "kotlin"

    /// Why the command line could not be had.
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// Compiles (or finds cached) the Kotlin testee and returns it as a reader.
    /// `repository` holds `scripts/record-kotlin`; `parsers` replace `WidgetData.kt`.
    package static func reader(repository: URL, parsers: [String] = [], caseTimeout: Double = 10,
                              startTimeout: Double? = nil) throws -> ExternalProcessReader {
        let script = repository.appendingPathComponent("scripts/record-kotlin")
        guard FileManager.default.isExecutableFile(atPath: script.path) else {
            throw Failure(description: "no executable \(script.path)")
        }
        let process = Process()
        process.executableURL = script
        process.arguments = parsers.flatMap { ["--parser", $0] } + ["--print-command"]
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let command = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0, !command.isEmpty else {
            throw Failure(description: "scripts/record-kotlin --print-command failed (status \(process.terminationStatus)): "
                          + stderr.suffix(2000))
        }
        // A JVM's first answer takes a moment, more on a loaded machine.
        return ExternalProcessReader(name: name, command: command, caseTimeout: caseTimeout,
                                     startTimeout: max(startTimeout ?? caseTimeout, 30))
    }
}

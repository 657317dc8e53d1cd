import Foundation
import HarnessCorpus
import HarnessFuzz
import HarnessReaders

/// `fuzz states --kotlin [--kotlin-parser F.kt]...`: the Kotlin end beside the in-process
/// readers (`WriterKotlinEnd`), compiled as `fuzz --kotlin` compiles it, judged against the
/// tree's `golden/divergences/kotlin.txt`.
enum WriterFuzzKotlinOption {
    /// The options given: whether the Kotlin end runs, and its parser files.
    struct Given {
        var parsers: [String]
        /// What each finding's reproduce command carries.
        var reproduceArguments: String { (["--kotlin"] + parsers.map { "--kotlin-parser " + FuzzCommand.shellQuoted($0) }).joined(separator: " ") }
    }

    static func parse(_ arguments: inout Arguments) throws -> Given? {
        let parsers = try arguments.options("--kotlin-parser")
        return arguments.flag("--kotlin") || !parsers.isEmpty ? Given(parsers: parsers) : nil
    }

    /// Compiles (or finds cached) the Kotlin end; `deadline`: the run's budget (neither the
    /// compile nor any answer is waited for past it); the timeouts from the command's flags.
    static func end(_ given: Given, paths: HarnessPaths, deadline: Deadline?, timeout: Double, startTimeout: Double?) throws -> WriterKotlinEnd {
        let testee: ExternalProcessReader
        do {
            testee = try KotlinTestee.reader(repository: paths.root, parsers: given.parsers, caseTimeout: timeout,
                                             startTimeout: startTimeout, compileTimeout: deadline?.seconds)
        } catch {
            throw UsageError("--writer --kotlin: \(error)")
        }
        return WriterKotlinEnd(testee, comparison: try WriterKotlinComparison(paths: paths),
                               reproduceArguments: given.reproduceArguments, deadline: deadline)
    }
}

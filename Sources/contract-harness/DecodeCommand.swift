import Foundation
import HarnessReaders
import ContractModel
import WidgetSnapshot

/// `contract-harness tool decode --reader swift|c`: our readers as external testees.
enum DecodeCommand: Subcommand {
    static let name = "decode"
    static let summary = "read cases JSONL on stdin, write one view per case on stdout"
    static let help = """
    USAGE: contract-harness tool decode --reader swift|c

    Our readers as external testees (CONTRACT.md §6): case lines on stdin, one canonical view line
    per case on stdout, flushed per line; a line that is not a case gets a crash line naming the
    line and field, so views stay aligned with cases. Guide: docs/readers.md.
    """

    static func run(_ arguments: inout Arguments) throws -> Int32 {
        guard let name = try arguments.option("--reader") else { throw UsageError("--reader swift|c is required") }
        try arguments.finish()
        let inProcess = ReaderRoster.standard.entries.filter { $0.make != nil }
        guard let make = ReaderRoster.standard.entry(named: name)?.make else {
            throw UsageError("unknown reader `\(name)`: " + inProcess.map(\.name).joined(separator: " or "))
        }
        make().answerStandardInput()
        return ExitCode.passed
    }
}

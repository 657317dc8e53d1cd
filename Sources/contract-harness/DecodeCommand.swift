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

    The external-testee protocol (CONTRACT §6) for our own readers: reads cases, one JSON
    object per line, on stdin and writes the reader's canonical view line for each, in order,
    flushing per line. A line that is not a case still gets one line, a crash line naming the
    line and field (`{"id":…,"crash":"bad case: stdin:3: …"}`, the id when the line has one,
    else ""), so views stay aligned with cases; then decode goes on. Blank lines are skipped.
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

import Foundation
import HarnessReaders
import ContractModel
import WidgetSnapshot

/// `contract-harness decode --reader swift|c`: our readers as external testees.
enum DecodeCommand: Subcommand {
    static let name = "decode"
    static let summary = "read cases JSONL on stdin, write one view per case on stdout"
    static let help = """
    USAGE: contract-harness decode --reader swift|c

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
        let reader = make()
        CaseLineInput.forEachLine { bytes, number in
            var out: [UInt8]
            do {
                let testCase = try CaseStream.readLine(bytes, file: "stdin", line: number)
                out = reader.outcome(testCase).canonicalLine(id: testCase.id)
            } catch {
                out = ReaderOutcome.failure("bad case: \(error)").canonicalLine(id: CaseLineInput.id(inBadLine: bytes))
            }
            out.append(UInt8(ascii: "\n"))
            StandardStreams.out(out)
        }
        return ExitCode.passed
    }
}

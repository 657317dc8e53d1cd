import Foundation
import ContractHarness
import ContractModel

/// `contract-harness decode --reader swift|c`: our readers as external testees.
enum DecodeCommand: Subcommand {
    static let name = "decode"
    static let summary = "read cases JSONL on stdin, write one view per case on stdout"
    static let help = """
    USAGE: contract-harness decode --reader swift|c

    The external-testee protocol (CONTRACT §6) for our own readers: reads cases, one JSON
    object per line, on stdin and writes the reader's canonical view line for each, in order,
    flushing per line. A line that is not a case stops with exit 2, naming the line.
    """

    static func run(_ arguments: inout Arguments) throws -> Int32 {
        guard let name = try arguments.option("--reader") else { throw UsageError("--reader swift|c is required") }
        try arguments.finish()
        let reader: any InProcessReader
        switch name {
        case "swift": reader = SwiftReader()
        case "c": reader = CReferenceReader()
        default: throw UsageError("unknown reader `\(name)`: swift or c")
        }
        var number = 0
        while let line = readLine(strippingNewline: true) {
            number += 1
            if line.isEmpty { continue }
            let testCase = try CaseStream.readLine(Array(line.utf8), file: "stdin", line: number)
            var out = reader.outcome(testCase).canonicalLine(id: testCase.id)
            out.append(UInt8(ascii: "\n"))
            StandardOutput.write(out)
        }
        return ExitCode.passed
    }
}

import ContractModel
import Foundation
import HarnessCorpus
import HarnessReaders

/// `contract-harness golden schemas`: the view schema's revision part, written from the contract
/// description (`schemas/contract.json` → `schemas/decoded-view.fields.schema.json`).
enum SchemasCommand: Subcommand {
    static let name = "schemas"
    static let summary = "check (or --write) the view schema part that follows from schemas/contract.json"
    static let help = """
    USAGE: contract-harness golden schemas [--root DIR] [--write]

    schemas/decoded-view.fields.schema.json holds the JSON Schema of every view field a
    revision after 1 adds, as the contract description compiled into this harness states it.
    Without --write: exit 0 when the file is exactly that, 1 when it is not (then run with
    --write and review the diff). After editing schemas/contract.json, rebuild first: the
    description is compiled in.

    OPTIONS:
      --write           write the file (atomically)
    """

    static func run(_ arguments: inout Arguments) throws -> Int32 {
        let paths = try paths(&arguments)
        let write = arguments.flag("--write")
        try arguments.finish()
        let url = paths.root.appendingPathComponent(ViewFieldsSchema.path)
        let wanted = ViewFieldsSchema.bytes()
        if write {
            try AtomicFile.write(wanted, to: url, within: paths.tree)
            StandardStreams.err("wrote \(ViewFieldsSchema.path)\n")
            return ExitCode.passed
        }
        guard let present = FileManager.default.contents(atPath: url.path), Array(present) == wanted else {
            StandardStreams.err("\(ViewFieldsSchema.path) is not what schemas/contract.json gives: run `contract-harness golden schemas --write` and review the diff\n")
            return ExitCode.contractFailure
        }
        StandardStreams.err("\(ViewFieldsSchema.path) follows schemas/contract.json\n")
        return ExitCode.passed
    }
}

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
    Exit 0 when the file is exactly that and the tree's schemas/contract.json is the
    description built in; 1 when not: each member of schemas/contract.json that differs from
    the built-in one is named (after editing it, rebuild: the description is compiled in),
    and a view schema that differs is to be written with --write (then review the diff).
    Both files are read only inside the tree (a link leaving it is refused, exit 2).

    OPTIONS:
      --write           write the file (atomically)
    """

    static func run(_ arguments: inout Arguments) throws -> Int32 {
        let paths = try paths(&arguments)
        let write = arguments.flag("--write")
        try arguments.finish()
        if write {
            let url = paths.root.appendingPathComponent(ViewFieldsSchema.path)
            try AtomicFile.write(ViewFieldsSchema.bytes(), to: url, within: paths.tree)
            StandardStreams.err("wrote \(ViewFieldsSchema.path)\n")
        }
        // A run that judges by the tree's description (it differs from the built-in one) holds the
        // tree's schema files to it: the note at start said so.
        let treeBytes = ContractDescription.judgesByTree
            ? try GoldenText.read(paths.root.appendingPathComponent(ContractDescription.file), displayName: ContractDescription.file,
                                  tree: paths.tree, maximumBytes: InputLimits.schemaFileBytes)
            : nil
        let check = try SchemaFilesCheck.run(paths, builtIn: treeBytes ?? ContractDescription.builtInBytes)
        StandardStreams.err(UntrustedText.guardLines(check.lines.joined(separator: "\n") + "\n"))
        return check.follows ? ExitCode.passed : ExitCode.contractFailure
    }
}

import ContractModel
import Foundation

/// `contract-harness schemas`: whether the tree's schema files follow the description built
/// into this harness — `schemas/contract.json` is that description (else every member that
/// differs is named: the binary is stale for this tree, or the tree for it), and
/// `schemas/decoded-view.fields.schema.json` is what it gives. Both are read through the tree's
/// boundary like every other file of a tree (`GoldenText`): a link leaving the repository, a
/// FIFO or a file over the limit is refused before it is read.
package struct SchemaFilesCheck {
    /// What to print (one finding a line) and whether both files follow.
    package var lines: [String]
    package var follows: Bool

    package static func run(_ paths: HarnessPaths, builtIn: [UInt8] = ContractDescription.builtInBytes,
                            viewSchema: [UInt8] = ViewFieldsSchema.bytes(),
                            queueBuiltIn: [UInt8] = QueueDescription.builtInBytes) throws(HarnessInputError) -> SchemaFilesCheck {
        var lines: [String] = []
        var follows = true
        let description = try GoldenText.read(paths.root.appendingPathComponent(ContractDescription.file), displayName: ContractDescription.file,
                                              tree: paths.tree, maximumBytes: InputLimits.schemaFileBytes)
        if let description, description != GoldenText.withoutBOM(builtIn) {
            follows = false
            if let differences = DescriptionDrift.differences(tree: description, builtIn: builtIn) {
                if differences.isEmpty {
                    lines.append("\(ContractDescription.file) says what the description built into this harness says (only its formatting differs)")
                    follows = true
                } else {
                    let shown = differences.prefix(12).map { "  " + UntrustedText.escape($0) }
                    lines.append("\(ContractDescription.file) differs from the description built into this harness in \(differences.count) "
                                 + (differences.count == 1 ? "place" : "places") + ":")
                    lines += shown
                    if differences.count > shown.count { lines.append("  … (\(differences.count - shown.count) more)") }
                    lines.append("  this harness judges by the built-in one: rebuild it from this tree (`swift build`) before judging the tree")
                }
            } else {
                lines.append("\(ContractDescription.file) is not JSON, unlike the description built into this harness: fix the file "
                             + "(`swift test --filter ContractDescriptionTests` names where), then rebuild")
            }
        } else if description == nil {
            lines.append("\(ContractDescription.file) is missing from the tree: this harness was built with one; restore it")
            follows = false
        }
        let present = try GoldenText.read(paths.root.appendingPathComponent(ViewFieldsSchema.path), displayName: ViewFieldsSchema.path,
                                          tree: paths.tree, maximumBytes: InputLimits.schemaFileBytes)
        if present == viewSchema {
            lines.append("\(ViewFieldsSchema.path) follows the built-in description")
        } else {
            follows = false
            lines.append("\(ViewFieldsSchema.path) is " + (present == nil ? "missing" : "not what the built-in description gives")
                         + ": run `contract-harness golden schemas --write` and review the diff")
        }
        // The tap queue's description (CONTRACT.md §10) is built in the same way.
        let queue = try GoldenText.read(paths.root.appendingPathComponent(QueueDescription.file), displayName: QueueDescription.file,
                                        tree: paths.tree, maximumBytes: InputLimits.schemaFileBytes)
        if let queue, queue != GoldenText.withoutBOM(queueBuiltIn) {
            follows = false
            lines.append("\(QueueDescription.file) differs from the queue description built into this harness: "
                         + "this harness judges by the built-in one: rebuild it from this tree (`swift build`) before judging the tree")
        } else if queue == nil {
            follows = false
            lines.append("\(QueueDescription.file) is missing from the tree: this harness was built with one; restore it")
        } else {
            lines.append("\(QueueDescription.file) is the queue description built into this harness")
        }
        return SchemaFilesCheck(lines: lines, follows: follows)
    }
}

import ContractModel
import Foundation
import HarnessCorpus
import HarnessGate
import HarnessReaders
import WidgetSnapshot

/// `contract-harness tool compat OLD NEW`: the compatibility check between two feature sets of
/// the tree's contract description (CONTRACT.md §8.7), both directions, a case per incompatibility.
enum CompatCommand: Subcommand {
    static let name = "compat"
    static let summary = "is a contract change from one feature set to another compatible both ways?"
    static let help = """
    USAGE: contract-harness tool compat OLD NEW [--root DIR]

    OLD and NEW are feature sets of the tree's schemas/contract.json: a set's name (1, 2, default,
    pr-9624) or features joined with + (base+currentTask). Answers, over every blob of the corpus,
    with the writer schemas of the two sets: do readers of OLD read the blobs NEW's writer writes
    (old widget, new app), and do readers of NEW read the blobs OLD's writer persisted (new widget,
    old blob)? Members a reader does not know and a feature's new members are tolerated; a changed
    type, a value the other side refuses and a member made required are not. Each incompatibility
    is printed with a case whose blob shows it (`contract-harness explain CASE`).
    Exit 0 compatible both ways, 1 not, 2 bad usage or input. Guide: docs/changing-the-contract.md.

    OPTIONS:
      --root DIR    the harness tree (default .): its schemas/contract.json, writer schemas and corpus
    """

    static func run(_ arguments: inout Arguments) throws -> Int32 {
        let paths = try paths(&arguments)
        guard let oldText = arguments.positional(), let newText = arguments.positional() else {
            throw UsageError("compat takes two feature sets: OLD NEW (e.g. `1 2`, `default pr-9624`)")
        }
        try arguments.finish()
        // The tree's description when it differs from the built-in one (chosen at start, TreeDescription).
        let description = ContractDescription.current
        func set(_ text: String) throws(UsageError) -> FeatureSet {
            switch FeatureSet.parse(text, in: description) {
            case .success(let set): return set
            case .failure(let problem): throw UsageError("compat: \(problem.message)")
            }
        }
        let old = try set(oldText), new = try set(newText)
        let corpus = try Corpus.load(paths)
        let check = try CompatibilityCheck.run(from: old, to: new, description: description, root: paths.root, cases: corpus.cases)
        print(CompatText.render(check, description: description))
        return check.isCompatible ? ExitCode.passed : ExitCode.contractFailure
    }
}

/// The compatibility check as text: the change, then each direction's verdict with its cases.
enum CompatText {
    static func render(_ check: CompatibilityCheck, description: ContractDescription) -> String {
        let added = check.new.names.filter { !check.old.contains($0) }
        let removed = check.old.names.filter { !check.new.contains($0) }
        let e = UntrustedText.escape
        var out = "contract change \(e(check.old.label(in: description))) → \(e(check.new.label(in: description))): "
        out += "features added: \(added.isEmpty ? "none" : added.joined(separator: ", ")); removed: \(removed.isEmpty ? "none" : removed.joined(separator: ", "))\n"
        out += "writer schemas: schemas/\(e(check.oldSchema)) → schemas/\(e(check.newSchema))\n"
        for direction in [check.forward, check.backward] {
            out += "\n\(e(direction.title)) (\(direction.blobs) blobs): "
            if direction.blobs == 0 {
                out += "NOT JUDGED: no blob of the corpus is valid for the writing side's schema (add a fixture or an app state of that set)\n"
            } else {
                out += direction.isCompatible ? "compatible\n" : "NOT COMPATIBLE, \(direction.incompatibilities.count) way(s)\n"
            }
            for item in direction.incompatibilities {
                out += "  \(e(item.rule)) (\(item.cases) blob\(item.cases == 1 ? "" : "s")), e.g. \(e(item.example))\n"
            }
        }
        out += "\n" + (check.isCompatible ? "compatible both ways" : "NOT COMPATIBLE") + "\n"
        return out
    }
}

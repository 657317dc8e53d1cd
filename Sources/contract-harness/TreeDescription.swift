import ContractModel
import Foundation
import HarnessCorpus

/// The contract description a run judges by: the tree's own `schemas/contract.json` (the
/// `--root` tree, else the working directory) when it differs from the one built into this
/// harness and reads as a description, so that adding a feature is an edit of the description and
/// not a rebuild (docs/changing-the-contract.md). A tree's description that does not read is
/// refused naming the file and the field (exit 2); a tree without one keeps the built-in.
enum TreeDescription {
    /// Chooses the tree's description before anything reads `ContractDescription.current`;
    /// the note to print when it is not the built-in one, or the error that ends the run.
    static func choose(_ arguments: Arguments) -> Result<String?, HarnessInputError> {
        guard arguments.peekValue("--contract") == nil else { return .success(nil) }  // an app's folder: the harness's own
        let root = URL(fileURLWithPath: arguments.peekValue("--root") ?? ".", isDirectory: true)
        let file = ContractDescription.file
        let bytes: [UInt8]?
        do {
            bytes = try GoldenText.read(root.appendingPathComponent(file), displayName: file, tree: TreeBoundary(root: root),
                                        maximumBytes: InputLimits.schemaFileBytes)
        } catch {
            return .failure(error)
        }
        guard let bytes, GoldenText.withoutBOM(bytes) != GoldenText.withoutBOM(ContractDescription.builtInBytes) else { return .success(nil) }
        let tree: ContractDescription
        do {
            tree = try ContractDescription.parse(GoldenText.withoutBOM(bytes), file: file)
        } catch {
            return .failure(error)
        }
        if let builtIn = try? ContractDescription.builtIn.get(), sameMeaning(tree, builtIn) { return .success(nil) }
        ContractDescription.choose(tree)
        return .success("judging by the tree's \(file), which differs from the description built into this harness "
                        + "(the harness's own readers answer what they were built with; `swift build` makes them one)")
    }

    /// Whether two descriptions describe the same features and sets (a file that differs only in formatting).
    private static func sameMeaning(_ one: ContractDescription, _ other: ContractDescription) -> Bool {
        one.features.map(\.name) == other.features.map(\.name) && one.view == other.view
            && one.sets.map(\.name) == other.sets.map(\.name) && one.sets.map(\.features) == other.sets.map(\.features)
    }
}

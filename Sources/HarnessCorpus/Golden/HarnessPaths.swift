import Foundation

/// Where a harness tree keeps its files (`--root`, default the current directory), so the
/// gate can check a copy of `golden/` as readily as the real one; and, when the gate runs for an
/// app, the app's contract folder beside it (`contract`): the tree is then the installed
/// harness's (its description, schemas, default fixtures and golden files, read only), the
/// folder holds what is the app's (its lists, recordings, fixtures and states).
package struct HarnessPaths: Sendable {
    package let root: URL
    /// The app's contract folder, when the run is for an app (`--contract`).
    package var contract: ContractFolder?

    package init(root: URL, contract: ContractFolder? = nil) {
        self.root = root.standardizedFileURL
        self.contract = contract
    }
    package init(root: String, contract: ContractFolder? = nil) { self.init(root: URL(fileURLWithPath: root, isDirectory: true), contract: contract) }

    /// Every path under the root is read and written only inside the tree.
    package var tree: TreeBoundary { TreeBoundary(root: root) }
    package var golden: URL { root.appendingPathComponent("golden") }
    package var expected: ViewStore { store(.expected) }
    package var kotlin: ViewStore { store(.kotlin) }
    package var findings: URL { golden.appendingPathComponent("findings") }

    /// The views kept in one golden folder.
    package func store(_ folder: GoldenFolder) -> ViewStore {
        if folder.inContractFolder, let contract {
            return ViewStore(folder: contract.root.appendingPathComponent(folder.path), displayName: contract.shown(folder.path),
                             allowsNotImplemented: true, tree: contract.tree)
        }
        return ViewStore(folder: root.appendingPathComponent(folder.path), displayName: folder.path, allowsNotImplemented: folder.isRecording, tree: tree)
    }
}

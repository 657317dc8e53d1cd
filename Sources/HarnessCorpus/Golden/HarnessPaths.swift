import Foundation

/// Where a harness tree keeps its files (`--root`, default the current directory), so the
/// gate can check a copy of `golden/` as readily as the real one.
package struct HarnessPaths: Sendable {
    package let root: URL

    package init(root: URL) { self.root = root.standardizedFileURL }
    package init(root: String) { self.init(root: URL(fileURLWithPath: root, isDirectory: true)) }

    /// Every path under the root is read and written only inside the tree.
    package var tree: TreeBoundary { TreeBoundary(root: root) }
    package var golden: URL { root.appendingPathComponent("golden") }
    package var expected: ViewStore { store(.expected) }
    package var kotlin: ViewStore { store(.kotlin) }
    package var findings: URL { golden.appendingPathComponent("findings") }

    /// The views kept in one golden folder.
    package func store(_ folder: GoldenFolder) -> ViewStore {
        ViewStore(folder: root.appendingPathComponent(folder.path), displayName: folder.path, allowsNotImplemented: folder.isRecording, tree: tree)
    }
}

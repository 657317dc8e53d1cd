import Foundation

/// Where a harness tree keeps its files (`--root`, default the current directory), so the
/// gate can check a copy of `golden/` as readily as the real one.
package struct HarnessPaths: Sendable {
    package let root: URL

    package init(root: URL) { self.root = root.standardizedFileURL }
    package init(root: String) { self.init(root: URL(fileURLWithPath: root, isDirectory: true)) }

    package var golden: URL { root.appendingPathComponent("golden") }
    package var expected: ViewStore { ViewStore(folder: golden.appendingPathComponent("expected"), displayName: "golden/expected") }
    package var kotlin: ViewStore { ViewStore(folder: golden.appendingPathComponent("kotlin"), displayName: "golden/kotlin", allowsNotImplemented: true) }
    package var findings: URL { golden.appendingPathComponent("findings") }
}

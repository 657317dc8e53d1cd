import Foundation

/// Where a harness tree keeps its files (`--root`, default the current directory), so the
/// gate can check a copy of `golden/` as readily as the real one.
public struct HarnessPaths: Sendable {
    public let root: URL

    public init(root: URL) { self.root = root.standardizedFileURL }
    public init(root: String) { self.init(root: URL(fileURLWithPath: root, isDirectory: true)) }

    public var golden: URL { root.appendingPathComponent("golden") }
    public var expected: ViewStore { ViewStore(folder: golden.appendingPathComponent("expected"), displayName: "golden/expected") }
    public var kotlin: ViewStore { ViewStore(folder: golden.appendingPathComponent("kotlin"), displayName: "golden/kotlin") }
    public var findings: URL { golden.appendingPathComponent("findings") }

    public func divergenceList(for reader: String) throws -> DivergenceList {
        let url = golden.appendingPathComponent("divergences/\(reader).txt")
        return try DivergenceList.load(url, displayName: "golden/divergences/\(reader).txt")
    }
}

/// The golden fixtures and the case stream generated from them: what every reader runs on.
public struct Corpus: Sendable {
    public let fixtures: [Fixture]
    public let cases: [Case]

    public init(fixtures: [Fixture], cases: [Case]) {
        self.fixtures = fixtures
        self.cases = cases
    }

    /// Loads `golden/fixtures/` under the tree and expands it into cases.
    public static func load(_ paths: HarnessPaths) throws -> Corpus {
        let fixtures = try FixtureLoader.load(root: paths.root.path)
        return Corpus(fixtures: fixtures, cases: CaseGenerator(fixtures: fixtures).cases())
    }

    /// The JSONL case stream (CONTRACT §6), exactly as `contract-harness cases` writes it.
    public var streamBytes: [UInt8] { CaseStream.encode(cases) }

    /// The fingerprint a recording names to say which stream it was made from.
    public var streamHash: String { SHA256.hex(streamBytes) }
}

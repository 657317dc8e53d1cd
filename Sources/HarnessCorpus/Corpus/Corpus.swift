import ContractModel
/// The golden fixtures and the case stream generated from them: what every reader runs on.
package struct Corpus: Sendable {
    package let fixtures: [Fixture]
    package let cases: [Case]
    /// `golden/zones/transitions.json` as read (with its seal), when the corpus was loaded
    /// from a tree; the gate checks it.
    package let zoneDays: ZoneDayFile?

    package init(fixtures: [Fixture], cases: [Case], zoneDays: ZoneDayFile? = nil) {
        self.fixtures = fixtures
        self.cases = cases
        self.zoneDays = zoneDays
    }

    /// Loads `golden/fixtures/` and `golden/zones/transitions.json` under the tree and
    /// expands them into cases: the fixtures' cases, then the zone-day cases.
    /// Cases are generated on up to `jobs` threads (the same cases at any `jobs`).
    package static func load(_ paths: HarnessPaths, jobs: Int = 1) throws -> Corpus {
        let fixtures = try FixtureLoader.load(root: paths.root.path)
        if fixtures.contains(where: { $0.name == ZoneDayCases.fixtureName }) {
            throw HarnessInputError(file: "\(FixtureLoader.directory)/\(ZoneDayCases.fixtureName).json",
                                    message: "the name `\(ZoneDayCases.fixtureName)` is taken by the zone-day cases")
        }
        let zoneDays = try ZoneDayFile.load(root: paths.root.path)
        return Corpus(fixtures: fixtures, cases: CaseGenerator(fixtures: fixtures).cases(jobs: jobs) + ZoneDayCases.cases(zoneDays), zoneDays: zoneDays)
    }

    /// The JSONL case stream (CONTRACT §6), exactly as `contract-harness cases` writes it.
    package var streamBytes: [UInt8] { CaseStream.encode(cases) }

    /// The fingerprint a recording names to say which stream it was made from.
    package var streamHash: String { SHA256.hex(streamBytes) }
}

import ContractModel
import Foundation

/// What a corpus is generated from, gathered from the harness's tree and, for an app, its
/// contract folder: the fixtures (the harness's, or the ones the app's config `corpus` names,
/// then the folder's `fixtures/`), the zone-day file (unless the config leaves `zones` out),
/// the app states (the harness's unless `states` is left out, then the folder's `states/`).
/// A fixture or state of the app named like one of the harness's is bad input naming both
/// files: a case id names one case.
package struct CorpusSources: Sendable {
    /// The state file whose states claim to be the writer's states of writer-valid fixtures.
    static let fixtureStates = "fixtures"

    package var fixtures: [Fixture]
    package var zoneDays: ZoneDayFile?
    package var states: [StateLine]?
    /// The fixtures and state files that are the app's (their cases have no golden line in the
    /// harness's tree: the gate judges them live against the C reference).
    package var appFixtures: Set<String> = []
    package var appStateFiles: Set<String> = []

    package static func load(_ paths: HarnessPaths) throws(HarnessInputError) -> CorpusSources {
        var fixtures = try FixtureLoader.load(root: paths.root.path)
        for taken in [ZoneDayCases.fixtureName, WriterFamily.fixtureName] where fixtures.contains(where: { $0.name == taken }) {
            throw HarnessInputError(file: "\(FixtureLoader.directory)/\(taken).json",
                                    message: "the name `\(taken)` is taken by the \(taken == WriterFamily.fixtureName ? "writer" : "zone-day") cases")
        }
        guard let contract = paths.contract else {
            return CorpusSources(fixtures: fixtures, zoneDays: try ZoneDayFile.load(root: paths.root.path), states: try StateLines.load(root: paths.root))
        }
        let harnessNames = Set(fixtures.map(\.name))
        let chosen = contract.config.corpus
        if let chosen {
            let known = fixtures.map(\.name) + [ZoneDayCases.fixtureName, WriterFamily.fixtureName]
            for (index, name) in chosen.enumerated() where !known.contains(name) {
                throw HarnessInputError(file: contract.shown(ContractFolder.configFile), field: "corpus[\(index)]",
                                        message: "the harness has no fixture `\(name)` (it has \(known.joined(separator: ", ")))")
            }
            fixtures = fixtures.filter { chosen.contains($0.name) }
        }
        let wants = { (name: String) in chosen?.contains(name) ?? true }
        var sources = CorpusSources(fixtures: fixtures, zoneDays: wants(ZoneDayCases.fixtureName) ? try ZoneDayFile.load(root: paths.root.path) : nil,
                                    states: nil)
        let ownFolder = ContractFolder.fixturesFolder
        for fixture in try FixtureLoader.load(folder: contract.root.appendingPathComponent(ownFolder), shown: contract.shown(ownFolder),
                                             tree: contract.tree) ?? [] {
            let file = contract.shown("\(ownFolder)/\(fixture.name).json")
            if [ZoneDayCases.fixtureName, WriterFamily.fixtureName].contains(fixture.name) {
                throw HarnessInputError(file: file, message: "the name `\(fixture.name)` is taken by the harness's \(fixture.name == WriterFamily.fixtureName ? "writer" : "zone-day") cases; rename the file")
            }
            if harnessNames.contains(fixture.name) {
                throw HarnessInputError(file: file, message: "the harness has a fixture of this name (\(FixtureLoader.directory)/\(fixture.name).json): a case id names one case; rename the file")
            }
            sources.fixtures.append(fixture)
            sources.appFixtures.insert(fixture.name)
        }
        // The harness's and the app's fixtures are one corpus: its limits hold for both together.
        let together = sources.fixtures.reduce(0) { $0 + $1.blobText.count }
        guard sources.fixtures.count <= MadeLimits.fixtures, together <= MadeLimits.fixtureBytes else {
            throw HarnessInputError(file: contract.shown(ownFolder), message: "with the harness's fixtures the corpus has \(sources.fixtures.count) fixtures "
                                    + "of \(together) bytes, over the limits of \(MadeLimits.fixtures) fixtures and \(InputLimits.shown(MadeLimits.fixtureBytes)) "
                                    + "(MadeLimits, docs/threat-model.md): name fewer of the harness's in the config's `corpus`, or keep fewer here")
        }
        var seen: [String: String] = [:]
        var states: [StateLine]?
        if wants(WriterFamily.fixtureName) {
            states = try StateLines.load(folder: paths.root.appendingPathComponent(StateLines.directory), shown: StateLines.directory,
                                         tree: paths.tree, seen: &seen)
            // A state that claims to be a fixture's (`fixtures/<name>`) goes with that fixture.
            if let chosen {
                states = states?.filter { state in
                    let parts = state.id.split(separator: "/", maxSplits: 1)
                    return parts.first != Substring(Self.fixtureStates) || parts.count < 2 || chosen.contains(String(parts[1]))
                }
            }
        }
        let stateFolder = ContractFolder.statesFolder
        if let own = try StateLines.load(folder: contract.root.appendingPathComponent(stateFolder), shown: contract.shown(stateFolder),
                                         tree: contract.tree, seen: &seen) {
            states = (states ?? []) + own
            sources.appStateFiles = Set(own.map(\.file))
        }
        sources.states = states
        return sources
    }
}

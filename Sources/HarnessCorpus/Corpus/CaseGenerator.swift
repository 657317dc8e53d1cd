import ContractModel

/// Expands fixtures into the corpus: fixtures × applicable operators × parameters ×
/// zones × instants, in one stable order, with ids `fixture/operator[#param]@zone@instant`.
///
/// Deterministic by construction (no clocks, no randomness, no dictionaries iterated):
/// the same fixtures and catalog always give the same cases in the same order, so the
/// golden files and the recordings line up case by case.
package struct CaseGenerator: Sendable {
    /// Sorted by name.
    package let fixtures: [Fixture]
    package let catalog: [MutationOperator]

    package init(fixtures: [Fixture], catalog: [MutationOperator] = MutationCatalog.all) {
        self.fixtures = fixtures.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        self.catalog = catalog
    }

    /// Every case: fixtures by name, operators in catalog order, parameters, zones in
    /// fixture order, instants in fixture order. Each fixture's operators are applied on
    /// up to `jobs` threads; the cases and their order are the same at any `jobs`.
    package func cases(jobs: Int = 1) -> [Case] {
        let pairs = fixtures.flatMap { fixture in catalog.map { (fixture: fixture, op: $0) } }
        return ParallelMap.map(pairs, jobs: jobs) { cases(of: $0.op, on: $0.fixture) }.flatMap { $0 }
    }

    /// The same cases, made fixture by fixture, refused (naming the fixture it would have gone
    /// over at) once they would be more than `limit`: a tree cannot make the gate hold an
    /// unbounded corpus (`MadeLimits.cases`).
    package func cases(jobs: Int = 1, limit: Int) throws(HarnessInputError) -> [Case] {
        var all: [Case] = []
        for fixture in fixtures {
            let made = ParallelMap.map(catalog, jobs: jobs) { cases(of: $0, on: fixture) }.flatMap { $0 }
            guard all.count + made.count <= limit else {
                throw Self.overLimit(all.count + made.count, limit: limit, at: "\(FixtureLoader.directory)/\(fixture.name).json")
            }
            all += made
        }
        return all
    }

    /// The refusal of a corpus of `count` cases, over `limit`, reached at `file`.
    package static func overLimit(_ count: Int, limit: Int, at file: String) -> HarnessInputError {
        HarnessInputError(file: file, message: "the corpus would hold \(count) cases with this file's, over the limit of \(limit) "
                          + "(MadeLimits.cases, docs/threat-model.md): fewer fixtures, zones or instants, or fewer transitions or states")
    }

    /// One operator's cases on one fixture: parameters, zones, instants.
    private func cases(of op: MutationOperator, on fixture: Fixture) -> [Case] {
        guard let (zones, instants) = settings(for: op, on: fixture) else { return [] }
        let input = MutationOperator.Input(fixture)
        var cases: [Case] = []
        for parameter in op.variants {
            guard let output = op.apply(input, parameter: parameter) else { continue }
            for zone in zones {
                for instant in instants {
                    let id = CaseID.make(fixture: fixture.name, operator: op.id, parameter: parameter,
                                         zone: zone, instant: instant.name)
                    cases.append(Case(id: id, blob: output.blob, pendingDoneTargets: output.pendingDoneTargets,
                                      pendingDoneTimestamps: output.pendingDoneTimestamps,
                                      selectedProjectId: output.selectedProjectId, capacity: output.capacity, nowMs: instant.epochMs, timeZone: zone,
                                      deviceLocale: output.deviceLocale))
                }
            }
        }
        return cases
    }

    /// The zones and instants an operator runs at on a fixture, or nil when its reach
    /// excludes the fixture.
    private func settings(for op: MutationOperator, on fixture: Fixture) -> ([String], [Fixture.Instant])? {
        switch op.reach {
        case .everyFixture:
            return (fixture.zones, fixture.instants)
        case .canonicalFixture:
            return fixture.name == Fixture.canonicalName ? (fixture.zones, fixture.instants) : nil
        case .canonicalSingleCase:
            guard fixture.name == Fixture.canonicalName, let zone = fixture.zones.first,
                  let instant = fixture.instants.first else { return nil }
            return ([zone], [instant])
        case .canonicalFirstZone:
            guard fixture.name == Fixture.canonicalName, let zone = fixture.zones.first else { return nil }
            return ([zone], fixture.instants)
        case .fixture(let name):
            return fixture.name == name ? (fixture.zones, fixture.instants) : nil
        case .fixtureAt(let name, let instantName):
            guard fixture.name == name, let zone = fixture.zones.first, let instant = fixture.instant(named: instantName) else {
                return nil
            }
            return ([zone], [instant])
        case .revisionsBefore(let revision):
            return fixture.revision < revision ? (fixture.zones, fixture.instants) : nil
        }
    }
}

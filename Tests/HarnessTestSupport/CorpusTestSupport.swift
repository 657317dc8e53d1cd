import HarnessCorpus
import WidgetSnapshot
import XCTest
import TestSupport

/// Shared access to the repository's golden fixtures for the corpus tests.
package enum CorpusTestSupport {
    /// The fixtures the mutation families and seeded tests are written for (a fixture added
    /// later, e.g. a new feature's, changes which case a seeded index makes).
    package static let familyFixtures = ["canonical", "current-task", "dst-berlin-autumn", "dst-berlin-spring", "dst-la-autumn",
                                     "dst-la-spring", "legacy", "many-tasks", "no-tasks", "non-ascii", "offset-4h", "projects",
                                     "sao-paulo-gap"]

    package static func fixtures() throws -> [Fixture] {
        try FixtureLoader.load(root: TestRepository.root.path)
    }

    package static func fixture(_ name: String) throws -> Fixture {
        try XCTUnwrap(fixtures().first { $0.name == name }, "fixture \(name) is missing")
    }

    package static func input(_ fixture: Fixture) -> MutationOperator.Input {
        MutationOperator.Input(fixture)
    }

    /// The operator's output on a fixture, failing the test when it does not apply.
    package static func output(_ id: String, _ parameter: String? = nil, on fixtureName: String = Fixture.canonicalName,
                       file: StaticString = #filePath, line: UInt = #line) throws -> MutationOperator.Output {
        let op = try XCTUnwrap(MutationCatalog.named(id), "no operator \(id)", file: file, line: line)
        return try XCTUnwrap(op.apply(input(fixture(fixtureName)), parameter: parameter),
                             "\(id)#\(parameter ?? "") does not apply to \(fixtureName)", file: file, line: line)
    }

    package static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
}

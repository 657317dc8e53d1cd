import HarnessCorpus
import ContractModel
import WidgetSnapshot
import XCTest
import HarnessTestSupport

final class CaseGeneratorTests: XCTestCase {
    /// The committed corpus, generated once for the whole class (each test used to generate all of it again).
    private static let generated: Result<(fixtures: [Fixture], cases: [Case]), any Error> = Result {
        let fixtures = try CorpusTestSupport.fixtures()
        return (fixtures, CaseGenerator(fixtures: fixtures).cases())
    }

    private func corpus() throws -> (fixtures: [Fixture], cases: [Case]) {
        try Self.generated.get()
    }

    /// `check` generates on every core: the same cases, in the same order, as on one.
    func testTheCasesAreTheSameAtOneThreadAndAtTwo() throws {
        let (fixtures, oneThread) = try corpus()
        XCTAssertEqual(CaseStream.encode(CaseGenerator(fixtures: fixtures).cases(jobs: 2)), CaseStream.encode(oneThread))
    }

    func testCorpusSize() throws {
        let cases = try corpus().cases
        XCTAssertGreaterThanOrEqual(cases.count, 2000)
        // Keep the golden files reviewable: no fixture over 6,000 cases, under 1,000 a fixture on average.
        let perFixture = Dictionary(grouping: cases, by: { CaseID.fixture(of: $0.id) }).mapValues(\.count)
        XCTAssertLessThanOrEqual(perFixture.values.max() ?? 0, 6_000, "\(perFixture)")
        XCTAssertLessThanOrEqual(cases.count, 1_000 * perFixture.count, "keep the golden files reviewable")
    }

    func testIdsAreUniqueWellFormedAndMatchTheCase() throws {
        let (fixtures, cases) = try corpus()
        XCTAssertEqual(Set(cases.map(\.id)).count, cases.count, "duplicate case ids")
        let operators = Set(MutationCatalog.all.map(\.id))
        for item in cases {
            let slash = item.id.split(separator: "/", omittingEmptySubsequences: false)
            XCTAssertEqual(slash.count, 2, item.id)
            let at = slash[1].split(separator: "@", omittingEmptySubsequences: false)
            XCTAssertEqual(at.count, 3, item.id)
            let hash = at[0].split(separator: "#", omittingEmptySubsequences: false)
            XCTAssertTrue(hash.count == 1 || hash.count == 2, item.id)
            let words = [String(slash[0])] + hash.map(String.init) + [String(at[1]), String(at[2])]
            for word in words {
                XCTAssertTrue(CaseID.isWord(word), "\(item.id): `\(word)`")
            }
            XCTAssertTrue(operators.contains(String(hash[0])), item.id)
            let fixture = try XCTUnwrap(fixtures.first { $0.name == slash[0] }, item.id)
            XCTAssertEqual(String(at[1]), CaseID.zoneLabel(item.timeZone), item.id)
            XCTAssertTrue(fixture.zones.contains(item.timeZone), item.id)
            XCTAssertEqual(fixture.instant(named: String(at[2]))?.epochMs, item.nowMs, item.id)
        }
    }

    func testGenerationIsDeterministicAndIndependentOfFixtureOrder() throws {
        let (fixtures, cases) = try corpus()
        let first = CaseStream.write(cases)
        let second = CaseStream.write(CaseGenerator(fixtures: fixtures.reversed()).cases())
        XCTAssertEqual(first, second)
    }

    func testOrderFollowsFixturesThenCatalog() throws {
        let (fixtures, cases) = try corpus()
        XCTAssertEqual(cases.first?.id, "canonical/base@berlin@before")
        var fixtureOrder: [String] = []
        for item in cases where fixtureOrder.last != String(item.fixtureName) {
            fixtureOrder.append(String(item.fixtureName))
        }
        XCTAssertEqual(fixtureOrder, fixtures.map(\.name))
        let canonical = cases.filter { $0.fixtureName == "canonical" }.prefix(12).map(\.id)
        XCTAssertEqual(canonical.prefix(5), ["canonical/base@berlin@before", "canonical/base@berlin@at",
                                             "canonical/base@berlin@after", "canonical/base@berlin@far",
                                             "canonical/base@los-angeles@before"])
    }

    func testEveryFixtureRunsItsBaseAtEveryZoneAndInstant() throws {
        let (fixtures, cases) = try corpus()
        let ids = Set(cases.map(\.id))
        for fixture in fixtures {
            for zone in fixture.zones {
                for instant in fixture.instants {
                    let id = "\(fixture.name)/base@\(CaseID.zoneLabel(zone))@\(instant.name)"
                    XCTAssertTrue(ids.contains(id), id)
                }
            }
        }
    }

    func testSizeCasesRunOnceOnTheCanonicalFixture() throws {
        let sizeCases = try corpus().cases.filter { $0.id.contains("/size.") }
        XCTAssertEqual(sizeCases.map(\.id), [
            "canonical/size.many-tasks@berlin@before", "canonical/size.long-title@berlin@before",
            "canonical/size.deep-nesting#1000@berlin@before", "canonical/size.deep-nesting#2047@berlin@before",
            "canonical/size.deep-nesting#2048@berlin@before", "canonical/size.deep-nesting#3000@berlin@before",
            "canonical/size.deep-mixed-nesting#objects@berlin@before", "canonical/size.deep-mixed-nesting#object-array@berlin@before",
            "canonical/size.deep-mixed-nesting#array-object@berlin@before",
        ])
    }

    func testZoneLabels() {
        XCTAssertEqual(CaseID.zoneLabel("Europe/Berlin"), "berlin")
        XCTAssertEqual(CaseID.zoneLabel("America/Los_Angeles"), "los-angeles")
        XCTAssertEqual(CaseID.zoneLabel("America/Sao_Paulo"), "sao-paulo")
        XCTAssertEqual(CaseID.zoneLabel("America/Argentina/Buenos_Aires"), "buenos-aires")
        XCTAssertEqual(CaseID.make(fixture: "canonical", operator: "dates.malformed", parameter: "padded",
                                           zone: "America/Sao_Paulo", instant: "at"),
                       "canonical/dates.malformed#padded@sao-paulo@at")
        XCTAssertFalse(CaseID.isWord("../x"))
        XCTAssertFalse(CaseID.isWord("A"))
        XCTAssertFalse(CaseID.isName("a.b"))
    }
}

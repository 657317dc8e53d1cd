import HarnessCorpus
import HarnessFuzz
import TestSupport
import XCTest

/// Shrinking over the app state: a finding's state is cut to what still shows it.
final class StateShrinkerTests: XCTestCase {
    private func generator(seed: UInt64 = 3) throws -> AppStateGenerator {
        AppStateGenerator(seed: seed, transitions: try ZoneDayFile.load(root: TestRepository.root.path).transitions)
    }

    func testALoneSurrogateTitleShrinksToOneTaskAndOneUnit() throws {
        let zones = try generator(seed: 5)
        let original = (0..<500).lazy.map { zones.make($0).state }.first { state in
            state.tasks.count > 3 && !state.projects.isEmpty && state.todayTaskIds.contains { id in
                state.tasks.contains { $0.id == id && $0.title.hasLoneSurrogate }
            }
        }
        let state = try XCTUnwrap(original)
        let fails: (AppState) -> Bool = { state in
            state.todayTaskIds.contains { id in state.tasks.contains { $0.id == id && $0.title.hasLoneSurrogate } }
        }
        let result = StateShrinker().shrink(state) { $0.map(fails) }
        XCTAssertFalse(result.exhausted)
        XCTAssertTrue(fails(result.shrunk))
        XCTAssertEqual(result.shrunk.tasks.count, 1)
        XCTAssertEqual(result.shrunk.todayTaskIds.count, 1)
        XCTAssertEqual(result.shrunk.projects.count, 0)
        XCTAssertEqual(result.shrunk.tasks[0].title.units.count, 1, "\(result.shrunk.tasks[0].title.units)")
        XCTAssertEqual(result.shrunk.tasks[0].doneOn, .absent)
        XCTAssertEqual(result.shrunk.tasks[0].id, "t0")
        XCTAssertEqual(result.shrunk.revision, 1)
        XCTAssertEqual(result.shrunk.startOfNextDayDiffMs, 0)
        XCTAssertEqual(result.shrunk.todayStr, "2026-07-17")
    }

    func testTheBudgetStopsIt() throws {
        let state = try generator().make(3).state
        let result = StateShrinker(maximumEvaluations: 2).shrink(state) { $0.map { _ in true } }
        XCTAssertTrue(result.exhausted)
        XCTAssertLessThanOrEqual(result.evaluations, 2)
    }
}

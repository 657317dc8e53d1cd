import HarnessFuzz
import HarnessCorpus
import ContractModel
import WidgetSnapshot
import XCTest
import HarnessTestSupport

/// A fuzz case carries every case input its fixture and operators set — the tap times, the
/// selected project, the capacity, the device locale — exactly as the corpus's case of the same fixture and
/// operator, and the fuzzer draws those inputs itself too.
final class FuzzCaseInputsTests: XCTestCase {
    private let count = 3000

    /// The planted-fault seed's first cases, as the planted-fault tests fuzz them.
    private func cases() throws -> [FuzzCase] {
        let generator = FuzzCaseGenerator(seed: FuzzTestSupport.plantedFaultSeed, fixtures: try CorpusTestSupport.fixtures())
        return (0..<count).map(generator.make)
    }

    func testTheFuzzerAsksTheQuestionsOfTheLaterInputs() throws {
        let made = try cases().map(\.testCase)
        let selected = made.filter { $0.selectedProjectId != nil }
        XCTAssertGreaterThan(selected.count, count / 20, "selections")
        XCTAssertGreaterThan(made.filter { !$0.pendingDoneTimestamps.isEmpty }.count, count / 20, "tap times")
        XCTAssertGreaterThan(made.filter { $0.capacity != Case.androidCapacity }.count, count / 50, "capacities")
        // The device's locale (CONTRACT.md §4): the device family's settings, non-Gregorian calendars among them.
        let devices = made.compactMap(\.deviceLocale)
        XCTAssertGreaterThan(devices.count, count / 50, "device locales")
        XCTAssertTrue(Set(devices).isSubset(of: Set(DeviceMutations.allSettings)))
        XCTAssertTrue(devices.contains { $0.calendar == "buddhist" } && devices.contains { $0.numbers == "deva" }, "\(Set(devices.map(\.tag)))")
        // Around the grace's end: a tap time 4 999, 5 000 and 5 001 ms before now, each queued with its tap.
        for age: Int64 in [4_999, 5_000, 5_001] {
            XCTAssertTrue(made.contains { item in
                item.pendingDoneTimestamps.contains { stamp in
                    item.nowMs &- stamp.ms == age && item.pendingDoneTargets.contains { $0.taskId == stamp.taskId && $0.isDone }
                }
            }, "no tap \(age) ms before now")
        }
        // Both a selection some project of the blob has and one none has.
        let ids = selected.map { item in (item, BlobProjects.ids(item.blob)) }
        XCTAssertTrue(ids.contains { $0.1.contains($0.0.selectedProjectId!) }, "no matching selection")
        XCTAssertTrue(ids.contains { !$0.1.isEmpty && !$0.1.contains($0.0.selectedProjectId!) }, "no selection that matches nothing")
    }

    /// How many of the seed's cases the one-operator test draws at most before it gives up.
    private let maximumDrawn = 30_000

    /// A fuzz case made of one operator on a fixture, nothing else drawn, is the corpus's case.
    func testAOneOperatorCaseIsTheCorpusCase() throws {
        let fixtures = try CorpusTestSupport.fixtures()
        var corpus: [String: Case] = [:]
        for item in CaseGenerator(fixtures: fixtures, catalog: FuzzCaseGenerator.defaultCatalog).cases(jobs: 2) { corpus[item.id] = item }
        var compared = 0
        var withLaterInputs = 0
        // The seed's first cases, drawn until enough one-operator cases with a later input were
        // compared (how many of the first 3,000 are one-operator cases moves with the catalog).
        let generator = FuzzCaseGenerator(seed: FuzzTestSupport.plantedFaultSeed, fixtures: fixtures)
        for index in 0..<maximumDrawn {
            if compared > 20 && withLaterInputs > 5 { break }
            let fuzzCase = generator.make(index)
            let steps = fuzzCase.recipe
            guard steps.count == 4, steps[0].hasPrefix("fixture "), steps[1].hasPrefix("op "), steps[2].hasPrefix("zone "),
                  steps[3].hasPrefix("now ") else { continue }
            let op = steps[1].dropFirst(3).split(separator: "#", maxSplits: 1).map(String.init)
            let instant = String(steps[3].split(separator: " ")[1])
            let id = CaseID.make(fixture: String(steps[0].dropFirst(8)), operator: op[0], parameter: op.count > 1 ? op[1] : nil,
                                 zone: fuzzCase.testCase.timeZone, instant: instant)
            guard var expected = corpus[id] else { continue }
            expected.id = fuzzCase.testCase.id
            XCTAssertEqual(fuzzCase.testCase, expected, "fuzz case \(fuzzCase.index) against \(id)")
            compared += 1
            if expected.selectedProjectId != nil || !expected.pendingDoneTimestamps.isEmpty || expected.capacity != Case.androidCapacity {
                withLaterInputs += 1
            }
        }
        XCTAssertGreaterThan(compared, 20)
        XCTAssertGreaterThan(withLaterInputs, 5, "too few compared one-operator cases with a later input in the seed's first \(maximumDrawn) cases")
    }
}

/// The project ids a blob's `projects` list has (none when it is not a JSON object).
private enum BlobProjects {
    static func ids(_ blob: [UInt8]) -> Set<JSONString> {
        guard case .object(let top)? = try? JSONParser().parse(blob) else { return [] }
        return Set((top["projects"]?.arrayValue ?? []).compactMap { $0.objectValue?["id"]?.stringValue })
    }
}

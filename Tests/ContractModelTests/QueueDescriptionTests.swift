import XCTest
@testable import ContractModel
import TestSupport

/// The queue contract's description (schemas/queue-contract.json, CONTRACT.md §10) is read
/// strictly, and an end's declaration is checked against it.
final class QueueDescriptionTests: XCTestCase {
    private static let root = TestRepository.root

    func testTheCommittedDescriptionReads() throws {
        let bytes = Array(try Data(contentsOf: Self.root.appendingPathComponent("schemas/queue-contract.json")))
        let description = try QueueDescription.parse(bytes, file: "schemas/queue-contract.json")
        XCTAssertEqual(description.features.map(\.name), QueueDescription.current.features.map(\.name))
        XCTAssertFalse(description.formats.isEmpty)
        for set in description.sets {
            XCTAssertNoThrow(try QueueFeatures.parse(set.name, role: .writer, in: description), set.name)
        }
    }

    func testADescriptionThatNamesAnUnknownFeatureIsRefusedNamingTheField() throws {
        let text = #"{"title":"t","description":"d","features":[{"name":"a","roles":["writer"],"summary":"s","source":"x","needs":["b"]}],"formats":[],"operations":[],"questions":[],"sets":[]}"#
        XCTAssertThrowsError(try QueueDescription.parse(Array(text.utf8), file: "q.json")) { error in
            XCTAssertTrue("\(error)".contains("features[0].needs"), "\(error)")
        }
    }

    func testADeclarationIsCheckedAgainstTheDescription() throws {
        XCTAssertEqual(try QueueFeatures.parse("targets+tapTimes", role: .writer).names, ["targets", "tapTimes"])
        XCTAssertEqual(try QueueFeatures.parse("ios-2900f2a0", role: .writer).names, ["targets", "leases"])
        XCTAssertEqual(try QueueFeatures.parse("ios-2900f2a0", role: .drain).names, ["targets"], "the set's drain")
        XCTAssertEqual(try QueueFeatures.parse("android-b28e0ade", role: .drain).names, ["targets"], "the app's drain reads no tap times")
        XCTAssertThrowsError(try QueueFeatures.parse("tapTimes", role: .writer)) { XCTAssertTrue("\($0)".contains("needs `targets`"), "\($0)") }
        XCTAssertThrowsError(try QueueFeatures.parse("leases", role: .drain)) { XCTAssertTrue("\($0)".contains("not a feature of a drain"), "\($0)") }
        XCTAssertThrowsError(try QueueFeatures.parse("targts", role: .writer)) { XCTAssertTrue("\($0)".contains("neither a queue feature"), "\($0)") }
    }
}

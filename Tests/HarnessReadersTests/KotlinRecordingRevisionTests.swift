import Foundation
import HarnessReaders
import HarnessTestSupport
import WidgetSnapshot
import ContractModel
import XCTest
import TestSupport

/// The revision the roster declares for the recorded Kotlin end is the one its recording was
/// made at: golden/kotlin/RECORDING.json's `revision`, which `contract-harness golden record` asked the
/// testee itself (`--contract-revision`). Declaring more than was recorded would leave fields out
/// of every line; declaring less would hide them as pending.
final class KotlinRecordingRevisionTests: XCTestCase {
    func testTheRosterDeclaresTheRevisionGoldenKotlinWasRecordedAt() throws {
        let url = TestRepository.root.appendingPathComponent("golden/kotlin/RECORDING.json")
        let value = try JSONParser().parse(Array(try Data(contentsOf: url)))
        guard case .object(let recording) = value, case .integer(let revision)? = recording["revision"] else {
            return XCTFail("golden/kotlin/RECORDING.json has no integer `revision`: re-record with scripts/record-kotlin")
        }
        let recorded = try XCTUnwrap(try? FeatureSet.parse(String(revision)).get(), "revision \(revision) names no set of schemas/contract.json")
        XCTAssertEqual(recorded, ReaderEntry.kotlin.features,
                       "ReaderEntry.kotlin declares \(ReaderEntry.kotlin.features), golden/kotlin was recorded at revision \(revision)")
    }
}

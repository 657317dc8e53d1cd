import HarnessFuzz
import HarnessReaders
import Foundation
import WidgetSnapshot
import XCTest
import HarnessTestSupport
import TestSupport

/// A planted disagreement (a reader that differs from Swift only when a title contains
/// U+2028) is found within a bounded number of cases and shrunk to at most 120 bytes
/// that still show the same disagreement.
final class FuzzPlantedFaultTests: XCTestCase {
    /// The first finding must come within this many cases.
    private let bound = 600

    func testThePlantedFaultIsFoundAndShrunk() throws {
        let report = try FuzzTestSupport.run(seed: FuzzTestSupport.plantedFaultSeed, extent: .cases(bound), into: nil)
        let first = try XCTUnwrap(report.entries.first, "no disagreement within \(bound) cases")
        XCTAssertEqual(first.disagreement.signature, "c/planted parse.tasks[].title")
        XCTAssertLessThanOrEqual(first.shrunkSize, 120)
        XCTAssertLessThan(first.shrunkSize, first.originalSize)
        XCTAssertTrue(report.entries.allSatisfy { $0.disagreement.signature == "c/planted parse.tasks[].title" })
    }

    func testTheShrunkBlobStillShowsTheSameDisagreement() throws {
        let folder = Scratch.folder()
        defer { Scratch.remove(folder) }
        _ = try FuzzTestSupport.run(seed: FuzzTestSupport.plantedFaultSeed, extent: .cases(bound), into: folder)
        let saved = try FindingStore.load(folder)
        let finding = try XCTUnwrap(saved.first?.finding)
        XCTAssertTrue(finding.shrunk.blob.count <= 120)
        let generator = FuzzCaseGenerator(seed: FuzzTestSupport.plantedFaultSeed, fixtures: try CorpusTestSupport.fixtures())
        XCTAssertEqual(finding.recipe, generator.make(finding.index).recipe, "a saved finding says how its case was made")
        XCTAssertEqual(finding.recipe.first?.hasPrefix("fixture "), true)
        XCTAssertTrue(String(decoding: finding.shrunk.blob, as: UTF8.self).unicodeScalars.contains(PlantedTitleFault.marker)
                      || finding.shrunk.blob.count < 120)
        let verdict = FindingReplay.check(finding, readers: [CReferenceReader(), PlantedTitleFault()])
        guard case .stillDiffers(let now) = verdict else { return XCTFail("the shrunk case no longer differs: \(verdict)") }
        XCTAssertEqual(now.signature, finding.disagreement.signature)
        XCTAssertEqual(FindingReplay.check(finding, readers: [CReferenceReader(), SwiftReader()]), .readerMissing("planted"))
    }

    func testSwiftAndCAgreeOnTheSameCases() throws {
        let report = try FuzzTestSupport.run(seed: FuzzTestSupport.plantedFaultSeed, extent: .cases(bound), readers: [SwiftReader()], into: nil)
        XCTAssertEqual(report.entries.map(\.disagreement.signature), [], "a real Swift/C disagreement: see the entries")
    }
}

@testable import HarnessFuzz
import ContractModel
import Foundation
import WidgetSnapshot
import XCTest
import HarnessCorpus
import HarnessTestSupport
import TestSupport

/// Findings are written once, read back exactly, and refused when tampered with.
final class FuzzFindingStoreTests: XCTestCase {
    func testARerunSavesNothingTwice() throws {
        let folder = Scratch.folder()
        defer { Scratch.remove(folder) }
        let first = try FuzzTestSupport.run(seed: FuzzTestSupport.plantedFaultSeed, extent: .cases(500), into: folder)
        let written = try FuzzTestSupport.contents(folder)
        XCTAssertGreaterThan(first.newFindings, 0)
        XCTAssertEqual(written.count, first.newFindings)
        let second = try FuzzTestSupport.run(seed: FuzzTestSupport.plantedFaultSeed, extent: .cases(500), into: folder)
        XCTAssertEqual(second.entries.count, first.entries.count)
        XCTAssertEqual(second.newFindings, 0)
        XCTAssertEqual(try FuzzTestSupport.contents(folder), written)
    }

    func testDisagreementsThatShrinkAlikeAreSavedOnce() throws {
        let folder = Scratch.folder()
        defer { Scratch.remove(folder) }
        let report = try FuzzTestSupport.run(seed: FuzzTestSupport.plantedFaultSeed, extent: .cases(600), into: folder)
        XCTAssertEqual(Set(report.entries.map(\.key)).count, report.newFindings)
        XCTAssertGreaterThan(report.entries.count, report.newFindings, "expected some disagreements to shrink alike")
    }

    func testAFindingFileRoundTripsAndNamesItsReproduction() throws {
        let finding = sample()
        let bytes = finding.fileBytes()
        XCTAssertEqual(try FindingFile.parse(bytes, file: "x.json"), finding)
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertTrue(text.contains("\"reproduce\": \"contract-harness fuzz --seed 5 --case 17\""))
        XCTAssertTrue(text.contains("\"originalSize\": 300"))
        XCTAssertTrue(text.contains("\"shrunkSize\": \(finding.shrunk.blob.count)"))
        XCTAssertTrue(text.contains("\"replay\": \"contract-harness fuzz --replay golden/findings/5-17.json\""), text)

        // A finding of the Kotlin end replays with it (and so with its declared departures).
        var kotlin = finding
        kotlin.reproduce = "contract-harness fuzz --seed 5 --case 17 --kotlin --kotlin-parser 'app/W.kt'"
        XCTAssertTrue(String(decoding: kotlin.fileBytes(), as: UTF8.self)
            .contains("\"replay\": \"contract-harness fuzz --replay golden/findings/5-17.json --kotlin --kotlin-parser 'app/W.kt'\""))
    }

    func testATamperedFindingIsRefused() throws {
        let size = sample().shrunkSize
        var text = String(decoding: sample().fileBytes(), as: UTF8.self)
        text = text.replacingOccurrences(of: #"\"id\":\"\""#, with: #"\"id\":\"t\""#)
        text = text.replacingOccurrences(of: "\"shrunkSize\": \(size)", with: "\"shrunkSize\": \(size + 1)")
        XCTAssertThrowsError(try FindingFile.parse(Array(text.utf8), file: "x.json")) { error in
            XCTAssertTrue("\(error)".contains("key"), "\(error)")
        }
    }

    func testSaveTwiceWritesOnce() throws {
        let folder = Scratch.folder()
        defer { Scratch.remove(folder) }
        let store = try FindingStore(folder: folder)
        XCTAssertEqual(try store.save(sample()), .saved("5-17.json"))
        var other = sample()
        other.index = 99
        XCTAssertEqual(try store.save(other), .alreadySaved("5-17.json"))
        XCTAssertEqual(try FindingStore(folder: folder).save(other), .alreadySaved("5-17.json"))
        XCTAssertEqual(try FuzzTestSupport.contents(folder).keys.sorted(), ["5-17.json"])
    }

    /// A finding keeps the case inputs beside its blob (CONTRACT.md §6): they are in its file
    /// and its key, so the same blob under another selection is another finding; a finding
    /// without them keeps the key it had (the committed findings still load).
    func testAFindingKeepsItsCaseInputs() throws {
        var selected = sample()
        selected.shrunk.selectedProjectId = "p1"
        selected.shrunk.pendingDoneTargets = [.init(taskId: "t1", isDone: true)]
        selected.shrunk.pendingDoneTimestamps = [.init(taskId: "t1", ms: -5_000)]
        selected.shrunk.capacity = 3
        XCTAssertEqual(try FindingFile.parse(selected.fileBytes(), file: "x.json"), selected)
        XCTAssertTrue(String(decoding: selected.fileBytes(), as: UTF8.self)
            .contains(#""pendingDoneTargets":{"t1":true},"pendingDoneTimestamps":{"t1":-5000},"selectedProjectId":"p1","capacity":3"#))
        var other = selected
        other.shrunk.selectedProjectId = "p2"
        XCTAssertNotEqual(other.key, selected.key)
        XCTAssertNotEqual(selected.key, sample().key)
        let folder = Scratch.folder()
        defer { Scratch.remove(folder) }
        let store = try FindingStore(folder: folder)
        XCTAssertEqual(try store.save(sample()), .saved("5-17.json"))
        XCTAssertEqual(try store.save(selected), .saved("5-17-2.json"))
        XCTAssertEqual(try store.save(other), .saved("5-17-3.json"))
        let selections = Dictionary(uniqueKeysWithValues: try FindingStore.load(folder).map { ($0.file, $0.finding.shrunk.selectedProjectId) })
        XCTAssertEqual(selections, ["5-17.json": .none, "5-17-2.json": .some("p1"), "5-17-3.json": .some("p2")])
        // The key of a finding without such inputs: the blob and the signature, as before.
        XCTAssertEqual(sample().key, SHA256.hex(sample().shrunk.blob + [0] + Array(sample().disagreement.signature.utf8)))
        let committed = try FindingStore.load(URL(fileURLWithPath: TestRepository.root.path).appendingPathComponent("golden/findings"))
        XCTAssertFalse(committed.isEmpty)
    }

    private func sample() -> Finding {
        let blob = Array(#"{"v":1,"tasks":[{"id":"","title":"\#u{2028}"}]}"#.utf8)
        let shrunk = Case(id: "fuzz/5-17@berlin@before", blob: blob, nowMs: 1, timeZone: "Europe/Berlin")
        let difference = FieldDifference(path: FieldPath(.taskTitle, row: 0), expected: "\"\u{2028}\"", got: "\"\u{2028}!\"")
        return Finding(seed: 5, index: 17, disagreement: Disagreement(reference: "c", reader: "planted", difference: difference),
                       shrunk: shrunk, originalSize: 300, recipe: ["fixture canonical", "op unicode.separators"],
                       reproduce: "contract-harness fuzz --seed 5 --case 17", shrinkEvaluations: 12)
    }
}

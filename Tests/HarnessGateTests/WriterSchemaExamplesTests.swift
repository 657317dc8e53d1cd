import Foundation
@testable import HarnessGate
import XCTest
import TestSupport

/// The gate's in-process writer-schema validator (`WriterSchema`) judges every example of every
/// writer schema (`schemas/examples/widget-snapshot.v1*/valid|invalid`) as its folder says, as
/// `scripts/check-schemas` holds check-jsonschema and validate.py to the same files: the
/// validators agree on the known-good and known-bad blobs, and a schema that loosens fails here too.
final class WriterSchemaExamplesTests: XCTestCase {
    private static let examples = TestRepository.url("schemas/examples")

    /// The example folders of the writer schemas, each with its schema file's name.
    private func writerSchemaFolders() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: Self.examples.path)
            .filter { $0.hasPrefix("widget-snapshot.v1") }.sorted()
    }

    private func files(_ folder: String, _ kind: String) throws -> [URL] {
        let url = Self.examples.appendingPathComponent("\(folder)/\(kind)")
        return try FileManager.default.contentsOfDirectory(atPath: url.path).filter { $0.hasSuffix(".json") }.sorted()
            .map { url.appendingPathComponent($0) }
    }

    func testEveryWriterSchemaJudgesItsExamplesAsTheirFolderSays() throws {
        let folders = try writerSchemaFolders()
        // One folder per writer revision, each revision's schema among them.
        XCTAssertEqual(folders, WriterRevision.known(root: TestRepository.root).map { String(WriterSchema.fileName(revision: $0).dropLast(".schema.json".count)) }.sorted())
        for folder in folders {
            let schema = try WriterSchema.load(root: TestRepository.root, file: "\(folder).schema.json")
            let valid = try files(folder, "valid"), invalid = try files(folder, "invalid")
            XCTAssertFalse(valid.isEmpty || invalid.isEmpty, folder)
            for file in valid {
                XCTAssertEqual(schema.violations(Array(try Data(contentsOf: file))), [], "\(folder)/valid/\(file.lastPathComponent)")
            }
            for file in invalid {
                XCTAssertFalse(schema.violations(Array(try Data(contentsOf: file))).isEmpty, "\(folder)/invalid/\(file.lastPathComponent) passes")
            }
        }
    }

    /// Revision 3's tracked task with a null projectId is refused naming the member.
    func testANullCurrentTaskProjectIdIsRefusedByName() throws {
        let schema = try WriterSchema.load(root: TestRepository.root, file: WriterSchema.fileName(revision: 3))
        let file = Self.examples.appendingPathComponent("widget-snapshot.v1.r3/invalid/currentTask-projectId-null.json")
        XCTAssertEqual(schema.violations(Array(try Data(contentsOf: file))), ["at /currentTask/projectId: null is not of type string"])
    }
}

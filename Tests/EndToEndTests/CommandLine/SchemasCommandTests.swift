import Foundation
import XCTest
import HarnessTestSupport
import TestSupport

/// `contract-harness schemas` reads the tree's schema files through the tree's boundary like
/// every other read (a link out of the repository is refused unread), and names every member
/// of the tree's `schemas/contract.json` that differs from the description built in.
final class SchemasCommandTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        try GateTestSupport.skipUnlessTheCLIIsBuilt()
        root = Scratch.folder("schemas-tree")
        try FileManager.default.copyItem(at: TestRepository.root.appendingPathComponent("schemas"),
                                         to: root.appendingPathComponent("schemas"))
    }

    override func tearDown() { if let root { Scratch.remove(root) } }

    func testTheTreeAsCommittedFollows() throws {
        let run = try GateTestSupport.runCLI(["golden", "schemas", "--root", root.path])
        XCTAssertEqual(run.status, 0, run.err)
        XCTAssertTrue(run.err.contains("follows the built-in description"), run.err)
    }

    /// The view schema linked to a file outside the tree — with exactly the bytes the
    /// description gives, so reading it would pass — is refused, naming the link (it was read).
    func testALinkedSchemaFileIsRefusedUnread() throws {
        let schema = root.appendingPathComponent("schemas/decoded-view.fields.schema.json")
        let outside = Scratch.folder("outside-the-tree")
        defer { Scratch.remove(outside) }
        let target = outside.appendingPathComponent("copy.json")
        try FileManager.default.moveItem(at: schema, to: target)
        try FileManager.default.createSymbolicLink(at: schema, withDestinationURL: target)
        let run = try GateTestSupport.runCLI(["golden", "schemas", "--root", root.path])
        XCTAssertEqual(run.status, 2, run.err)
        XCTAssertTrue(run.err.contains("schemas/decoded-view.fields.schema.json: a symbolic link leading outside the repository"), run.err)
    }

    /// A tree whose description says otherwise than the one built in: the run judges by the
    /// tree's (said at start), and each differing member is named.
    func testADescriptionThatDiffersFromTheBuiltInOneIsNamed() throws {
        let file = root.appendingPathComponent("schemas/contract.json")
        let text = try String(contentsOf: file, encoding: .utf8)
        let edited = text.replacingOccurrences(of: #""name": "selectedProjectId",\#n          "type": "text""#,
                                               with: #""name": "selectedProjectId",\#n          "type": "int""#)
        XCTAssertNotEqual(edited, text)
        try edited.write(to: file, atomically: true, encoding: .utf8)
        let run = try GateTestSupport.runCLI(["golden", "schemas", "--root", root.path])
        XCTAssertEqual(run.status, 0, run.err)
        XCTAssertTrue(run.err.contains("judging by the tree's schemas/contract.json"), run.err)
        XCTAssertTrue(run.err.contains("schemas/contract.json differs from the description built into this harness in 1 place"), run.err)
        XCTAssertTrue(run.err.contains("{selectedProjectId}.type"), run.err)
        XCTAssertTrue(run.err.contains("rebuild"), run.err)
    }

    /// The tap queue's description edited in the tree and not rebuilt: said, exit 1.
    func testAQueueDescriptionThatDiffersFromTheBuiltInOneIsSaid() throws {
        let file = root.appendingPathComponent("schemas/queue-contract.json")
        let text = try String(contentsOf: file, encoding: .utf8)
        try text.replacingOccurrences(of: #""name": "legacyArray""#, with: #""name": "legacyArrays""#).write(to: file, atomically: true, encoding: .utf8)
        let run = try GateTestSupport.runCLI(["golden", "schemas", "--root", root.path])
        XCTAssertEqual(run.status, 1, run.err)
        XCTAssertTrue(run.err.contains("schemas/queue-contract.json differs from the queue description built into this harness"), run.err)
    }
}

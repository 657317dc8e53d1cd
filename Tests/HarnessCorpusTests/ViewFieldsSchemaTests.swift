import ContractModel
import Foundation
import HarnessCorpus
import HarnessTestSupport
import WidgetSnapshot
import XCTest
import TestSupport

/// The view schema's revision part is what the contract description gives, byte for byte,
/// and names every field a revision after 1 adds with its type.
final class ViewFieldsSchemaTests: XCTestCase {
    func testTheCommittedFileIsWhatTheDescriptionWrites() throws {
        let url = TestRepository.root.appendingPathComponent(ViewFieldsSchema.path)
        let committed = Array(try Data(contentsOf: url))
        XCTAssertEqual(String(decoding: committed, as: UTF8.self), String(decoding: ViewFieldsSchema.bytes(), as: UTF8.self),
                       "run `contract-harness golden schemas --write` after editing schemas/contract.json")
    }

    func testEveryAddedFieldIsInTheSchemaAndRequiredInExpectedLines() throws {
        guard case .object(let top) = try JSONParser().parse(ViewFieldsSchema.bytes()),
              case .object(let defs)? = top["$defs"], case .object(let members)? = defs["members"],
              case .object(let properties)? = members["properties"], case .object(let complete)? = defs["complete"],
              case .array(let required)? = complete["required"] else { return XCTFail("unexpected shape") }
        let added = ContractDescription.current.addedMembers.map(\.name)
        XCTAssertFalse(added.isEmpty)
        XCTAssertEqual(properties.keys.map(\.string), added)
        XCTAssertEqual(required.compactMap { $0.stringValue?.string }, added)
        guard case .object(let rowMembers)? = defs["rowMembers"], case .object(let rowProperties)? = rowMembers["properties"] else {
            return XCTFail("no rowMembers")
        }
        XCTAssertEqual(rowProperties.keys.map(\.string), ContractDescription.current.addedRowMembers.map(\.name))
    }
}

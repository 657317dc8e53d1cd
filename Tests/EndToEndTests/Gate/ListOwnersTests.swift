import Foundation
import XCTest
@testable import HarnessGate
import HarnessCorpus
import HarnessReaders
import HarnessTestSupport
import TestSupport

/// A list in golden/divergences belongs to a reader the gate runs (or to a testee that it
/// declares itself for); a list that is a FIFO is named without being opened.
final class ListOwnersTests: XCTestCase {
    private var paths: HarnessPaths!

    override func setUpWithError() throws {
        paths = try GateTestSupport.smallTree()
    }

    override func tearDownWithError() throws {
        GateTestSupport.remove(paths)
    }

    private var options: Gate.Options { Gate.Options(includeRecordings: false) }

    private func write(_ text: String, to name: String) throws {
        try text.write(to: paths.golden.appendingPathComponent("divergences/\(name)"), atomically: true, encoding: .utf8)
    }

    private func refusal() -> String {
        do {
            _ = try Gate.check(paths, options: options)
            return "accepted"
        } catch {
            return "\(error)"
        }
    }

    func testAListForNoReaderIsRefusedNamingItAndTheReaderItProbablyMeant() throws {
        try write("*/base@*  [parse]  the Swift reader is excused here\n", to: "swfit.txt")
        XCTAssertTrue(refusal().hasPrefix("golden/divergences/swfit.txt: no reader is named `swfit` (did you mean swift.txt?)"), refusal())
        try FileManager.default.removeItem(at: paths.golden.appendingPathComponent("divergences/swfit.txt"))
        try write("# testee: someone-else\n*/base@*  [parse]  a testee of another name\n", to: "nobody.txt")
        XCTAssertTrue(refusal().hasPrefix("golden/divergences/nobody.txt: no reader is named `nobody`: "), refusal())
        XCTAssertTrue(refusal().contains("`# testee: nobody`"), refusal())
    }

    func testATesteesListIsItsOwnerWhenRunOrWhenItDeclaresItself() throws {
        try write("# a list for a testee\n", to: "mine.txt")
        XCTAssertNotEqual(refusal(), "accepted")
        let mine = ExternalProcessReader(name: "mine", command: "exit 3")
        XCTAssertNoThrow(try ListOwners.check(paths, known: ["swift", "c", "kotlin", mine.name]))
        try write("# testee: mine\n# more comments\n", to: "mine.txt")
        XCTAssertNoThrow(try ListOwners.check(paths, known: ["swift", "c", "kotlin"]))
        try write("\u{FEFF}# a list saved with CRLF\r\n# testee: mine\r\n", to: "mine.txt")
        XCTAssertNoThrow(try ListOwners.check(paths, known: ["swift", "c", "kotlin"]), "a BOM and CRLF read as LF")
        // The repository's own testee list declares itself.
        XCTAssertTrue(ListOwners.declares(Array(try String(contentsOf: TestRepository.root
            .appendingPathComponent("golden/divergences/ios-example.txt"), encoding: .utf8).utf8), name: "ios-example"))
    }

    func testAFIFOListIsNamedAndNeverBlocks() throws {
        let list = paths.golden.appendingPathComponent("divergences/swift.txt")
        try FileManager.default.removeItem(at: list)
        XCTAssertEqual(mkfifo(list.path, 0o644), 0)
        let done = expectation(description: "check returns")
        let paths = self.paths!
        let options = self.options
        let message = Message()
        Thread.detachNewThread {
            do { _ = try Gate.check(paths, options: options); message.text = "accepted" } catch { message.text = "\(error)" }
            done.fulfill()
        }
        wait(for: [done], timeout: 60)
        XCTAssertTrue(message.text.hasPrefix("golden/divergences/swift.txt: is a FIFO (named pipe), not a regular file"), message.text)
    }

    private final class Message: @unchecked Sendable { var text = "" }
}

import Foundation
import HarnessGate
import XCTest
import TestSupport

/// A measurement rewrites only its own block of a guide; a block that is missing is appended; markers
/// that do not pair up are refused with the file and lines, and nothing is written.
final class GeneratedBlockTests: XCTestCase {
    private let fuzz = GeneratedBlock(key: "fuzz", command: "scripts/bench --only fuzz", heading: "### Fuzz")
    private let gate = GeneratedBlock(key: "gate", command: "scripts/bench --only gate", heading: "### The gate")

    private var guide: String {
        """
        # Benchmarks

        Method, by hand.

        ### Fuzz

        \(fuzz.beginLine)
        old fuzz rows
        \(fuzz.endLine)

        ### The gate

        \(gate.beginLine)
        old gate rows
        \(gate.endLine)
        Text after, by hand.

        """
    }

    func testOnlyItsOwnBlockIsRewritten() throws {
        let after = try fuzz.replacing(in: guide, body: "new fuzz rows\nsecond line", file: "docs/benchmarks.md")
        XCTAssertEqual(after, guide.replacingOccurrences(of: "old fuzz rows", with: "new fuzz rows\nsecond line"))
        XCTAssertEqual(try fuzz.replacing(in: after, body: "old fuzz rows\n", file: "f"), guide)
    }

    func testTheBlockIsFoundByItsKeyWhateverCommandWroteItLast() throws {
        let quick = GeneratedBlock(key: "fuzz", command: "scripts/bench --only fuzz --quick", heading: "### Fuzz")
        let after = try quick.replacing(in: guide, body: "quick rows", file: "f")
        XCTAssertTrue(after.contains(quick.beginLine + "\nquick rows\n" + quick.endLine + "\n"))
        XCTAssertFalse(after.contains(fuzz.beginLine))
        XCTAssertTrue(after.contains("old gate rows"))
    }

    func testAMissingBlockIsAppendedUnderItsHeading() throws {
        let limit = GeneratedBlock(key: "limit", command: "scripts/bench --only limit", heading: "### At the fixture limit")
        let after = try limit.replacing(in: guide, body: "rows", file: "f")
        XCTAssertEqual(after, guide + "\n### At the fixture limit\n\n" + limit.beginLine + "\nrows\n" + limit.endLine + "\n")
        XCTAssertEqual(try limit.replacing(in: "", body: "rows", file: "f"),
                       "### At the fixture limit\n\n" + limit.beginLine + "\nrows\n" + limit.endLine + "\n")
    }

    func testMarkersThatDoNotPairUpAreRefusedAndNothingIsWritten() throws {
        let file = Scratch.url("guide", extension: "md")
        defer { Scratch.remove(file) }
        for broken in [guide.replacingOccurrences(of: fuzz.endLine + "\n", with: ""),                  // no END
                       guide.replacingOccurrences(of: "old gate rows", with: "old gate rows\n" + fuzz.beginLine),  // two BEGINs
                       guide.replacingOccurrences(of: fuzz.beginLine + "\n", with: "")] {              // an END alone
            try broken.write(to: file, atomically: false, encoding: .utf8)
            XCTAssertThrowsError(try fuzz.write(body: "new", into: file)) { error in
                XCTAssertTrue("\(error)".contains("the markers of block `fuzz` do not pair up"), "\(error)")
            }
            XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), broken)
        }
        let nested = guide.replacingOccurrences(of: "old fuzz rows", with: "<!-- END GENERATED gate -->")
        XCTAssertThrowsError(try fuzz.replacing(in: nested, body: "new", file: "docs/benchmarks.md")) { error in
            XCTAssertEqual("\(error)", "docs/benchmarks.md:8: a marker inside block `fuzz` (lines 7-9); fix it by hand, nothing was written")
        }
        XCTAssertThrowsError(try fuzz.replacing(in: guide, body: "rows\n" + gate.endLine, file: "f")) { error in
            XCTAssertTrue("\(error)".contains("holds a marker line"), "\(error)")
        }
    }

    func testWriteReplacesTheFileAndMakesANewOne() throws {
        let file = Scratch.url("guide", extension: "md")
        defer { Scratch.remove(file) }
        try fuzz.write(body: "rows", into: file)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "### Fuzz\n\n" + fuzz.beginLine + "\nrows\n" + fuzz.endLine + "\n")
        try fuzz.write(body: "other rows", into: file)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "### Fuzz\n\n" + fuzz.beginLine + "\nother rows\n" + fuzz.endLine + "\n")
    }
}

import HarnessGate
import XCTest

/// README's transcript of `check` is generated: `golden refresh` puts its gate run's header,
/// reader table and verdict between the markers, and nothing outside them.
final class DocTranscriptTests: XCTestCase {
    private let summary = """
    contract-harness check: 12 cases from 2 fixtures

    reader    agree
    swift     12

    by family:
      base    12 cases

    PASS
    """

    func testTheTranscriptIsTheHeaderTheReaderTableAndTheVerdict() {
        XCTAssertEqual(DocTranscript.render(summary), """
        ```
        $ scripts/harness check
        contract-harness check: 12 cases from 2 fixtures

        reader    agree
        swift     12
        …
        PASS
        ```
        """)
    }

    func testOnlyTheRegionIsReplacedAndADocumentWithoutOneIsLeftAlone() throws {
        let document = "# Title\n\(DocTranscript.begin)\nold\n\(DocTranscript.end)\n\nafter\n"
        let replaced = try XCTUnwrap(DocTranscript.replacing(in: document, with: "new"))
        XCTAssertEqual(replaced, "# Title\n\(DocTranscript.begin)\nnew\n\(DocTranscript.end)\n\nafter\n")
        XCTAssertEqual(DocTranscript.current(in: replaced), "new")
        XCTAssertNil(DocTranscript.replacing(in: "# no region\n", with: "new"))
        XCTAssertNil(DocTranscript.replacing(in: "\(DocTranscript.begin)\nno end\n", with: "new"), "a BEGIN without its END is not a region")
    }
}

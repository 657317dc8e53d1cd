import Foundation
import HarnessTestSupport
import TestSupport
import XCTest

/// The implementations under test and the tools left `scripts/` for `ends/` and `tools/`; their
/// old paths keep working for a release: a moved executable runs the new one with a note on
/// stderr naming it, and a moved file or folder is the new one under its old name.
final class MovedPathsTests: XCTestCase {
    private static let movedFiles = [
        "scripts/kotlin/WidgetData.kt": "ends/kotlin/WidgetData.kt", "scripts/kotlin/TesteeMain.kt": "ends/kotlin/TesteeMain.kt",
        "scripts/kotlin/WidgetDisplay.kt": "ends/kotlin/WidgetDisplay.kt", "scripts/kotlin/README.md": "ends/kotlin/README.md",
        "scripts/writer/src/projection.ts": "ends/writer/src/projection.ts", "scripts/c-testee/main.c": "ends/c-testee/main.c",
        "scripts/adequacy.d/sites.py": "tools/adequacy/sites.py", "scripts/kotlin/probe/ORGJSON-FACTS.txt": "docs/evidence/orgjson-probe/ORGJSON-FACTS.txt",
    ]

    func testAMovedFileIsTheNewOneUnderItsOldName() throws {
        for (old, new) in Self.movedFiles {
            let oldURL = TestRepository.url(old).resolvingSymlinksInPath(), newURL = TestRepository.url(new).resolvingSymlinksInPath()
            XCTAssertEqual(oldURL.path, newURL.path, old)
        }
    }

    func testAMovedExecutableRunsTheNewOneWithANote() throws {
        for tool in ["downlevel", "reader-api"] {
            let old = try GateTestSupport.runMerged(TestRepository.url("scripts/kotlin/\(tool)"), ["--help"], changes: [:])
            let new = try GateTestSupport.runMerged(TestRepository.url("tools/kotlin-testee/\(tool)"), ["--help"], changes: [:])
            XCTAssertEqual(old.status, new.status, old.output)
            let run = old
            XCTAssertTrue(run.output.contains("note: moved to tools/kotlin-testee/\(tool)"), run.output)
            XCTAssertTrue(run.output.contains("\(tool):"), "the tool's own help follows: \(run.output)")
        }
    }
}

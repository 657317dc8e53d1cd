@testable import HarnessGate
@testable import HarnessReaders
import ContractModel
import HarnessCorpus
import Foundation
import XCTest
import HarnessTestSupport
import TestSupport

/// `# platform: org.json` in a testee's list (`ReaderPlatform`): read only before the first
/// entry and only for a platform §5 declares departures for, refused in a roster reader's
/// list, and what lets a testee's entries name D1–D8 (a testee without it is told to declare it).
final class PlatformDeclarationTests: XCTestCase {
    private let file = "golden/divergences/app.txt"

    func testTheDeclarationIsReadBeforeTheFirstEntryOnly() throws {
        let list = try DivergenceList.parse("# testee: app\n# platform: org.json\n*/syntax.bom@*  [parse]  D2: org.json strips one leading BOM\n", file: file)
        XCTAssertEqual(list.platform, .orgJSON)
        XCTAssertEqual(list.platformLine, 2)
        XCTAssertNil(try DivergenceList.parse("# an ordinary comment\n", file: file).platform)

        func refusal(_ text: String) -> String {
            do { _ = try DivergenceList.parse(text, file: file); return "accepted" } catch { return "\(error)" }
        }
        XCTAssertTrue(refusal("# platform: gson\n").contains("`gson` is not a platform CONTRACT.md §5 declares departures for (org.json)"), refusal("# platform: gson\n"))
        let late = "*/syntax.bom@*  [parse]  D2: org.json strips one leading BOM\n# platform: org.json\n"
        XCTAssertTrue(refusal(late).contains("app.txt:2") && refusal(late).contains("before the first entry"), refusal(late))
        XCTAssertTrue(refusal("# platform: org.json\n# platform: org.json\n").contains("a second platform line (the first is line 1)"))
    }

    /// A roster reader's platform is the roster's: its list cannot declare one (Swift's least of all).
    func testOnlyATesteesListDeclaresAPlatform() throws {
        let root = Scratch.url("platform")
        defer { try? FileManager.default.removeItem(at: root) }
        let lists = root.appendingPathComponent("golden/divergences")
        try FileManager.default.createDirectory(at: lists, withIntermediateDirectories: true)
        for name in ["swift", "app"] {
            try Data("# platform: org.json\n".utf8).write(to: lists.appendingPathComponent("\(name).txt"))
        }
        let paths = HarnessPaths(root: root)
        XCTAssertThrowsError(try paths.judged(.swift)) { error in
            XCTAssertTrue("\(error)".contains("only a testee's list declares a platform"), "\(error)")
        }
        let (entry, _) = try paths.judged(.liveTestee("app", features: .declared("2")))
        XCTAssertEqual(entry.platform, .orgJSON)
        XCTAssertEqual(entry.departures, ContractDeparture.allCases)
        XCTAssertEqual(entry.features, .declared("2"))
        XCTAssertEqual(try paths.judged(.liveTestee("other")).entry.departures, [])
    }

    /// A testee's `Dn:` entry: refused with what to do when it declares no platform; with one, its
    /// other entries may keep their own words (only the roster's Kotlin end must name a departure in each).
    func testATesteeNamesDeparturesOnlyOnItsDeclaredPlatform() throws {
        let text = "*/syntax.bom@*  [parse]  D2: this reader is lenient too\n*/size.deep-nesting#1000@*  [parse]  our own recursion stops earlier\n"
        let bare = try DivergenceList.parse(text, file: file)
        let undeclared = ReaderVerdict.judge(reader: .liveTestee("app"), caseIds: [], expected: [], got: [], list: bare)
        XCTAssertEqual(DepartureCheck.problems(undeclared, list: bare, cases: [], expected: [], got: []),
                       ["golden/divergences/app.txt:1: entry `*/syntax.bom@*` names departure D2, but the app testee declares no platform: a testee that runs on Android's org.json says so with a line `# platform: org.json` at the top of its list, and its departures are then held to what golden/kotlin reads (CONTRACT.md §5); any other reader says why in its own words, without a `Dn:` token"])
        let declared = try DivergenceList.parse("# platform: org.json\n" + text, file: file)
        let onOrgJSON = ReaderVerdict.judge(reader: .liveTestee("app", platform: .orgJSON), caseIds: [], expected: [], got: [], list: declared)
        XCTAssertEqual(DepartureCheck.problems(onOrgJSON, list: declared, cases: [], expected: [], got: []), [])
    }
}

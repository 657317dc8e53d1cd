import Foundation
import HarnessTestSupport
import XCTest
import TestSupport

/// README's folder map ("Where things are") is how a reader finds the code, and it drifted once
/// (it left out 45 % of the harness): every top-level folder, every folder under `Sources/` and
/// every sub-folder of one must be named in it, and every `Sources/…` path README names must exist.
final class ReadmeFolderMapTests: XCTestCase {
    private var root: URL { URL(fileURLWithPath: TestRepository.root.path, isDirectory: true) }

    private func readme() throws -> String {
        try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    }

    func testTheFolderMapNamesEverySourcesFolderAndNothingThatIsGone() throws {
        XCTAssertEqual(try FolderMap.problems(readme: readme(), root: root), [])
    }

    /// Every top-level folder (implementations under test, tools, docs included) is in the map.
    func testTheFolderMapNamesEveryTopLevelFolder() throws {
        XCTAssertEqual(try FolderMap.topLevelProblems(readme: readme(), root: root), [])
        let withoutTools = try readme().replacingOccurrences(of: "- `tools/` —", with: "- the tools —")
        XCTAssertEqual(try FolderMap.topLevelProblems(readme: withoutTools, root: root), ["tools/ is not in README's folder map"])
    }

    /// Planted drift: a target left out, a sub-folder left out, a folder that does not exist.
    func testTheCheckSeesAFolderLeftOutAndAFolderThatIsGone() throws {
        let text = try readme()
        let entry = "  - `Sources/HarnessGate` —"
        XCTAssertTrue(text.contains(entry))
        let withoutGate = text.replacingOccurrences(of: entry, with: "  - the gate —")
        XCTAssertEqual(try FolderMap.problems(readme: withoutGate, root: root),
                       ["Sources/HarnessGate is not in README's folder map"])

        let withoutDiff = text.replacingOccurrences(of: "`Diff/`", with: "Diff")
        XCTAssertEqual(try FolderMap.problems(readme: withoutDiff, root: root),
                       ["Sources/HarnessGate/Diff is not in README's folder map (name `Diff/` in its entry)"])

        let withGone = text.replacingOccurrences(of: "- `Sources/WidgetBench` —", with: "- `Sources/WidgetBench`, `Sources/Gone` —")
            .replacingOccurrences(of: "`Reporting/`", with: "`Reporting/`, `Vanished/`")
        XCTAssertEqual(try FolderMap.problems(readme: withGone, root: root),
                       ["README names Sources/Gone, which does not exist",
                        "README's entry for Sources/HarnessFuzz names `Vanished/`, which is not a folder of it"])
    }
}

/// The check itself: README's "Where things are" section read as entries (a `- ` line and the
/// lines under it); an entry that names `Sources/X` owns the `Y/` names written in it.
private enum FolderMap {
    static func problems(readme: String, root: URL) throws -> [String] {
        let sources = root.appendingPathComponent("Sources")
        var problems: [String] = []
        var named: [String: Set<String>] = [:]
        for entry in entries(of: section(readme)) {
            let targets = matches(#"`Sources/([^`/]+)/?`"#, in: entry)
            let folders = Set(matches(#"`([A-Za-z0-9_-]+)/`"#, in: entry))
            for target in targets { named[target, default: []].formUnion(folders) }
            for folder in folders.sorted() where !targets.isEmpty
                && !targets.contains(where: { isFolder(sources.appendingPathComponent($0).appendingPathComponent(folder)) }) {
                problems.append("README's entry for \(targets.map { "Sources/\($0)" }.joined(separator: ", ")) names `\(folder)/`, which is not a folder of it")
            }
        }
        problems = Set(matches(#"`(Sources/[^`<*]+?)/?`"#, in: readme)).sorted()
            .filter { !FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path) }
            .map { "README names \($0), which does not exist" } + problems
        for target in try subfolders(of: sources) {
            guard let folders = named[target] else {
                problems.append("Sources/\(target) is not in README's folder map")
                continue
            }
            for folder in try subfolders(of: sources.appendingPathComponent(target)) where !folders.contains(folder) {
                problems.append("Sources/\(target)/\(folder) is not in README's folder map (name `\(folder)/` in its entry)")
            }
        }
        return problems
    }

    /// Every top-level folder but the hidden and generated ones, named `` `NAME/` `` at the
    /// start of an entry of the section.
    static func topLevelProblems(readme: String, root: URL) throws -> [String] {
        let named = Set(matches(#"(?m)^- `([A-Za-z0-9_-]+)/`"#, in: section(readme)))
        return try subfolders(of: root).filter { !named.contains($0) && !["build-c"].contains($0) }.map { "\($0)/ is not in README's folder map" }
    }

    private static func section(_ readme: String) -> String {
        guard let start = readme.range(of: "\n## Where things are\n") else { return "" }
        let rest = readme[start.upperBound...]
        return String(rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)])
    }

    private static func entries(of section: String) -> [String] {
        var entries: [String] = []
        for line in section.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.drop(while: { $0 == " " }).hasPrefix("- ") || entries.isEmpty {
                entries.append(String(line))
            } else {
                entries[entries.count - 1] += "\n" + line
            }
        }
        return entries
    }

    private static func matches(_ pattern: String, in text: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    private static func subfolders(of url: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path)
            .filter { !$0.hasPrefix(".") && isFolder(url.appendingPathComponent($0)) }.sorted()
    }

    private static func isFolder(_ url: URL) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &folder) && folder.boolValue
    }
}

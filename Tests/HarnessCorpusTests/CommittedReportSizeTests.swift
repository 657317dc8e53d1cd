import Foundation
import XCTest
import TestSupport

/// No generated report over 200 KB sits in the tree: measurements are reports kept out of the
/// repository (CI artifacts, `.build/`) with a small summary committed. A 622 KB ADEQUACY.md and a
/// 5.5 MB ADEQUACY.json once lay at the root. Every file over the limit must be data the gate or a
/// test reads, in a place `TreeSizes.data` lists with the reason.
final class CommittedReportSizeTests: XCTestCase {
    func testNoFileOverTheLimitIsAReport() throws {
        XCTAssertEqual(try TreeSizes.problems(root: TestRepository.root), [])
    }

    /// Planted: a report at the root, a grown guide, a large file beside the golden views; data over
    /// the limit where it belongs passes, and so does anything under `.build/`.
    func testTheCheckSeesAReportOverTheLimitAndNothingElse() throws {
        let tree = Scratch.folder("report-sizes")
        defer { Scratch.remove(tree) }
        func put(_ path: String, bytes: Int) throws {
            let url = tree.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(repeating: 0x61, count: bytes).write(to: url)
        }
        try put("golden/expected/canonical.jsonl", bytes: TreeSizes.limit * 3)
        try put("tools/adequacy/equivalent.tsv", bytes: TreeSizes.limit + 1)
        try put(".build/adequacy/report/adequacy.json", bytes: TreeSizes.limit * 2)
        try put("docs/reports/adequacy.md", bytes: TreeSizes.limit)
        XCTAssertEqual(try TreeSizes.problems(root: tree), [])

        try put("ADEQUACY.md", bytes: TreeSizes.limit + 1)
        try put("docs/benchmarks.md", bytes: TreeSizes.limit * 2)
        try put("golden/expected.md", bytes: TreeSizes.limit + 1)
        XCTAssertEqual(try TreeSizes.problems(root: tree), [
            "ADEQUACY.md is 200,001 bytes: a report over 200,000 bytes is not committed (generate it under .build/, upload it from CI, commit a summary)",
            "docs/benchmarks.md is 400,000 bytes: a report over 200,000 bytes is not committed (generate it under .build/, upload it from CI, commit a summary)",
            "golden/expected.md is 200,001 bytes: a report over 200,000 bytes is not committed (generate it under .build/, upload it from CI, commit a summary)",
        ])
    }
}

/// The files of a tree over the report limit that are not data: everything but hidden folders
/// (`.build`, `.git`, `.swiftpm`) and the ignored build folders.
enum TreeSizes {
    static let limit = 200_000

    /// Where a file over the limit is data, and why it may be that large.
    static let data: [(path: String, why: String)] = [
        ("golden/expected/", "the expected views: one line per case, written by `golden update` after review"),
        ("golden/kotlin/", "the Kotlin end's recording: one line per case, written by the recording command"),
        ("Tests/Behaviour/", "the behaviour tables Swift, C and Kotlin are held to"),
        ("tools/adequacy/equivalent.tsv", "generated mutants reviewed as equivalent, one id and reason a line"),
    ]

    private static let skipped: Set<String> = ["build-c", "__pycache__", "node_modules"]

    static func problems(root: URL) throws -> [String] {
        var problems: [String] = []
        let base = root.standardizedFileURL.path
        guard let walk = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.fileSizeKey, .isRegularFileKey],
                                                        options: [.skipsHiddenFiles]) else { return [] }
        for case let url as URL in walk {
            if skipped.contains(url.lastPathComponent) {
                walk.skipDescendants()
                continue
            }
            let values = try url.resourceValues(forKeys: [.fileSizeKey, .isRegularFileKey])
            guard values.isRegularFile == true, let size = values.fileSize, size > limit else { continue }
            let path = String(url.standardizedFileURL.path.dropFirst(base.count + 1))
            if data.contains(where: { path == $0.path || ($0.path.hasSuffix("/") && path.hasPrefix($0.path)) }) { continue }
            problems.append("\(path) is \(grouped(size)) bytes: a report over \(grouped(limit)) bytes is not committed "
                            + "(generate it under .build/, upload it from CI, commit a summary)")
        }
        return problems.sorted()
    }

    /// 200000 → "200,000".
    static func grouped(_ number: Int) -> String {
        var digits = String(number)
        var out = ""
        while digits.count > 3 {
            out = "," + digits.suffix(3) + out
            digits.removeLast(3)
        }
        return digits + out
    }
}

import Foundation

/// The files of a tree over the report limit (200 KB) that are not data: everything but hidden
/// folders (`.build`, `.git`, `.swiftpm`) and the ignored build folders. A 622 KB ADEQUACY.md and a
/// 5.5 MB ADEQUACY.json once lay at the root; a generated report is kept under .build/ or uploaded
/// from CI, with a small summary committed (docs/reports/).
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

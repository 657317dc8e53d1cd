import Foundation

/// `scripts/` holds scripts: it once held 14,200 lines in six languages (implementations under
/// test, two tools, research notes) beside 1,300 lines of actual scripts. Every regular file in it is
/// a script (executable, a `#!` first line) or data a script reads (listed here), never the source
/// of a program (Kotlin, C, Swift, TypeScript, … have their homes in ends/ and tools/), and the
/// scripts add up to at most `lineLimit` lines. Links count nothing: they are the moved paths kept
/// working for a release, and point out of the folder.
enum ScriptsFolder {
    static let lineLimit = 3_000

    /// Data a script reads, and which script.
    static let data: [(path: String, why: String)] = [
        ("scripts/xctest-durations.tsv", "each test's duration, which scripts/xctest-shards balances CI's shards by"),
        ("scripts/release.d/Dockerfile", "the image scripts/release builds the release in"),
    ]

    /// The extensions of program sources, which are never scripts here.
    static let sourceExtensions: Set<String> = ["kt", "kts", "java", "c", "h", "m", "swift", "ts", "js", "mjs", "cjs"]

    static func problems(root: URL) throws -> [String] {
        let folder = root.appendingPathComponent("scripts")
        let base = root.standardizedFileURL.path
        var problems: [String] = []
        var lines = 0
        guard let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isSymbolicLinkKey, .isRegularFileKey],
                                                        options: [.skipsHiddenFiles]) else { return ["there is no scripts/"] }
        for case let url as URL in walk {
            let values = try url.resourceValues(forKeys: [.isSymbolicLinkKey, .isRegularFileKey])
            if values.isSymbolicLink == true {
                walk.skipDescendants()
                continue
            }
            if url.lastPathComponent == "__pycache__" { walk.skipDescendants(); continue }
            guard values.isRegularFile == true else { continue }
            let path = String(url.standardizedFileURL.path.dropFirst(base.count + 1))
            if data.contains(where: { $0.path == path }) { continue }
            let bytes = try Data(contentsOf: url)
            if sourceExtensions.contains(url.pathExtension) {
                problems.append("\(path) is the source of a program, not a script (its home is ends/ or tools/)")
            } else if !bytes.starts(with: Array("#!".utf8)) || !FileManager.default.isExecutableFile(atPath: url.path) {
                problems.append("\(path) is not a script (no `#!` line, or not executable) nor data a script reads (ScriptsFolder.data)")
            }
            lines += bytes.filter { $0 == UInt8(ascii: "\n") }.count
        }
        if lines > lineLimit { problems.append("scripts/ holds \(lines) lines of scripts, over \(lineLimit)") }
        return problems.sorted()
    }
}

import Foundation

/// A reviewed list of the cases on which one reader is *known* to deviate from the
/// expected outputs (`golden/divergences/<reader>.txt`), each with its reason.
///
/// Like the protobuf conformance runner's failure lists, it goes stale loudly: the gate
/// fails on a deviation the list does not name **and** on an entry that no longer
/// matches any deviation.
///
/// Format: one entry per line, `PATTERN  REASON`; the pattern is a case id or a glob
/// (`*` any run of characters, `?` one character); blank lines and `#` comments are
/// ignored; the reason is required.
public struct DivergenceList: Sendable {
    /// One reviewed entry.
    public struct Entry: Equatable, Sendable {
        public var pattern: String
        public var reason: String
        /// One-based line in the list file.
        public var line: Int

        public func matches(_ caseId: String) -> Bool { Glob.matches(pattern: Array(pattern.utf8), text: Array(caseId.utf8)) }
    }

    public var file: String
    public var entries: [Entry]

    public init(file: String, entries: [Entry]) {
        self.file = file
        self.entries = entries
    }

    /// Reads a list; a missing file is an empty list.
    public static func load(_ url: URL, displayName: String) throws -> DivergenceList {
        guard FileManager.default.fileExists(atPath: url.path) else { return DivergenceList(file: displayName, entries: []) }
        let text = try String(contentsOf: url, encoding: .utf8)
        return try parse(text, file: displayName)
    }

    public static func parse(_ text: String, file: String) throws(HarnessInputError) -> DivergenceList {
        var entries: [Entry] = []
        var seen: Set<String> = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let pattern = String(line.prefix { $0 != " " && $0 != "\t" })
            let reason = line.dropFirst(pattern.count).trimmingCharacters(in: .whitespaces)
            guard !reason.isEmpty else {
                throw HarnessInputError(file: file, line: index + 1, message: "entry `\(pattern)` has no reason (write `PATTERN  REASON`)")
            }
            guard pattern.utf8.allSatisfy(Glob.isAllowed) else {
                throw HarnessInputError(file: file, line: index + 1, message: "pattern `\(pattern)` has characters a case id never has")
            }
            guard seen.insert(pattern).inserted else {
                throw HarnessInputError(file: file, line: index + 1, message: "pattern `\(pattern)` is listed twice")
            }
            entries.append(Entry(pattern: pattern, reason: reason, line: index + 1))
        }
        return DivergenceList(file: file, entries: entries)
    }

    /// The first entry naming this case.
    public func entry(for caseId: String) -> Entry? { entries.first { $0.matches(caseId) } }
}

/// Glob matching over case ids: `*` any run (also across `/` and `@`), `?` one byte.
enum Glob {
    static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "._-/#@*?+".utf8.contains(byte)
        }
    }

    static func matches(pattern: [UInt8], text: [UInt8]) -> Bool {
        var p = 0, t = 0
        var starP = -1, starT = 0
        while t < text.count {
            if p < pattern.count && (pattern[p] == UInt8(ascii: "?") || pattern[p] == text[t]) {
                p += 1; t += 1
            } else if p < pattern.count && pattern[p] == UInt8(ascii: "*") {
                starP = p; starT = t; p += 1
            } else if starP >= 0 {
                p = starP + 1; starT += 1; t = starT
            } else {
                return false
            }
        }
        while p < pattern.count && pattern[p] == UInt8(ascii: "*") { p += 1 }
        return p == pattern.count
    }
}

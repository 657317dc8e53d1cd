import Foundation

/// The lines of a guide, outside its generated blocks, that read like a run log: a date, a time of
/// day, an issue number, "this session", "Measured on …", or a commit of this project. A guide says
/// what is true now; when and in which run it was measured belongs in git and in generated blocks.
enum RunNotes {
    private static let patterns = [
        #"(?<!")\b(19|20)\d\d-\d\d-\d\d\b(?!")"#,                                                 // a date (not a quoted value)
        #"\b\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]* (19|20)\d\d\b"#,
        #"\b\d\d:\d\d( |–|-)?(\d\d:\d\d )?UTC\b"#,                                                // a time of day
        #"(?i)\(issue \d+\)|\bissue \d+\b"#,
        #"(?i)\b(this|second|first|last) session\b"#,
        #"\bMeasured (on|at|in)\b"#,
    ].map { try! NSRegularExpression(pattern: $0) }

    /// A word that could be an abbreviated commit: 7 to 40 hex digits, a digit and a letter among
    /// them, not part of a longer name (a mutant id's suffix, a path, a SHA-256 digest).
    private static let hexWord = try! NSRegularExpression(
        pattern: #"(?<![.\w/-])(?=[0-9a-f]*[0-9])(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}(?![\w-])"#)

    /// The run-log lines of `text`; `isCommit` says which hex words are commits of this project
    /// (the app's commits are sources and stay).
    static func lines(_ text: String, isCommit: (String) -> Bool) -> [String] {
        Guides.proseLines(text).filter { line in
            let range = NSRange(line.startIndex..., in: line)
            return patterns.contains { $0.firstMatch(in: line, range: range) != nil } || hexWords(line).contains(where: isCommit)
        }
    }

    /// Every hex word of `text` outside its generated blocks: what to ask git about.
    static func hexWords(_ text: String) -> Set<String> {
        Set(Guides.proseLines(text).flatMap { line in
            hexWord.matches(in: line, range: NSRange(line.startIndex..., in: line)).compactMap { Range($0.range, in: line).map { String(line[$0]) } }
        })
    }
}

/// Which words name an object of this repository (`git cat-file --batch-check`, one process for
/// all of them): a hash of this project's history, as opposed to the app's, which it has not.
enum RepositoryObjects {
    static func existing(_ words: Set<String>, root: URL) throws -> Set<String> {
        let asked = words.sorted()
        guard !asked.isEmpty else { return [] }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", root.path, "cat-file", "--batch-check"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(asked.map { $0 + "\n" }.joined().utf8))
        try input.fileHandleForWriting.close()
        let answer = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "git cat-file failed in \(root.path)"]) }
        let lines = answer.split(separator: "\n")
        guard lines.count == asked.count else { throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "git cat-file answered \(lines.count) of \(asked.count)"]) }
        // "<word> missing" for an unknown name; a found one is "<sha> <type> <size>", an
        // abbreviation of several objects "<word> ambiguous": both are this project's.
        return Set(zip(asked, lines).filter { !$0.1.hasSuffix(" missing") }.map(\.0))
    }
}

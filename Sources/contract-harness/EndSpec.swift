/// `NAME[@DECLARED]=COMMAND`: the one spelling the command line has for every external end — a
/// testee (`--testee`), a writer (`--writer`), a recorded reader (`golden record`) — so each is
/// known by its name in lists, reports and findings, says what part of the contract it
/// implements after `@`, and runs its command (`/bin/sh -c`, in a process group of its own).
struct EndSpec: Equatable {
    var name: String
    /// What it declares it implements (`2`, a set of features), as written; nil without `@`.
    var declared: String?
    var command: String

    /// A name: lower-case letters, digits, `-` and `_` (it keys a list file and report ids).
    static func isName<S: StringProtocol>(_ text: S) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D || $0 == 0x5F }
    }

    /// Whether `text` starts as an end's spelling does (`NAME=` or `NAME@…=`), which tells it
    /// from a bare command of an earlier release's `--writer COMMAND`.
    static func isSpelledAsEnd(_ text: String) -> Bool {
        guard let equals = text.firstIndex(of: "=") else { return false }
        let head = text[..<equals]
        let name = head.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return isName(name) && !head.contains(" ")
    }

    static func parse(_ text: String, option: String) throws(UsageError) -> EndSpec {
        guard let equals = text.firstIndex(of: "=") else { throw UsageError("\(option) takes NAME[@…]=COMMAND, got `\(text)`") }
        var name = String(text[..<equals])
        var declared: String?
        if let at = name.firstIndex(of: "@") {
            declared = String(name[name.index(after: at)...])
            name = String(name[..<at])
        }
        guard isName(name) else { throw UsageError("\(option): the name `\(name)` must be [a-z0-9_-]+ (it names the end's list and its column in every report)") }
        let command = String(text[text.index(after: equals)...])
        guard !command.trimmingCharacters(in: .whitespaces).isEmpty else { throw UsageError("\(option) \(name)= has no command") }
        return EndSpec(name: name, declared: declared, command: command)
    }
}

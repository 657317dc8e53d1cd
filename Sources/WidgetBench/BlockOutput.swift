import Foundation
import HarnessGate

/// Where one measurement goes besides the terminal: its own generated block of the benchmarks guide
/// (`--markdown FILE`; `scripts/bench` passes `docs/benchmarks.md` unless `--no-markdown`), under a
/// stamp saying what made it, at which commit, when, on how many cores and under what load, so a
/// figure the guide cites comes from a command and says how far to trust it.
struct BlockOutput {
    /// The guide to write into; nil: print only.
    var file: String?
    /// The command as the user typed it (`--command`, from `scripts/bench`).
    var command: String
    var root: String

    /// Takes `--markdown FILE` and `--command TEXT` from the options.
    init(_ options: inout Options, root: String, defaultCommand: String) {
        file = options.value("--markdown")
        command = options.value("--command") ?? defaultCommand
        self.root = root
    }

    /// The stamp, the body; printed, and written into the block `key` when there is a file.
    func emit(key: String, heading: String, body: String, loadBefore: String?) throws {
        try emit(key: key, heading: heading,
                 text: Stamp.line(command: command, root: root, loadBefore: loadBefore, guide: file) + "\n\n" + body)
    }

    /// `text` (its own stamp first) printed, and written into the block `key` when there is a file.
    func emit(key: String, heading: String, text: String) throws {
        print("== Markdown (block `\(key)`)\n\n" + text)
        guard let file else { return }
        try GeneratedBlock(key: key, command: command, heading: heading).write(body: text, into: URL(fileURLWithPath: file))
        log("wrote block `\(key)` of \(file)")
    }
}

/// The first line of a generated block: what made it, where, when, and the load around it.
enum Stamp {
    static func line(command: String, root: String, loadBefore: String?, loadAfter: String = Machine.loadAverage(),
                     guide: String? = nil, date: Date = Date()) -> String {
        let made = Machine.commit(root: root, ignoring: guide).map { "`\($0.commit)`" + ($0.dirty ? " with uncommitted changes" : "") }
            ?? "unknown"
        let when = ISO8601DateFormatter.string(from: date, timeZone: TimeZone(identifier: "UTC")!,
                                               formatOptions: [.withFullDate, .withTime, .withColonSeparatorInTime, .withSpaceBetweenDateAndTime])
        let load = loadBefore.map { "load average before \($0), after \(loadAfter)" } ?? "load average \(loadAfter)"
        return "_Made by `\(command)` at commit \(made), \(when) UTC, \(ProcessInfo.processInfo.activeProcessorCount) cores; \(load)._"
    }
}

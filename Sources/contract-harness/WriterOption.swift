import Foundation
import HarnessGate
import HarnessReaders

/// `--writer COMMAND`, the same for every subcommand that builds the case stream (check,
/// report, cases, update, explain): which writer end turns golden/states into the `writer`
/// family. Without it, the tree's own (`scripts/build-writer --print-command`).
enum WriterOption {
    static let help = """
      --writer NAME[@REVISION]=COMMAND
                            the writer end that turns golden/states into blobs (default: the tree's)
    """

    static func parse(_ arguments: inout Arguments, root: URL) throws(UsageError) -> (command: WriterCommand, revision: WriterRevision) {
        guard let spec = try arguments.option("--writer") else { return (.tree, WriterRevision()) }
        return try parse(spec, option: "--writer", root: root)
    }

    /// `NAME[@REVISION]=COMMAND`, the spelling of every external end; an earlier release's
    /// `COMMAND[@REVISION]` (no name) is still taken, with a note saying the new spelling. A
    /// revision is one with a writer schema in `root` (`WriterRevision.known(root:)`).
    static func parse(_ spec: String, option: String, root: URL) throws(UsageError) -> (command: WriterCommand, revision: WriterRevision) {
        guard EndSpec.isSpelledAsEnd(spec) else {
            StandardStreams.err("contract-harness: note: \(option) COMMAND[@REVISION] is now \(option) NAME[@REVISION]=COMMAND (e.g. app=\(spec.prefix(24))…); the old spelling works until the next major release\n")
            return try legacy(spec, option: option, root: root)
        }
        let end = try EndSpec.parse(spec, option: option)
        return try legacy(end.command + (end.declared.map { "@" + $0 } ?? ""), option: option, root: root)
    }

    /// `COMMAND[@REVISION]`: the command, and the revision after its last `@` when that is digits.
    private static func legacy(_ spec: String, option: String, root: URL) throws(UsageError) -> (command: WriterCommand, revision: WriterRevision) {
        let (command, text) = WriterRevision.split(spec)
        guard !command.trimmingCharacters(in: .whitespaces).isEmpty else { throw UsageError("\(option) needs a command") }
        guard let text else { return (.command(command), WriterRevision()) }
        if let refusal = WriterRevision.refusal(text, root: root) { throw UsageError("\(option) …@\(text): \(refusal)") }
        return (.command(command), WriterRevision(declared: Int(text)))
    }
}

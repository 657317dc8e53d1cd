import HarnessReaders

/// `--writer COMMAND`, the same for every subcommand that builds the case stream (check,
/// report, cases, update, explain): which writer end turns golden/states into the `writer`
/// family. Without it, the tree's own (`scripts/build-writer --print-command`).
enum WriterOption {
    static let help = """
      --writer COMMAND      the writer end that turns golden/states into the writer family's blobs
                            (app-state lines on stdin, one blob or crash line each on stdout,
                            CONTRACT.md §7.3; default: the tree's, `scripts/build-writer --print-command`).
                            A writer end that cannot run stops the run with exit 2.
    """

    static func parse(_ arguments: inout Arguments) throws(UsageError) -> WriterCommand {
        guard let command = try arguments.option("--writer") else { return .tree }
        guard !command.trimmingCharacters(in: .whitespaces).isEmpty else { throw UsageError("--writer needs a command") }
        return .command(command)
    }
}

import Foundation
import HarnessCorpus
import HarnessGate
import HarnessReaders

/// `--contract DIR`: a run for an app's contract folder (docs/adopting.md), for the commands
/// that judge readers (check, report, explain, cases, list). The tree is then the installed
/// harness's (`HarnessHome`; `--root` names another), and the app's ends come from its config
/// (`AppEnds`). Without `--contract` and `--root`, the folder the working directory is in (or
/// above, up to the repository's top) is used when it has one, so `contract-harness check`
/// in an app repository just works; in the harness's own checkout nothing changes.
enum AppOption {
    static let help = """
      --contract DIR        an app's contract folder (default: the one the working directory is in, if any)
      --root DIR            the tree holding golden/ (default: .; with --contract, the installed harness)
    """
    static let endsHelp = """
      --live                with --contract: run the app's readers that can run here live, not their recordings
      --reader NAME         with --contract: only this reader of the app (repeatable)
      --no-writer           with --contract: the harness's writer end writes the states, not the app's
    """

    static func paths(_ arguments: inout Arguments) throws -> HarnessPaths {
        let root = try arguments.option("--root")
        var folder = try arguments.option("--contract")
        if folder == nil, root == nil {
            folder = ContractFolder.find(from: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true))
                .map(relativeToWorkingDirectory)
        }
        guard let folder else { return HarnessPaths(root: root ?? ".") }
        let contract = try ContractFolder.load(folder)
        if let root { return HarnessPaths(root: root, contract: contract) }
        guard let home = HarnessHome.locate(executable: Bundle.main.executableURL, environment: ProcessInfo.processInfo.environment) else {
            throw UsageError("no harness tree beside this binary (\(Bundle.main.executablePath ?? "?")): install the release whole "
                             + "(bin/ and \(HarnessHome.installedPath)/), set \(HarnessHome.environmentVariable), or give --root")
        }
        return HarnessPaths(root: home, contract: contract)
    }

    /// The app's ends for this run (nothing when the run is not for an app), with
    /// `--live`, `--reader` and `--no-writer` read; compiles go to stderr as progress.
    static func ends(_ paths: HarnessPaths, _ arguments: inout Arguments, caseTimeout: Double, startTimeout: Double?) throws -> AppEnds? {
        let preferLive = arguments.flag("--live")
        let only = try arguments.options("--reader")
        let withoutWriter = arguments.flag("--no-writer")
        guard let contract = paths.contract else {
            if preferLive || !only.isEmpty || withoutWriter { throw UsageError("--live, --reader and --no-writer go with an app's contract folder (--contract)") }
            return nil
        }
        var choice = AppEnds.Choice()
        choice.preferLive = preferLive
        choice.only = only.isEmpty ? nil : Set(only)
        choice.withoutWriter = withoutWriter
        choice.caseTimeout = caseTimeout
        choice.startTimeout = startTimeout
        return try AppEnds.resolve(contract, home: paths.root, choice: choice) { StandardStreams.err("contract-harness: \($0)\n") }
    }

    /// The app's writer alone (what the case stream needs), when the run is for an app and no
    /// `--writer` was given.
    static func writer(_ paths: HarnessPaths) throws -> (command: WriterCommand, revision: WriterRevision)? {
        guard let contract = paths.contract else { return nil }
        var choice = AppEnds.Choice()
        choice.withoutReaders = true
        let ends = try AppEnds.resolve(contract, home: paths.root, choice: choice) { StandardStreams.err("contract-harness: \($0)\n") }
        return ends.writer.map { ($0, ends.writerRevision) }
    }

    private static func relativeToWorkingDirectory(_ path: String) -> String {
        let here = FileManager.default.currentDirectoryPath
        if path == here { return "." }
        return path.hasPrefix(here + "/") ? String(path.dropFirst(here.count + 1)) : path
    }
}

import Foundation
import HarnessReaders
import ContractModel

/// `contract-harness`: the thin command line over the harness's layers (HarnessCorpus,
/// HarnessReaders, HarnessGate, HarnessFuzz) — parse the arguments, call the library, map the
/// verdict to an exit code (0 pass, 1 contract failure, 2 bad usage or bad input).
@main
enum ContractHarnessCLI {
    static func main() {
        var all = Array(CommandLine.arguments.dropFirst())
        // The description built in is read first: a broken one is exit 2 naming file and field, never a trap.
        if let problem = ContractDescription.problem { fail(problem, code: ExitCode.usageOrInput) }
        guard let first = all.first, first != "--help", first != "-h", first != "help" else {
            print(overview)
            exit(all.isEmpty ? ExitCode.usageOrInput : ExitCode.passed)
        }
        if first == "--version" {
            print("contract-harness \(HarnessRelease.version)")
            exit(ExitCode.passed)
        }
        let command: any Subcommand.Type, path: String
        switch Verbs.resolve(all) {
        case .unknown:
            fail("unknown command `\(first)`\n\n\(overview)", code: ExitCode.usageOrInput)
        case .group(let group, let given):
            if given == nil || given == "--help" || given == "-h" {
                print(group.help)
                exit(given == nil ? ExitCode.usageOrInput : ExitCode.passed)
            }
            fail("`\(group.name)` has no subcommand `\(given!)`\n\n\(group.help)", code: ExitCode.usageOrInput)
        case .command(let found, let name, let used, let note):
            (command, path) = (found, name)
            all.removeFirst(used)
            if let note { StandardStreams.err("contract-harness: note: \(note)\n") }
        }
        if all.contains("--help") || all.contains("-h") {
            // (`fuzz states` is a loop of its own, with its own options.)
            let states = command.name == FuzzCommand.name && (all.first == "states" || all.contains("--writer"))
            let queue = command.name == FuzzCommand.name && (all.first == "queue" || all.contains("--queue"))
            print(states ? WriterFuzzCommand.help : queue ? QueueFuzzCommand.help : command.help)
            exit(ExitCode.passed)
        }
        // SIGINT/SIGTERM/SIGHUP end every testee's process group before the harness exits.
        TerminationSignals.install()
        // A testee's descendant that leaves its group with setsid is re-parented here, to be ended too.
        Escapees.adoptOrphans()
        var arguments = Arguments(all)
        switch TreeDescription.choose(arguments) {
        case .success(let note): if let note { StandardStreams.err("contract-harness: note: \(note)\n") }
        case .failure(let error): fail(UntrustedText.escape(error.description), code: ExitCode.usageOrInput)
        }
        do {
            let code = try command.run(&arguments)
            TerminationSignals.waitIfEnding()
            fflush(nil)
            LiveProcessGroups.killAll()
            exit(code)
        } catch let error as UsageError {
            fail("\(error)\nsee `contract-harness \(path) --help`", code: ExitCode.usageOrInput)
        } catch let error as HarnessInputError {
            // One line: whatever a file put in the message (a newline, `::error`) is shown escaped.
            fail(UntrustedText.escape(error.description), code: ExitCode.usageOrInput)
        } catch {
            fail("\(error)", code: ExitCode.usageOrInput)
        }
    }

    static var overview: String {
        var text = """
        contract-harness — checks that every reader of the widget snapshot (v:1) agrees.

        USAGE: contract-harness <command> [options]   (--help after a command for its options)

        COMMANDS:
        """
        for verb in Verbs.all {
            text += "\n  " + verb.name.padding(toLength: 10, withPad: " ", startingAt: 0) + verb.summary
        }
        text += "\n\n  --version  print this release's version (\(HarnessRelease.version))"
        text += "\n\nExit codes: 0 pass, 1 contract failure, 2 bad usage or bad input. Guides: docs/ (README.md lists them)."
        return text
    }

    static func fail(_ message: String, code: Int32) -> Never {
        TerminationSignals.waitIfEnding()
        LiveProcessGroups.killAll()
        fflush(nil)
        StandardStreams.err(UntrustedText.guardLines("contract-harness: \(message)\n"))
        exit(code)
    }
}

enum ProcessInfoJobs {
    static var `default`: Int { ProcessInfo.processInfo.activeProcessorCount }
}

import Foundation
import HarnessReaders
import ContractModel

/// `contract-harness`: the thin command line over the harness's layers (HarnessCorpus,
/// HarnessReaders, HarnessGate, HarnessFuzz) — parse the arguments, call the library, map the
/// verdict to an exit code (0 pass, 1 contract failure, 2 bad usage or bad input).
@main
enum ContractHarnessCLI {
    static var subcommands: [any Subcommand.Type] {
        [
            CheckCommand.self, UpdateCommand.self, RefreshCommand.self, CasesCommand.self, ListCommand.self,
            ExplainCommand.self, DecodeCommand.self, FuzzCommand.self,
            ReportCommand.self, DiffCommand.self, RecordCommand.self, ZonesCommand.self, CompareCommand.self,
            SchemasCommand.self,
        ]
    }

    static func main() {
        var all = Array(CommandLine.arguments.dropFirst())
        guard let name = all.first, name != "--help", name != "-h", name != "help" else {
            print(overview)
            exit(all.isEmpty ? ExitCode.usageOrInput : ExitCode.passed)
        }
        if name == "--version" {
            print("contract-harness \(HarnessRelease.version)")
            exit(ExitCode.passed)
        }
        all.removeFirst()
        guard let command = subcommands.first(where: { $0.name == name }) else {
            fail("unknown subcommand `\(name)`\n\n\(overview)", code: ExitCode.usageOrInput)
        }
        if all.contains("--help") || all.contains("-h") {
            // (`fuzz --writer` is a loop of its own, with its own options.)
            print(command.name == FuzzCommand.name && all.contains("--writer") ? WriterFuzzCommand.help : command.help)
            exit(ExitCode.passed)
        }
        // SIGINT/SIGTERM/SIGHUP end every testee's process group before the harness exits.
        TerminationSignals.install()
        // A testee's descendant that leaves its group with setsid is re-parented here, to be ended too.
        Escapees.adoptOrphans()
        var arguments = Arguments(all)
        do {
            let code = try command.run(&arguments)
            TerminationSignals.waitIfEnding()
            fflush(nil)
            LiveProcessGroups.killAll()
            exit(code)
        } catch let error as UsageError {
            fail("\(error)\nsee `contract-harness \(name) --help`", code: ExitCode.usageOrInput)
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

        USAGE: contract-harness <subcommand> [options]   (--help after a subcommand for its options)

        SUBCOMMANDS:
        """
        for command in subcommands {
            text += "\n  " + command.name.padding(toLength: 10, withPad: " ", startingAt: 0) + command.summary
        }
        text += "\n\n  --version  print this release's version (\(HarnessRelease.version))"
        text += "\n\nExit codes: 0 pass, 1 contract failure, 2 bad usage or bad input."
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

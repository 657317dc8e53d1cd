/// The command line's few verbs: a verb is one subcommand (`check`) or a group of them
/// (`golden update`). Each subcommand has one spelling; the spellings of earlier releases
/// (`update`, `report --html F`) still run, with a note on stderr naming the new one.
enum Verb {
    case command(any Subcommand.Type)
    case group(CommandGroup)

    var name: String {
        switch self {
        case .command(let command): command.name
        case .group(let group): group.name
        }
    }

    var summary: String {
        switch self {
        case .command(let command): command.summary
        case .group(let group): group.summary
        }
    }
}

/// A verb whose word is followed by a subcommand's (`golden update`, `tool cases`).
struct CommandGroup {
    var name: String
    var summary: String
    var commands: [any Subcommand.Type]

    func command(named word: String) -> (any Subcommand.Type)? { commands.first { $0.name == word } }

    /// `contract-harness golden --help`: the group's subcommands, one line each.
    var help: String {
        var text = "USAGE: contract-harness \(name) <subcommand> [options]   (--help after a subcommand for its options)\n\n\(summary)\n\nSUBCOMMANDS:"
        for command in commands {
            text += "\n  " + command.name.padding(toLength: 10, withPad: " ", startingAt: 0) + command.summary
        }
        return text
    }
}

/// Where each subcommand lives among the verbs, and the spellings that still reach it.
enum Verbs {
    /// What writes and checks the golden files: never run inside CI for the writing ones.
    static var golden: CommandGroup { CommandGroup(
        name: "golden", summary: "write and review the golden files (expected outputs, recordings, zones, schema parts)",
        commands: [UpdateCommand.self, RefreshCommand.self, RecordCommand.self, DiffCommand.self, ZonesCommand.self, SchemasCommand.self]) }

    /// What scripts and curious people call: the case stream, our readers as testees, comparisons.
    static var tool: CommandGroup { CommandGroup(
        name: "tool", summary: "the pieces the gate is made of, for scripts: cases, catalogs, our readers as testees, comparisons",
        commands: [CasesCommand.self, ListCommand.self, DecodeCommand.self, CompareCommand.self, CompatCommand.self]) }

    static var all: [Verb] {
        [.command(CheckCommand.self), .command(ExplainCommand.self), .command(FuzzCommand.self), .command(InitCommand.self), .group(golden), .group(tool)]
    }

    /// An earlier release's spelling: the arguments it stands for, and the words to say instead.
    struct Deprecated {
        var command: any Subcommand.Type
        var instead: String
    }

    /// The spelling of every subcommand before the verbs were grouped: kept working for a release.
    static var deprecated: [String: Deprecated] {
        var table: [String: Deprecated] = [:]
        for group in [golden, tool] {
            for command in group.commands { table[command.name] = Deprecated(command: command, instead: "\(group.name) \(command.name)") }
        }
        table[ReportCommand.name] = Deprecated(command: ReportCommand.self, instead: "check --html FILE")
        return table
    }

    /// What the first words of a command line name.
    enum Resolution {
        /// A subcommand, the words it took (1 or 2), its full name, and a note when the spelling is an old one.
        case command(any Subcommand.Type, path: String, used: Int, note: String?)
        /// A group without one of its subcommands after it (`golden`, `golden updat`).
        case group(CommandGroup, given: String?)
        case unknown
    }

    static func resolve(_ words: [String]) -> Resolution {
        guard let first = words.first else { return .unknown }
        for verb in all where verb.name == first {
            switch verb {
            case .command(let command):
                return .command(command, path: command.name, used: 1, note: nil)
            case .group(let group):
                guard words.count > 1, let command = group.command(named: words[1]) else {
                    return .group(group, given: words.count > 1 ? words[1] : nil)
                }
                return .command(command, path: "\(group.name) \(command.name)", used: 2, note: nil)
            }
        }
        if let old = deprecated[first] {
            let note = "`contract-harness \(first)` is now `contract-harness \(old.instead)`; the old spelling works until the next major release"
            return .command(old.command, path: first, used: 1, note: note)
        }
        return .unknown
    }
}

import Foundation
import HarnessTestSupport
import XCTest
import TestSupport

/// `check --help` and `fuzz --help` are a synopsis, the exit codes, one line per option (two for a
/// long spelling) and the guide that has the prose (they once ran to 87 and 112 lines of it). Every
/// option the command reads is in its help, and every option its help names is one it reads.
final class HelpTextTests: XCTestCase {
    /// A command's words, the files that read its options, its guide, and what it reads that its
    /// help leaves out on purpose (with why).
    private struct Command {
        var words: [String]
        var sources: [String]
        var guide: String
        var undocumented: [String: String]
    }

    private let commands = [
        Command(words: ["check"],
                sources: ["CheckCommand", "AppOption", "Subcommand", "Testee", "WriterOption", "LiveKotlinOption", "QueueOption", "ZonesCheckedOnOption"],
                guide: "docs/gate.md", undocumented: [:]),
        Command(words: ["fuzz"], sources: ["FuzzCommand", "Subcommand", "Testee"], guide: "docs/fuzzing.md",
                undocumented: ["--contract": "refused: fuzz works on the harness's own tree",
                               "--writer": "the earlier release's `fuzz --writer`, now `fuzz states` (a note says so)",
                               "--queue": "the earlier release's `fuzz --queue`, now `fuzz queue`"]),
    ]

    func testEveryOptionReadIsInTheHelpOnOneLineAndTheHelpNamesItsGuide() throws {
        for command in commands {
            let name = command.words.joined(separator: " ")
            let help = try GateTestSupport.runCLI(command.words + ["--help"])
            XCTAssertEqual(help.status, 0, name)
            let documented = HelpText.options(help.out)
            let read = try HelpText.optionsRead(in: command.sources).subtracting(command.undocumented.keys)
            XCTAssertEqual(read.subtracting(documented).sorted(), [], "\(name) reads options its help leaves out")
            XCTAssertEqual(documented.subtracting(read).sorted(), [], "\(name)'s help names options it does not read")
            XCTAssertEqual(HelpText.longOptions(help.out), [], "\(name): an option's text takes more than two lines")
            XCTAssertTrue(help.out.contains("Guide: \(command.guide)"), name)
            XCTAssertTrue(help.out.contains("Exit 0"), name)
        }
    }

    /// Planted: an option read but not documented, one documented but not read, one on four lines.
    func testTheCheckSeesAnOptionLeftOutOneGoneAndOneTooLong() {
        let help = """
        USAGE: contract-harness thing [OPTIONS]

        OPTIONS:
          --seed S              the seed
          --gone                an option nobody reads
          --long N              an option
                                whose text
                                runs on
        """
        XCTAssertEqual(HelpText.options(help), ["--seed", "--gone", "--long"])
        XCTAssertEqual(HelpText.longOptions(help), ["--long"])
        let read = HelpText.optionsRead(source: #"let s = try arguments.option("--seed"); let q = arguments.flag("--quiet")"#)
        XCTAssertEqual(read.subtracting(HelpText.options(help)), ["--quiet"])
        XCTAssertEqual(HelpText.options(help).subtracting(read).sorted(), ["--gone", "--long"])
    }
}

/// The options of a help text (each `  --name` that starts a line of its OPTIONS) and the options
/// a command's sources read (every `"--name"` literal in them).
private enum HelpText {
    static func options(_ help: String) -> Set<String> { Set(entries(help).map(\.option)) }

    /// The options whose text takes more than two lines (the spelling, then one line).
    static func longOptions(_ help: String) -> [String] { entries(help).filter { $0.lines > 2 }.map(\.option) }

    private static func entries(_ help: String) -> [(option: String, lines: Int)] {
        guard let start = help.range(of: "OPTIONS:\n") else { return [] }
        var entries: [(option: String, lines: Int)] = []
        for line in help[start.upperBound...].split(separator: "\n") {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("--"), line.hasPrefix("  ") {
                entries.append((String(trimmed.prefix { !$0.isWhitespace && $0 != "=" }), 1))
            } else if !entries.isEmpty, line.hasPrefix("      ") {
                entries[entries.count - 1].lines += 1
            }
        }
        return entries
    }

    static func optionsRead(in files: [String]) throws -> Set<String> {
        try files.reduce(into: Set()) { read, file in
            read.formUnion(optionsRead(source: try String(contentsOf: TestRepository.url("Sources/contract-harness/\(file).swift"), encoding: .utf8)))
        }
    }

    private static let literal = try! NSRegularExpression(pattern: #""(--[a-z][a-z0-9-]*)""#)

    static func optionsRead(source: String) -> Set<String> {
        Set(literal.matches(in: source, range: NSRange(source.startIndex..., in: source)).compactMap {
            Range($0.range(at: 1), in: source).map { String(source[$0]) }
        })
    }
}

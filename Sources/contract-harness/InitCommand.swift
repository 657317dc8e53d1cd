import ContractModel
import Foundation
import HarnessCorpus
import HarnessGate

/// `contract-harness init`: scaffolds an app's contract folder (`ContractScaffold`).
enum InitCommand: Subcommand {
    static let name = "init"
    static let summary = "make an app's contract folder (its config and lists) for `check` to run on"
    static let help = """
    USAGE: contract-harness init [DIR] [--kotlin NAME=FILE.kt]... [--swift NAME=FILE.swift]...
                                 [--command NAME=COMMAND]... [--recorded NAME=COMMAND]...
                                 [--writer-selector FILE.ts#SELECTOR [--tsc PATH]] [--writer-command COMMAND]
                                 [--contract REVISION] [--corpus NAME]... [--force]

    Writes DIR (default: widget-contract) as an app's contract folder (docs/adopting.md):
    widget-contract.json naming the app's ends, lists/NAME.txt for each reader, .gitattributes.
    Paths are given as seen from here and written relative to DIR; commands run in DIR.
    Then, from anywhere in the repository: contract-harness check

    OPTIONS:
      --kotlin NAME=FILE.kt      a Kotlin WidgetData object (repeat for each file it needs): compiled on
                                 Android's org.json with generated glue; its list starts with org.json's
                                 departures
      --swift NAME=FILE.swift    a Swift WidgetData type (repeat for each file), built with the testee kit
                                 and a generated adapter: runs here on this machine's Foundation
      --command NAME=COMMAND     any reader speaking the testee protocol (cases in, views out)
      --recorded NAME=COMMAND    NAME is recorded where it really runs by COMMAND (an XCTest on Apple's
                                 Foundation, a Robolectric test): `check` compares recordings/NAME and
                                 names COMMAND when it is stale
      --writer-selector FILE.ts#SELECTOR
                                 the app's writer: an NgRx createSelector with its imports (adapter
                                 generated); --tsc PATH: the app's own tsc (default: the one in its
                                 node_modules, else the PATH's)
      --writer-command COMMAND   the app's writer speaking the writer protocol
      --contract REVISION        the contract the app's branch has (default 1)
      --corpus NAME              run only this fixture of the harness (repeatable; default: all)
      --force                    write widget-contract.json anew (lists and recordings are kept)
    """

    static func run(_ arguments: inout Arguments) throws -> Int32 {
        let kotlin = try pairs(&arguments, "--kotlin")
        let swift = try pairs(&arguments, "--swift")
        let commands = try pairs(&arguments, "--command")
        let recorded = try pairs(&arguments, "--recorded")
        let selector = try arguments.option("--writer-selector")
        let tsc = try arguments.option("--tsc")
        let writerCommand = try arguments.option("--writer-command")
        let contract = try arguments.option("--contract") ?? "1"
        let corpus = try arguments.options("--corpus")
        let force = arguments.flag("--force")
        let folderPath = arguments.positional() ?? ContractFolder.defaultName
        try arguments.finish()

        let folder = URL(fileURLWithPath: folderPath, isDirectory: true).standardizedFileURL
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        func relative(_ path: String) -> String { RelativePath.from(folder, to: URL(fileURLWithPath: path, relativeTo: here).standardizedFileURL) }

        var readers: [ContractConfig.Reader] = []
        func reader(_ name: String) -> Int {
            if let index = readers.firstIndex(where: { $0.name == name }) { return index }
            readers.append(ContractConfig.Reader(name: name))
            return readers.count - 1
        }
        func setLive(_ name: String, _ end: ContractConfig.LiveEnd) throws {
            let index = reader(name)
            switch (readers[index].live, end) {
            case (nil, _): readers[index].live = end
            case (.kotlin(let files)?, .kotlin(let more)): readers[index].live = .kotlin(files + more)
            case (.swift(let files)?, .swift(let more)): readers[index].live = .swift(files + more)
            default: throw UsageError("reader \(name) is given two ways to run")
            }
        }
        for (name, file) in kotlin { try setLive(name, .kotlin([relative(file)])) }
        for (name, file) in swift { try setLive(name, .swift([relative(file)])) }
        for (name, command) in commands { try setLive(name, .command(command)) }
        for (name, command) in recorded { readers[reader(name)].recorded = command }
        var writer: ContractConfig.Writer?
        switch (selector, writerCommand) {
        case (let spec?, nil):
            guard let hash = spec.lastIndex(of: "#"), !spec[spec.index(after: hash)...].isEmpty else {
                throw UsageError("--writer-selector takes FILE.ts#SELECTOR, got `\(spec)`")
            }
            writer = .init(end: .typescript(file: relative(String(spec[..<hash])), selector: String(spec[spec.index(after: hash)...]),
                                            tsc: tsc.map(relative)))
        case (nil, let command?):
            if tsc != nil { throw UsageError("--tsc goes with --writer-selector") }
            writer = .init(end: .command(command))
        case (nil, nil):
            if tsc != nil { throw UsageError("--tsc goes with --writer-selector") }
        default:
            throw UsageError("give the writer one way: --writer-selector or --writer-command")
        }
        guard !readers.isEmpty || writer != nil else {
            throw UsageError("name at least one of the app's ends, e.g. --kotlin android=android/app/src/main/java/…/WidgetData.kt (see --help)")
        }
        let config = ContractConfig(harness: HarnessRelease.version, contract: contract, corpus: corpus.isEmpty ? nil : corpus,
                                    readers: readers, writer: writer)
        guard let home = HarnessHome.locate(executable: Bundle.main.executableURL, environment: ProcessInfo.processInfo.environment) else {
            throw UsageError("no harness tree beside this binary: install the release whole, or set \(HarnessHome.environmentVariable)")
        }
        let written: [String]
        do {
            written = try ContractScaffold.write(config, into: folder, home: home, force: force)
        } catch let refused as ContractScaffold.Refused {
            throw UsageError(refused.description)
        }
        print("wrote \(written.map { "\(folderPath)/\($0)" }.joined(separator: ", "))")
        print("next: contract-harness check" + (folderPath == ContractFolder.defaultName ? "" : " --contract \(folderPath)")
              + "   (it prints the lines your lists need; docs/adopting.md)")
        return ExitCode.passed
    }

    /// Every `NAME=VALUE` of a repeatable option, the name checked.
    private static func pairs(_ arguments: inout Arguments, _ option: String) throws -> [(String, String)] {
        try arguments.options(option).map { spec in
            guard let equals = spec.firstIndex(of: "="), !spec[spec.index(after: equals)...].isEmpty else {
                throw UsageError("\(option) takes NAME=VALUE, got `\(spec)`")
            }
            let name = String(spec[..<equals])
            guard ContractConfig.isReaderName(name) else { throw UsageError("\(option) \(name): a reader's name is [a-z0-9_-]+") }
            return (name, String(spec[spec.index(after: equals)...]))
        }
    }
}

/// A path from one folder to a file or folder, as `../src/x.ts`.
enum RelativePath {
    static func from(_ folder: URL, to target: URL) -> String {
        let base = folder.standardizedFileURL.pathComponents
        let path = target.standardizedFileURL.pathComponents
        var common = 0
        while common < base.count, common < path.count, base[common] == path[common] { common += 1 }
        let up = Array(repeating: "..", count: base.count - common)
        let parts = up + path[common...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}

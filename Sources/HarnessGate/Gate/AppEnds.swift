import ContractModel
import Foundation
import HarnessCorpus
import HarnessReaders
import WidgetSnapshot

/// An app's ends as its contract folder's config names them, made ready for a gate run: each
/// reader as a live testee (a command run in the folder; a Kotlin `WidgetData` compiled on
/// org.json with the harness's glue; a Swift `WidgetData` built with the testee kit) or as a
/// recording in the folder (`recordings/NAME`, compared like golden/kotlin), and the writer
/// (a command, or a TypeScript selector compiled with a generated adapter). The compiles are
/// the installed harness's scripts (cached by content, so a warm run compiles nothing).
package struct AppEnds: Sendable {
    package var testees: [ExternalProcessReader] = []
    /// Roster entries of the readers compared from their recordings.
    package var recordings: [ReaderEntry] = []
    /// The testees built here from Swift files: they run on this machine's Foundation, which on
    /// Linux is swift-corelibs-foundation (`Gate.Options.linuxFoundation`).
    package var linuxFoundation: Set<String> = []
    package var writer: WriterCommand?
    package var writerRevision = WriterRevision()
    /// What every report says about the app's ends (a reader behind the branch's contract, a
    /// folder made for another release).
    package var notices: [String] = []

    package init() {}

    /// The gate's options with the app's ends in them: its recorded readers in the roster, its live
    /// ones among the testees (those on Linux Foundation marked), its writer unless one was given.
    package func apply(to options: inout Gate.Options, writerGiven: Bool) {
        options.roster = ReaderRoster(options.roster.entries + recordings)
        options.testees += testees
        options.linuxFoundation.formUnion(linuxFoundation)
        if !writerGiven, let writer {
            options.writer = writer
            options.writerRevision = writerRevision
        }
    }

    /// Which ends a run uses.
    package struct Choice: Sendable {
        /// Run a reader that has a live end live, even when it also has a recording (the quick
        /// loop on this machine); otherwise the recording is what the gate compares.
        package var preferLive = false
        /// Only these readers (nil: every reader of the config).
        package var only: Set<String>?
        /// Leave the writer out (the harness's own writer end writes the states).
        package var withoutWriter = false
        /// Leave the readers out (what only needs the cases: `tool cases`).
        package var withoutReaders = false
        package var caseTimeout: Double = 10
        package var startTimeout: Double?
        /// Bounds each compile.
        package var compileTimeout: Double = 900

        package init() {}
    }

    /// Why an end cannot be made ready (exit 2: the gate cannot judge it).
    package struct Unavailable: Error, CustomStringConvertible {
        package var description: String
    }

    /// Resolves every end the run uses; `home` is the harness's tree (its scripts build the
    /// ends), `progress` hears what is being compiled.
    package static func resolve(_ contract: ContractFolder, home: URL, choice: Choice = Choice(),
                                progress: (String) -> Void = { _ in }) throws -> AppEnds {
        let config = contract.config
        let configFile = contract.shown(ContractFolder.configFile)
        var ends = AppEnds()
        if config.harness != HarnessRelease.version {
            ends.notices.append("\(configFile) was made for contract-harness \(config.harness); this is \(HarnessRelease.version)")
        }
        let branch = try features(config.contract, field: "contract", file: configFile)
        if let only = choice.only {
            for name in only.sorted() where !config.readers.contains(where: { $0.name == name }) {
                throw HarnessInputError(file: configFile, field: "readers", message: "names no reader `\(name)` (it names \(config.readers.map(\.name).joined(separator: ", ")))")
            }
        }
        for reader in config.readers where !choice.withoutReaders && (choice.only?.contains(reader.name) ?? true) {
            guard !ReaderRoster.standard.reservedNames.contains(reader.name) else {
                throw HarnessInputError(file: configFile, field: "readers.\(reader.name)",
                                        message: "`\(reader.name)` is the name of one of the harness's own readers (\(ReaderRoster.standard.reservedNames.joined(separator: ", "))); name the app's reader after itself")
            }
            let declared = try reader.declares.map { try features($0, field: "readers.\(reader.name).declares", file: configFile) } ?? branch
            if !declared.isSuperset(of: branch) {
                ends.notices.append("\(reader.name) implements \(declared.label()) of the branch's \(branch.label()) (\(configFile)): the other features' fields are pending for it, never failing")
            }
            if let recorded = reader.recorded, !(choice.preferLive && reader.live != nil) {
                ends.recordings.append(.appRecording(reader.name, command: recorded, in: contract, features: declared))
                if let made = standIn(contract, reader.name) {
                    ends.notices.append("\(reader.name)'s recording (\(contract.shown("\(ContractFolder.recordingsFolder)/\(reader.name)"))) was made on \(made), "
                                        + "a stand-in for the platform it runs on: record it there (`\(recorded)`)")
                }
                continue
            }
            guard let live = reader.live else { continue }
            progress("\(reader.name): \(describe(live))")
            var startTimeout = reader.startTimeout ?? choice.startTimeout
            let command: String
            switch live {
            case .command(let text):
                command = contract.command(text)
            case .kotlin(let files):
                command = try build("record-kotlin", files.flatMap { ["--parser", try existing(contract, $0, reader.name)] } + ["--print-command"],
                                    home: home, reader: reader.name, timeout: choice.compileTimeout)
                // A JVM's first answer takes a while, longer on a loaded machine.
                startTimeout = max(startTimeout ?? 0, 60)
            case .swift(let files):
                #if os(Linux)
                ends.linuxFoundation.insert(reader.name)
                #endif
                command = try build("build-swift-testee", files.flatMap { ["--reader", try existing(contract, $0, reader.name)] } + ["--print-command"],
                                    home: home, reader: reader.name, timeout: choice.compileTimeout)
            }
            ends.testees.append(ExternalProcessReader(name: reader.name, command: command, caseTimeout: choice.caseTimeout,
                                                      startTimeout: startTimeout, features: declared))
        }
        if let writer = config.writer, !choice.withoutWriter {
            let declared = try writer.declares.map { try revision($0, field: "writer.declares", file: configFile, home: home) }
                ?? WriterRevision.known(root: home).filter { ContractDescription.current.set(named: String($0)).map { branch.isSuperset(of: FeatureSet.declared($0.name)) } ?? false }.max()
                ?? WriterRevision.first
            if let refusal = WriterRevision.refusal(String(declared), root: home) {
                throw HarnessInputError(file: configFile, field: "writer.declares", message: refusal)
            }
            ends.writerRevision = WriterRevision(declared: declared)
            switch writer.end {
            case .command(let text):
                ends.writer = .command(contract.command(text))
            case .typescript(let file, let selector, let tsc, let inputs):
                progress("writer: TypeScript selector \(selector) in \(file) (adapter generated, compile cached)")
                var arguments = ["--selector", try existing(contract, file, "writer"), "--export", selector]
                if let tsc { arguments += ["--tsc", try existing(contract, tsc, "writer")] }
                if let inputs { arguments += ["--inputs", try existing(contract, inputs, "writer")] }
                ends.writer = .command(try build("build-app-writer", arguments + ["--print-command"], home: home, reader: "writer",
                                                 timeout: choice.compileTimeout))
            }
        }
        return ends
    }

    /// What a recording's RECORDING.json says it was made on, when that is this kind of machine
    /// rather than the reader's own platform: the testee kit run on Linux records on
    /// swift-corelibs-foundation, not on Apple's Foundation. Nil otherwise (or unreadable: the
    /// gate reads the lines, not this file).
    private static func standIn(_ contract: ContractFolder, _ reader: String) -> String? {
        let url = contract.root.appendingPathComponent("\(ContractFolder.recordingsFolder)/\(reader)/RECORDING.json")
        guard let bytes = try? GoldenText.read(url, displayName: reader, tree: contract.tree, maximumBytes: InputLimits.listFileBytes),
              case .object(let top)? = try? JSONParser().parse(GoldenText.withoutBOM(bytes)),
              case .object(let platform)? = top["platform"], case .string(let foundation)? = platform["foundation"],
              foundation.string == "swift-corelibs-foundation" else { return nil }
        var system = "Linux"
        if case .string(let given)? = platform["system"] { system = given.string }
        return "\(system)'s Foundation (swift-corelibs-foundation)"
    }

    /// A reader's or the branch's declaration: a set of the contract description, or features joined with `+`.
    private static func features(_ text: String, field: String, file: String) throws(HarnessInputError) -> FeatureSet {
        switch FeatureSet.parse(text) {
        case .success(let set): return set
        case .failure(let problem): throw HarnessInputError(file: file, field: field, message: problem.message)
        }
    }

    /// A writer's declaration: a revision with a writer schema file in `home` (`WriterRevision.known(root:)`).
    private static func revision(_ text: String, field: String, file: String, home: URL) throws(HarnessInputError) -> Int {
        guard let number = Int(text), text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
            throw HarnessInputError(file: file, field: field, message: "`\(text)` is not a revision with a writer schema")
        }
        if let refusal = WriterRevision.refusal(text, root: home) { throw HarnessInputError(file: file, field: field, message: "`\(text)`: \(refusal)") }
        return number
    }

    private static func existing(_ contract: ContractFolder, _ path: String, _ reader: String) throws(HarnessInputError) -> String {
        let url = contract.resolve(path)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else {
            throw HarnessInputError(file: contract.shown(ContractFolder.configFile), field: reader == "writer" ? "writer" : "readers.\(reader)",
                                    message: "no file \(path) (\(url.path)): paths are relative to the contract folder")
        }
        return url.path
    }

    private static func build(_ script: String, _ arguments: [String], home: URL, reader: String, timeout: Double) throws -> String {
        do {
            return try PrintedCommand.run(home.appendingPathComponent("scripts/\(script)"), arguments, timeout: timeout)
        } catch {
            throw Unavailable(description: "\(reader): \(error.description)")
        }
    }

    private static func describe(_ end: ContractConfig.LiveEnd) -> String {
        switch end {
        case .command(let text): return "runs `\(UntrustedText.escape(text))`"
        case .kotlin(let files): return "compiling \(files.count) Kotlin file\(files.count == 1 ? "" : "s") on Android's org.json unless its jar is cached"
        case .swift(let files): return "building \(files.count) Swift file\(files.count == 1 ? "" : "s") with the testee kit unless its build is cached"
        }
    }
}

import ContractModel
import Foundation
import HarnessCorpus
import HarnessGate
import HarnessReaders
import WidgetSnapshot

/// `contract-harness golden record NAME --contract DIR [--views FILE]`: an app reader's recording
/// in its contract folder (`recordings/NAME`), sealed case by case as the gate compares it.
/// With `--views`, the views were made where the reader runs (an Android reader under the app's
/// Robolectric tests, one view line per case of `tool cases --contract DIR` in order) and are only
/// checked and sealed here; without, the reader's live end of the config runs here.
enum AppRecordCommand {
    static let help = """
      golden record NAME --contract DIR [--views FILE]
                            an app reader's recording into DIR/recordings/NAME: the views FILE holds
                            (made where the reader runs from the case stream `tool cases --contract DIR`
                            writes, one line per case, in order), or its live end run here
    """

    static func run(_ contractPath: String, _ arguments: inout Arguments) throws -> Int32 {
        let views = try arguments.option("--views")
        let timeout = try Testee.seconds(&arguments, "--timeout") ?? 10
        let startTimeout = try Testee.seconds(&arguments, "--start-timeout")
        let root = try arguments.option("--root")
        try arguments.rejectUnknownOptions()
        guard let name = arguments.positional() else { throw UsageError("which of the app's readers? give its name (a reader of widget-contract.json)") }
        try arguments.finish()

        let contract = try ContractFolder.load(contractPath)
        guard let reader = contract.config.readers.first(where: { $0.name == name }) else {
            throw UsageError("\(contract.shown(ContractFolder.configFile)) names no reader `\(name)` (it names \(contract.config.readers.map(\.name).joined(separator: ", ")))")
        }
        guard let recorded = reader.recorded else {
            throw UsageError("\(name) is not recorded in \(contract.shown(ContractFolder.configFile)): give it `\"recorded\"`, the command that records it where it runs")
        }
        let home = try root.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? locateHome()
        let paths = HarnessPaths(root: home, contract: contract)
        let entry = ReaderEntry.appRecording(name, command: recorded, in: contract, features: .base())
        let store = paths.store(entry.golden!)
        try store.checkWritable(["RECORDING.json"])  // refused before anything runs
        var choice = AppEnds.Choice()
        choice.only = [name]
        choice.preferLive = true
        choice.withoutReaders = views != nil
        choice.caseTimeout = timeout
        choice.startTimeout = startTimeout
        let ends = try AppEnds.resolve(contract, home: home, choice: choice) { StandardStreams.err("contract-harness: \($0)\n") }
        let corpus = try Corpus.load(paths, writer: ends.writer ?? .tree)
        var about = JSONObject()
        var lines: [[UInt8]] = []
        if let views {
            guard let data = FileManager.default.contents(atPath: views) else { throw UsageError("no such views file: \(views)") }
            lines = try viewLines([UInt8](data), file: views, cases: corpus.cases)
            about["recordedBy"] = .string(JSONString("contract-harness golden record --views (made where \(name) runs: \(recorded))"))
        } else {
            guard let testee = ends.testees.first else {
                throw UsageError("\(name) has no live end in \(contract.shown(ContractFolder.configFile)) to record here; record it where it runs (`\(recorded)`), or give its views with --views FILE")
            }
            guard let recordedLines = record(testee, name: name, cases: corpus.cases) else { return ExitCode.contractFailure }
            lines = recordedLines
            about["recordedBy"] = .string(JSONString("contract-harness golden record (its live end, here: \(UntrustedText.escape(testee.command)))"))
        }
        if let sources = RecordingSources.member(reader, in: contract) { about["sources"] = sources }
        let declared = ends.testees.first?.features ?? FeatureSet.declared(reader.declares ?? contract.config.contract)
        about["features"] = .string(JSONString(declared.label()))
        let changed = try Recording.write(Array(zip(corpus.cases, lines)), caseStream: corpus.streamBytes, about: about, to: store)
        StandardStreams.err("record: wrote \(store.displayName)/ (\(lines.count) cases; \(changed.isEmpty ? "no file changed" : "changed: " + changed.joined(separator: ", ")))\n")
        return ExitCode.passed
    }

    /// The live end's lines for every case, or nil (said on stderr) when it failed on one.
    private static func record(_ testee: ExternalProcessReader, name: String, cases: [Case]) -> [[UInt8]]? {
        let session = TesteeSession(name: name, command: testee.command, caseTimeout: testee.caseTimeout, startTimeout: testee.startTimeout, brokenAfter: 1)
        defer { session.close() }
        do {
            return try Recording.run(cases.map { TesteeRequest(id: $0.id, line: CaseStream.line($0)) }, through: session)
        } catch {
            StandardStreams.err(UntrustedText.guardLines("record: \(UntrustedText.escape(error.message))\nrecord: nothing was written\n"))
            return nil
        }
    }

    /// The file's view lines, one per case in stream order, each a view or crash line of its case.
    static func viewLines(_ bytes: [UInt8], file: String, cases: [Case]) throws -> [[UInt8]] {
        var lines: [[UInt8]] = []
        for (offset, raw) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            var line = Array(raw)
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            guard !line.isEmpty else { continue }
            guard lines.count < cases.count else {
                throw HarnessInputError(file: file, line: offset + 1, message: "more lines than the case stream's \(cases.count) cases: was it made from another stream? (tool cases --contract DIR writes this folder's)")
            }
            let (id, _) = try ViewLine.parse(line, file: file, lineNumber: offset + 1, allowingNotImplemented: true)
            let want = cases[lines.count].id
            guard id == want else {
                throw HarnessInputError(file: file, line: offset + 1, field: "id", message: "`\(UntrustedText.escape(id))` where case \(lines.count + 1) of the stream is `\(UntrustedText.escape(want))`: views go one per case, in the stream's order")
            }
            lines.append(line)
        }
        guard lines.count == cases.count else {
            throw HarnessInputError(file: file, message: "\(lines.count) views for \(cases.count) cases: was it made from another stream? (tool cases --contract DIR writes this folder's)")
        }
        return lines
    }

    private static func locateHome() throws -> URL {
        guard let home = HarnessHome.locate(executable: Bundle.main.executableURL, environment: ProcessInfo.processInfo.environment) else {
            throw UsageError("no harness tree beside this binary: install the release whole, set \(HarnessHome.environmentVariable), or give --root")
        }
        return home
    }
}

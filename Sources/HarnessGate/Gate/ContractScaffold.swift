import ContractModel
import Foundation
import HarnessCorpus
import HarnessReaders

/// What `contract-harness init` writes into an app repository: the contract folder's config
/// (`widget-contract.json`) and one list per reader (`lists/NAME.txt`), so a team starts from
/// a folder the gate runs on. A reader on Android's org.json (a Kotlin `WidgetData`) starts with
/// the platform line and the harness's own Kotlin list — org.json's departures, each held to
/// what the harness's recorded Kotlin end reads — less the entries whose fields all belong to a
/// later revision than the reader implements; entries the reader does not need are then called
/// stale by the first `check` and removed. Nothing existing is overwritten but the config with
/// `force`.
package enum ContractScaffold {
    package struct Refused: Error, CustomStringConvertible {
        package var description: String
    }

    /// Writes the folder; returns the files written, relative to it.
    package static func write(_ config: ContractConfig, into folder: URL, home: URL, force: Bool = false) throws -> [String] {
        let configURL = folder.appendingPathComponent(ContractFolder.configFile)
        if FileManager.default.fileExists(atPath: configURL.path), !force {
            throw Refused(description: "\(configURL.path) exists: edit it, or give --force to write it anew (lists and recordings are kept)")
        }
        // What is written must read back as it is meant.
        _ = try ContractConfig.parse(Array(config.rendered.utf8), file: ContractFolder.configFile)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(ContractFolder.listsFolder), withIntermediateDirectories: true)
        let tree = TreeBoundary(root: folder)
        var written: [String] = []
        try AtomicFile.write(config.rendered, to: configURL, within: tree)
        written.append(ContractFolder.configFile)
        for reader in config.readers {
            let relative = "\(ContractFolder.listsFolder)/\(reader.name).txt"
            let url = folder.appendingPathComponent(relative)
            guard !FileManager.default.fileExists(atPath: url.path) else { continue }
            let declared = FeatureSet.declared(reader.declares ?? config.contract)
            try AtomicFile.write(try list(for: reader, declared: declared, home: home), to: url, within: tree)
            written.append(relative)
        }
        let attributes = folder.appendingPathComponent(".gitattributes")
        if !FileManager.default.fileExists(atPath: attributes.path) {
            try AtomicFile.write("# Recordings are written by the recording commands of widget-contract.json, never by hand.\n"
                                 + "\(ContractFolder.recordingsFolder)/** linguist-generated=true\n", to: attributes, within: tree)
            written.append(".gitattributes")
        }
        return written
    }

    /// A reader's first list.
    static func list(for reader: ContractConfig.Reader, declared: FeatureSet, home: URL) throws -> String {
        var text = """
        # Where the \(reader.name) reader may read a case differently from the C reference, each line a
        # reviewed class: PATTERN  [FIELDS]  REASON (docs/adopting.md, "Lists"). `check` prints the lines to
        # add for each unexpected difference (with a TODO reason, refused until someone writes the why) and
        # fails on a line that no longer excuses anything.

        """
        guard case .kotlin? = reader.live else { return text }
        let harnessList = try DivergenceList.load(home.appendingPathComponent(ReaderEntry.kotlin.listFile),
                                                  displayName: ReaderEntry.kotlin.listFile, tree: TreeBoundary(root: home))
        let source = try String(contentsOf: home.appendingPathComponent(ReaderEntry.kotlin.listFile), encoding: .utf8)
        let lines = source.components(separatedBy: "\n")
        let kept = Set(harnessList.entries.filter { entry in
            entry.fields.names.contains { declared.contains(ContractDescription.current.feature(ofField: $0) ?? ContractDescription.current.base.name) }
        }.map(\.line))
        text += """
        # It runs on Android's org.json: its entries may name org.json's departures (CONTRACT.md §5, D1-D8),
        # each held to what the harness's recorded Kotlin end reads. These are the harness's own Kotlin
        # list's (\(ReaderEntry.kotlin.listFile)); remove those your reader does not need (`check` calls them stale).
        \(ReaderPlatform.orgJSON.declarationLine)

        """
        for (index, line) in lines.enumerated() where kept.contains(index + 1) { text += line + "\n" }
        return text
    }
}

import ContractModel
import Foundation
import HarnessCorpus
import WidgetSnapshot

/// A recording is of a reader as it was: its RECORDING.json names the SHA-256 of each file it was
/// made from (`sources`: the testee kit's `Testee.record(…, sources:)`, `golden record --contract`),
/// and an app reader whose files are in its config (`sources`, or its live end's files) is held
/// to them — a recording made from other contents of them is stale, named with the command that
/// records it, so a pull request that changes the iOS reader without recording it again fails
/// instead of being judged on the reader it replaced. A recording that names no sources, or a
/// reader whose config names no files, is held to the case stream only.
package enum RecordingSources {
    /// The SHA-256 of each file, by file name (what RECORDING.json's `sources` keys by).
    static func digests(_ files: [String], in contract: ContractFolder) -> [String: String?] {
        var digests: [String: String?] = [:]
        for file in files {
            let url = contract.resolve(file)
            digests[url.lastPathComponent] = (try? Data(contentsOf: url)).map { SHA256.hex([UInt8]($0)) }
        }
        return digests
    }

    /// The problem when the recording in `store` was made from other contents of the reader's files.
    static func problem(_ folder: GoldenFolder, store: ViewStore, contract: ContractFolder) -> String? {
        guard let reader = contract.config.readers.first(where: { $0.name == folder.name }), !reader.recordedSources.isEmpty,
              let bytes = try? GoldenText.read(store.folder.appendingPathComponent("RECORDING.json"), displayName: "RECORDING.json",
                                               tree: contract.tree, maximumBytes: InputLimits.listFileBytes),
              case .object(let top)? = try? JSONParser().parse(GoldenText.withoutBOM(bytes)),
              case .object(let recorded)? = top["sources"] else { return nil }
        var changed: [String] = []
        for (name, digest) in digests(reader.recordedSources, in: contract).sorted(by: { $0.key < $1.key }) {
            guard case .string(let made)? = recorded[name] else { changed.append("\(name) (not among the files it was made from)"); continue }
            if made.string != digest { changed.append(name) }
        }
        guard !changed.isEmpty else { return nil }
        return "recording is stale: \(folder.name)'s reader changed since \(folder.displayPath) was recorded (\(changed.joined(separator: ", "))): "
            + "run `\(folder.command)` where \(folder.name) runs\n"
            + "  not a reader deviation: nothing to add to its list"
    }

    /// RECORDING.json's `sources` for a recording made now.
    package static func member(_ reader: ContractConfig.Reader, in contract: ContractFolder) -> JSONValue? {
        let digests = digests(reader.recordedSources, in: contract)
        guard !digests.isEmpty else { return nil }
        var object = JSONObject()
        for (name, digest) in digests.sorted(by: { $0.key < $1.key }) { object[name] = digest.map { .string(JSONString($0)) } ?? .null }
        return .object(object)
    }
}

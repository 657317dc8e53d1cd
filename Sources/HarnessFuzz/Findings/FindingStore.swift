import ContractModel
import Foundation
import HarnessCorpus

/// The folder of saved findings (`golden/findings/` by default): knows every finding's key,
/// so a disagreement that shrinks to a blob already saved is not saved again, and writes
/// each new one atomically the moment it is found (an interrupted run keeps them all).
package final class FindingStore: @unchecked Sendable {
    package let folder: URL
    /// The repository when the folder is under it (`golden/findings`): nothing is read or
    /// written through a link leaving it. A folder the user named elsewhere is their own.
    package let tree: TreeBoundary
    private let lock = NSLock()
    private var keys: [String: String] = [:]
    private var names: Set<String> = []

    /// What `save` did.
    package enum Outcome: Equatable, Sendable {
        /// Written to this file name.
        case saved(String)
        /// The same shrunk blob and signature is already in this file.
        case alreadySaved(String)
    }

    /// Loads the keys of every `*.json` finding in `folder` (a missing folder is empty).
    package init(folder: URL, within tree: TreeBoundary? = nil) throws {
        self.folder = folder
        self.tree = tree ?? TreeBoundary(root: folder)
        for finding in try Self.load(folder, within: self.tree) {
            keys[finding.finding.key] = finding.file
            names.insert(finding.file)
        }
    }

    /// Every finding in `folder`, by file name.
    package static func load(_ folder: URL, within tree: TreeBoundary? = nil) throws -> [(file: String, finding: Finding)] {
        let tree = tree ?? TreeBoundary(root: folder)
        guard let entries = try GoldenText.list(folder, displayName: "golden/findings", tree: tree) else { return [] }
        var found: [(file: String, finding: Finding)] = []
        for name in entries.sorted() where name.hasSuffix(".json") && !name.hasPrefix(".") {
            let url = folder.appendingPathComponent(name)
            let bytes = try GoldenText.require(url, displayName: "golden/findings/\(name)", tree: tree,
                                               maximumBytes: InputLimits.findingFileBytes)
            found.append((name, try FindingFile.parse(bytes, file: "golden/findings/\(name)")))
        }
        return found
    }

    /// Saves `finding` unless its key is already saved. A file name taken by a different
    /// finding (the generator changed since) gets a `-2`, `-3`, … suffix.
    package func save(_ finding: Finding) throws -> Outcome {
        lock.lock()
        defer { lock.unlock() }
        let key = finding.key
        if let existing = keys[key] { return .alreadySaved(existing) }
        var name = finding.fileName
        var suffix = 2
        while names.contains(name) {
            name = "\(finding.seed)-\(finding.index)-\(suffix).json"
            suffix += 1
        }
        try AtomicFile.write(finding.fileBytes(), to: folder.appendingPathComponent(name), within: tree)
        keys[key] = name
        names.insert(name)
        return .saved(name)
    }

    /// The number of distinct findings known (saved before and during this run).
    package var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return keys.count
    }
}

import ContractModel
import Foundation

/// An app's contract folder (docs/adopting.md): the one folder an app repository keeps for
/// the gate — `widget-contract.json` (its config), `lists/` (its readers' reviewed lists),
/// `recordings/` (views recorded where a reader really runs), and optionally `fixtures/` and
/// `states/` of its own. The installed harness brings everything else (the contract
/// description, schemas, default fixtures, golden files, the ends' build scripts), so nothing
/// of the harness's tree lives in the app, and nothing of the app in the harness's tree.
///
/// The folder is one more root of the tree boundary: every file the harness reads or writes in
/// it is checked against it, as files of the harness's tree are against theirs.
package struct ContractFolder: Sendable {
    package static let configFile = "widget-contract.json"
    /// The folder's usual name in an app repository (`init`'s default).
    package static let defaultName = "widget-contract"

    /// The folder, absolute and standardized.
    package let root: URL
    /// How messages name it: the path as given (`widget-contract`, `../app/widget-contract`).
    package let displayName: String
    package let config: ContractConfig

    package var tree: TreeBoundary { TreeBoundary(root: root) }

    /// `lists/`: one `NAME.txt` per reader of the app (CONTRACT.md §5's list format).
    package static let listsFolder = "lists"
    /// `recordings/NAME/`: a recorded reader's views, one file per fixture, and RECORDING.json.
    package static let recordingsFolder = "recordings"
    /// `fixtures/`: the app's own fixtures, beside the harness's.
    package static let fixturesFolder = "fixtures"
    /// `states/`: the app's own app states, beside the harness's.
    package static let statesFolder = "states"

    package init(root: URL, displayName: String, config: ContractConfig) {
        self.root = root.standardizedFileURL
        self.displayName = displayName
        self.config = config
    }

    /// The folder at `path` (a folder holding `widget-contract.json`), its config read strictly.
    package static func load(_ path: String) throws(HarnessInputError) -> ContractFolder {
        let shown = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
        let root = URL(fileURLWithPath: path.isEmpty ? "." : path, isDirectory: true).standardizedFileURL
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw HarnessInputError(file: shown, message: "no such folder (give --contract the app's contract folder, the one holding \(configFile); `contract-harness init` makes one)")
        }
        let tree = TreeBoundary(root: root)
        let file = "\(shown)/\(configFile)"
        let bytes = try GoldenText.require(root.appendingPathComponent(configFile), displayName: file, tree: tree,
                                           hint: " (`contract-harness init \(shown)` writes one)", maximumBytes: InputLimits.listFileBytes)
        return ContractFolder(root: root, displayName: shown, config: try ContractConfig.parse(bytes, file: file))
    }

    /// The contract folder that `start` (the working directory) is in or above: the nearest
    /// folder, going up, that holds `widget-contract.json`, or holds `widget-contract/` with
    /// one; the search stops at a repository's top (a folder with `.git`). Nil when there is none.
    package static func find(from start: URL) -> String? {
        var folder = start.standardizedFileURL
        let manager = FileManager.default
        while true {
            if manager.fileExists(atPath: folder.appendingPathComponent(configFile).path) { return folder.path }
            let nested = folder.appendingPathComponent(defaultName)
            if manager.fileExists(atPath: nested.appendingPathComponent(configFile).path) { return nested.path }
            if manager.fileExists(atPath: folder.appendingPathComponent(".git").path) { return nil }
            let parent = folder.deletingLastPathComponent()
            guard parent.path != folder.path else { return nil }
            folder = parent
        }
    }

    /// A path of the folder as messages show it: `widget-contract/lists/android.txt`.
    package func shown(_ relative: String) -> String { "\(displayName)/\(relative)" }

    /// `lists/NAME.txt` of a reader.
    package func listURL(_ reader: String) -> URL {
        root.appendingPathComponent(Self.listsFolder).appendingPathComponent("\(reader).txt")
    }

    /// A path the config gives (relative to the folder, or absolute), absolute.
    package func resolve(_ path: String) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path).standardizedFileURL
            : root.appendingPathComponent(path).standardizedFileURL
    }

    /// A command the config gives, run in the folder (so its relative paths mean what the config means).
    package func command(_ command: String) -> String {
        "cd \(ShellQuote.word(root.path)) && \(command)"
    }
}

/// One shell word for `sh -c`: the text in single quotes (a `'` inside closed, escaped, reopened).
package enum ShellQuote {
    package static func word(_ text: String) -> String {
        if !text.isEmpty, text.utf8.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x30 && $0 <= 0x39) || "/._-+:,@%".utf8.contains($0) }) {
            return text
        }
        return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

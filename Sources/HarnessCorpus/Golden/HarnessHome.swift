import Foundation

/// The harness's own tree that a run for an app reads (its contract description, schemas,
/// default fixtures, golden files and the scripts that build an app's ends): the installed
/// one beside the binary (`<prefix>/share/widgetcontract`, what `scripts/release` lays out and
/// the install step copies), `WIDGETCONTRACT_HOME` when set, or — for a binary built in a
/// checkout (`.build/debug/contract-harness`) — that checkout.
package enum HarnessHome {
    package static let environmentVariable = "WIDGETCONTRACT_HOME"
    /// Where an install keeps it, relative to the folder holding `bin/`.
    package static let installedPath = "share/widgetcontract"

    /// The tree, or nil when none is found (the message then says where it looked).
    package static func locate(executable: URL?, environment: [String: String]) -> URL? {
        if let given = environment[environmentVariable], !given.isEmpty {
            return URL(fileURLWithPath: given, isDirectory: true).standardizedFileURL
        }
        guard let executable = executable?.resolvingSymlinksInPath() else { return nil }
        let bin = executable.deletingLastPathComponent()
        let installed = bin.deletingLastPathComponent().appendingPathComponent(installedPath)
        if holdsTree(installed) { return installed.standardizedFileURL }
        // A checkout's build: .build/<configuration>/contract-harness, or .build/<triple>/<configuration>/….
        var folder = bin
        for _ in 0..<4 {
            folder = folder.deletingLastPathComponent()
            if holdsTree(folder), FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder.standardizedFileURL
            }
        }
        return nil
    }

    /// True when `folder` holds a harness tree (its fixtures and its contract description).
    package static func holdsTree(_ folder: URL) -> Bool {
        let manager = FileManager.default
        return manager.fileExists(atPath: folder.appendingPathComponent("golden/fixtures").path)
            && manager.fileExists(atPath: folder.appendingPathComponent("schemas/contract.json").path)
    }
}

import Foundation
import TestSupport

/// The package's manifest as SwiftPM resolves it (`swift package describe --type json`), and
/// the targets a product pulls in: what `KitDependencyTests` and `AppleCleanTests` read, so a
/// new dependency anywhere in a product's chain is seen by both.
enum PackageManifest {
    static var root: URL { TestRepository.root }

    static func describe() throws -> [String: Any] {
        // A scratch folder of its own: `swift test` holds the lock on `.build` while it runs.
        let scratch = Scratch.url("kit-describe")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "package", "--scratch-path", scratch.path, "describe", "--type", "json"]
        process.currentDirectoryURL = root
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure("`swift package describe --type json` in \(root.path) exited \(process.terminationStatus)")
        }
        guard let package = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw Failure("`swift package describe` did not print a JSON object")
        }
        return package
    }

    /// Every target a product's targets depend on, directly or not (targets and this package's
    /// products alike; the package has no external dependencies).
    static func closure(ofProduct name: String, in package: [String: Any]) throws -> Set<String> {
        let products = package["products"] as? [[String: Any]] ?? []
        let targets = package["targets"] as? [[String: Any]] ?? []
        guard let product = products.first(where: { $0["name"] as? String == name }),
              let roots = product["targets"] as? [String] else { throw Failure("no product \(name) in the manifest") }
        var edges: [String: [String]] = [:]
        for target in targets {
            guard let targetName = target["name"] as? String else { continue }
            let viaProducts = (target["product_dependencies"] as? [String] ?? []).flatMap { productName in
                products.first(where: { $0["name"] as? String == productName })?["targets"] as? [String] ?? [productName]
            }
            edges[targetName] = (target["target_dependencies"] as? [String] ?? []) + viaProducts
        }
        var seen = Set(roots)
        var queue = roots
        while let next = queue.popLast() {
            for dependency in edges[next] ?? [] where seen.insert(dependency).inserted { queue.append(dependency) }
        }
        return seen
    }

    /// A target's folder, absolute.
    static func folder(ofTarget name: String, in package: [String: Any]) throws -> URL {
        let targets = package["targets"] as? [[String: Any]] ?? []
        guard let target = targets.first(where: { $0["name"] as? String == name }), let path = target["path"] as? String else {
            throw Failure("no target \(name) with a path in the manifest")
        }
        return root.appendingPathComponent(path)
    }

    /// A target's kind as SwiftPM describes it (`library`, `executable`, `system-target`, …)
    /// and its module type (`SwiftTarget`, `ClangTarget`, `SystemLibraryTarget`).
    static func moduleType(ofTarget name: String, in package: [String: Any]) -> String? {
        let targets = package["targets"] as? [[String: Any]] ?? []
        return targets.first(where: { $0["name"] as? String == name })?["module_type"] as? String
    }

    static func addDependency(_ dependency: String, to targetName: String, in package: inout [String: Any]) throws {
        var targets = package["targets"] as? [[String: Any]] ?? []
        guard let index = targets.firstIndex(where: { $0["name"] as? String == targetName }) else {
            throw Failure("no target \(targetName)")
        }
        targets[index]["target_dependencies"] = (targets[index]["target_dependencies"] as? [String] ?? []) + [dependency]
        package["targets"] = targets
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}

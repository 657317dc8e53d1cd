import Foundation
import XCTest
import TestSupport

/// The testee kit is what an app team links into its own test executable, so what it pulls in
/// is its promise too: case lines, base64, zones, canonical view lines and crash lines — never
/// the harness, the C reference, libjansson or libcrypto (the harness's digests, `CCrypto`). Read from the manifest as SwiftPM resolves it
/// (`swift package describe --type json`), so a new dependency anywhere in the chain fails here.
final class KitDependencyTests: XCTestCase {
    private static let kit = "WidgetContractTestee"
    private static let forbidden: Set<String> = ["HarnessCorpus", "HarnessReaders", "HarnessGate", "HarnessFuzz", "ReferenceDecoder", "ReferenceView", "CJansson", "CCrypto"]

    func testTheKitsDependencyClosureHoldsNoHarnessNoCReferenceNoJanssonAndNoCrypto() throws {
        let package = try Self.describePackage()
        let closure = try Self.closure(ofProduct: Self.kit, in: package)
        XCTAssertTrue(closure.contains("ContractModel") && closure.contains("WidgetSnapshot"),
                      "the closure was read: \(closure.sorted())")
        XCTAssertEqual(closure.intersection(Self.forbidden), [],
                       "\(Self.kit) pulls in \(closure.intersection(Self.forbidden).sorted()); its closure: \(closure.sorted())")
    }

    /// Planted faults: the check sees a forbidden target however far down the chain it hangs.
    func testTheClosureCheckSeesAForbiddenTargetDirectlyAndTransitively() throws {
        let package = try Self.describePackage()
        var direct = package
        try Self.addDependency("HarnessGate", to: Self.kit, in: &direct)
        XCTAssertTrue(try Self.closure(ofProduct: Self.kit, in: direct).contains("HarnessGate"))

        var transitive = package
        try Self.addDependency("ReferenceDecoder", to: "ContractModel", in: &transitive)
        let closure = try Self.closure(ofProduct: Self.kit, in: transitive)
        XCTAssertTrue(closure.contains("ReferenceDecoder") && closure.contains("CJansson"),
                      "two steps down (kit → ContractModel → ReferenceDecoder → CJansson): \(closure.sorted())")
    }

    // MARK: - reading the manifest

    private static func describePackage() throws -> [String: Any] {
        let root = TestRepository.root
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
    private static func closure(ofProduct name: String, in package: [String: Any]) throws -> Set<String> {
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

    private static func addDependency(_ dependency: String, to targetName: String, in package: inout [String: Any]) throws {
        var targets = package["targets"] as? [[String: Any]] ?? []
        guard let index = targets.firstIndex(where: { $0["name"] as? String == targetName }) else {
            throw Failure("no target \(targetName)")
        }
        targets[index]["target_dependencies"] = (targets[index]["target_dependencies"] as? [String] ?? []) + [dependency]
        package["targets"] = targets
    }

    private struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}

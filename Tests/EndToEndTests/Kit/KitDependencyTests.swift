import Foundation
import XCTest
import TestSupport

/// The testee kit is what an app team links into its own test executable, so what it pulls in
/// is its promise too: case lines, base64, zones, canonical view lines and crash lines — never
/// the harness, the C reference, libjansson or libcrypto (the harness's digests, `CCrypto`). Read from the manifest as SwiftPM resolves it
/// (`swift package describe --type json`, `PackageManifest`), so a new dependency anywhere in the chain fails here.
final class KitDependencyTests: XCTestCase {
    private static let kit = "WidgetContractTestee"
    private static let forbidden: Set<String> = ["HarnessCorpus", "HarnessReaders", "HarnessGate", "HarnessFuzz", "ReferenceDecoder", "ReferenceView", "CJansson", "CCrypto"]

    func testTheKitsDependencyClosureHoldsNoHarnessNoCReferenceNoJanssonAndNoCrypto() throws {
        let package = try PackageManifest.describe()
        let closure = try PackageManifest.closure(ofProduct: Self.kit, in: package)
        XCTAssertTrue(closure.contains("ContractModel") && closure.contains("WidgetSnapshot"),
                      "the closure was read: \(closure.sorted())")
        XCTAssertEqual(closure.intersection(Self.forbidden), [],
                       "\(Self.kit) pulls in \(closure.intersection(Self.forbidden).sorted()); its closure: \(closure.sorted())")
    }

    /// Planted faults: the check sees a forbidden target however far down the chain it hangs.
    func testTheClosureCheckSeesAForbiddenTargetDirectlyAndTransitively() throws {
        let package = try PackageManifest.describe()
        var direct = package
        try PackageManifest.addDependency("HarnessGate", to: Self.kit, in: &direct)
        XCTAssertTrue(try PackageManifest.closure(ofProduct: Self.kit, in: direct).contains("HarnessGate"))

        var transitive = package
        try PackageManifest.addDependency("ReferenceDecoder", to: "ContractModel", in: &transitive)
        let closure = try PackageManifest.closure(ofProduct: Self.kit, in: transitive)
        XCTAssertTrue(closure.contains("ReferenceDecoder") && closure.contains("CJansson"),
                      "two steps down (kit → ContractModel → ReferenceDecoder → CJansson): \(closure.sorted())")
    }
}

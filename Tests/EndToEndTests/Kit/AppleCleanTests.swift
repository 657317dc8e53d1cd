import Foundation
import XCTest

/// The two products an iOS widget links build on Apple platforms: every Swift file of their
/// dependency closure (read from the manifest, as `KitDependencyTests` reads it) is free of
/// Glibc-only code, Linux-only system interfaces and standard-library API newer than a widget
/// extension's target (`AppleCleanScan`); the closure holds no C or system-library target,
/// which this machine could not vet for Darwin. An Apple CI runs the real build
/// (docs/adopting.md, "Apple platforms"):
/// `swift build --product WidgetContractTestee` on macOS, and
/// `xcodebuild build -scheme WidgetSnapshot -destination 'generic/platform=iOS'`.
final class AppleCleanTests: XCTestCase {
    static let products = ["WidgetSnapshot", "WidgetContractTestee"]

    func testTheProductsClosuresHoldNoLinuxOnlyCode() throws {
        let package = try PackageManifest.describe()
        var scanned: [String] = []
        var findings: [AppleCleanScan.Finding] = []
        var targets = Set<String>()
        for product in Self.products { targets.formUnion(try PackageManifest.closure(ofProduct: product, in: package)) }
        for target in targets.sorted() {
            let kind = PackageManifest.moduleType(ofTarget: target, in: package)
            XCTAssertEqual(kind, "SwiftTarget", "\(target) is in a product's closure but is a \(kind ?? "?"): only Swift targets are vetted for Apple platforms here")
            findings += try AppleCleanScan.scan(folder: try PackageManifest.folder(ofTarget: target, in: package), relativeTo: PackageManifest.root)
            scanned.append(target)
        }
        XCTAssertTrue(scanned.contains("ContractModel") && scanned.contains("WidgetSnapshot") && scanned.contains("WidgetContractTestee"),
                      "the closure was read: \(scanned)")
        XCTAssertEqual(findings, [], "code that does not build on Apple platforms:\n" + findings.map(\.description).joined(separator: "\n"))
    }

    /// Planted faults: each kind of code the scan refuses, and the guarded forms it accepts.
    func testTheScanSeesGlibcAndLinuxOnlyCodeOutsideALinuxBranch() {
        let refused = """
        import Foundation
        import Glibc
        let n = Glibc.write(1, nil, 0)
        let f = fopen("/proc/self/status", "r")  // a comment naming prctl( is fine
        _ = prctl(PR_SET_PDEATHSIG, 9)
        let s = String(validating: bytes, as: UTF8.self)
        """
        let found = AppleCleanScan.scan(refused, file: "X.swift")
        XCTAssertEqual(found.map(\.line), [2, 3, 4, 5, 5, 6], found.map(\.description).joined(separator: "\n"))

        let guarded = """
        #if canImport(Glibc)
        import Glibc
        private let sys = Glibc.write
        let f = fopen("/proc/self/status", "r")
        #elseif canImport(Darwin)
        import Darwin
        private let sys = Darwin.write
        #endif
        /* Glibc.write in a block
           comment, prctl( too */
        /// `Glibc.write` in a doc comment
        let x = 1
        """
        XCTAssertEqual(AppleCleanScan.scan(guarded, file: "Y.swift"), [])

        // A Darwin or an either-platform branch is not a Linux-only one.
        let unguarded = """
        #if canImport(Darwin) || canImport(Glibc)
        let n = Glibc.write(1, nil, 0)
        #else
        let m = Glibc.read(0, nil, 0)
        #endif
        """
        XCTAssertEqual(AppleCleanScan.scan(unguarded, file: "Z.swift").map(\.line), [2, 4])
    }
}

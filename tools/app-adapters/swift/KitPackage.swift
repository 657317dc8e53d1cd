// swift-tools-version:6.0
// The testee kit as an installed harness ships it (share/widgetcontract/kit, by scripts/release):
// the two products an app's Swift reader is built against (scripts/build-swift-testee), with the
// same target names and sources as the WidgetContract package itself.
import PackageDescription

let package = Package(
    name: "WidgetContract",
    products: [
        .library(name: "WidgetSnapshot", targets: ["WidgetSnapshot"]),
        .library(name: "WidgetContractTestee", targets: ["WidgetContractTestee"]),
    ],
    targets: [
        .target(name: "WidgetSnapshot"),
        .target(name: "ContractModel", dependencies: ["WidgetSnapshot"], resources: [.embedInCode("Description/contract.json")]),
        .target(name: "WidgetContractTestee", dependencies: ["ContractModel", "WidgetSnapshot"]),
    ]
)

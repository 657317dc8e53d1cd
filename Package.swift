// swift-tools-version:6.0
// WidgetContract: a cross-language contract test harness for the widget snapshot (v:1).
import PackageDescription

let package = Package(
    name: "WidgetContract",
    products: [
        // The Swift reader an iOS widget depends on: Foundation only, no harness code.
        .library(name: "WidgetSnapshot", targets: ["WidgetSnapshot"]),
        .library(name: "ContractHarness", targets: ["ContractHarness"]),
    ],
    targets: [
        .target(name: "WidgetSnapshot"),
        .target(name: "ContractHarness", dependencies: ["WidgetSnapshot"]),
        .testTarget(name: "WidgetSnapshotTests", dependencies: ["WidgetSnapshot"]),
        .testTarget(name: "ReaderBehaviourTests", dependencies: ["ContractHarness", "WidgetSnapshot"]),
        .testTarget(name: "ContractHarnessTests", dependencies: ["ContractHarness", "WidgetSnapshot"]),
    ]
)

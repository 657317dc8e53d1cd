// swift-tools-version:6.0
// A template: an app's iOS tap-queue store (its DoneQueue.swift and WidgetShared.swift, copied
// into Sources/port-queue-testee/ — never committed to this repository) run on Linux as a queue
// writer end through WidgetContractTestee's QueueTestee. README.md says how.
import PackageDescription

let package = Package(
    name: "PortQueueTestee",
    dependencies: [.package(name: "WidgetContract", path: "../..")],
    targets: [
        // Stands in for the three calls the store makes by the module's name (Darwin.open, .close, .flock).
        .target(name: "Darwin", path: "Sources/Darwin"),
        .executableTarget(name: "port-queue-testee",
                          dependencies: ["Darwin", .product(name: "WidgetContractTestee", package: "WidgetContract")],
                          path: "Sources/port-queue-testee", swiftSettings: [.swiftLanguageMode(.v5)]),
    ]
)

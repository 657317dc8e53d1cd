// swift-tools-version:6.0
// WidgetContract: a cross-language contract test harness for the widget snapshot (v:1).
import PackageDescription

// The end-to-end tests (the CLI, JVMs, tsc and node, real processes, the whole corpus) are a target
// of their own. `scripts/unit` sets WIDGETCONTRACT_UNIT_LOOP so that target is not even built: a
// layer's unit tests build and run in seconds. `swift test` and `scripts/test` build and run both.
let unitLoopOnly = Context.environment["WIDGETCONTRACT_UNIT_LOOP"] != nil

let package = Package(
    name: "WidgetContract",
    products: [
        // The Swift reader an iOS widget depends on: Foundation only, no harness code.
        .library(name: "WidgetSnapshot", targets: ["WidgetSnapshot"]),
        // Turns a team's own Swift reader into a testee for `check --testee` (Examples/ios-testee).
        .library(name: "WidgetContractTestee", targets: ["WidgetContractTestee"]),
        .executable(name: "contract-harness", targets: ["contract-harness"]),
    ],
    targets: [
        .target(name: "WidgetSnapshot"),
        // libjansson from Debian, through pkg-config.
        .systemLibrary(name: "CJansson", pkgConfig: "jansson", providers: [.apt(["libjansson-dev"])]),
        // The C reference reader: plain C on jansson, the statement the expected outputs come from.
        // (No unsafeFlags anywhere: an iOS app must be able to depend on this package.)
        .target(name: "ReferenceDecoder", dependencies: ["CJansson"]),
        // OpenSSL's libcrypto from Debian, through pkg-config: the harness's SHA-256 (seals,
        // fingerprints, stream hashes). Never in the testee kit's closure.
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        // What every side must agree on, defined once: the decoded view and its canonical line,
        // the field paths, the one comparison, the case id, the case and its stream line.
        // Swift only (no C, no jansson): the testee kit an app links stands on it.
        // The contract description (schemas/contract.json, linked as Description/contract.json) is
        // compiled in: the kit and every reader see the same revisions without reading a file.
        .target(name: "ContractModel", dependencies: ["WidgetSnapshot"], resources: [.embedInCode("Description/contract.json"), .embedInCode("Description/queue-contract.json")]),
        // The C reference called through its C API, its `rd_view` turned into a `DecodedView`:
        // for the harness's C reader and the libFuzzer target, never for the testee kit.
        .target(name: "ReferenceView", dependencies: ["ContractModel", "WidgetSnapshot", "ReferenceDecoder"]),
        // Fork-and-exec for the harness's children, tied to its life (PR_SET_PDEATHSIG and a
        // watchdog per process group): what posix_spawn cannot do. Plain C, no dependency.
        .target(name: "SpawnSupport"),
        // The harness, in four layers along the data flow; each depends only on the layers above it
        // in this list, so the compiler refuses a loop. None is a product: the CLI is their front end.
        // HarnessCorpus: what the cases are — fixtures, mutations, zones, the corpus, and golden storage.
        .target(name: "HarnessCorpus", dependencies: ["ContractModel", "WidgetSnapshot", "ReferenceDecoder", "CCrypto"]),
        // HarnessReaders: who decodes a case — the reader protocol, the readers, the process runner, recording.
        .target(name: "HarnessReaders", dependencies: ["HarnessCorpus", "ContractModel", "ReferenceView", "WidgetSnapshot", "SpawnSupport"]),
        // HarnessGate: what the readers' views mean — comparison, lists, verdicts, the gate, diff, reports.
        .target(name: "HarnessGate", dependencies: ["HarnessReaders", "HarnessCorpus", "ContractModel", "WidgetSnapshot"]),
        // HarnessFuzz: seeded fuzzing beside the gate — generation, judging, shrinking, findings, runs, reports.
        .target(name: "HarnessFuzz", dependencies: ["HarnessGate", "HarnessReaders", "HarnessCorpus", "ContractModel", "WidgetSnapshot"]),
        // The testee kit: case lines in, canonical view lines (or crash lines) out, CONTRACT §6.
        // Its closure is ContractModel and WidgetSnapshot only (KitDependencyTests checks it).
        .target(name: "WidgetContractTestee", dependencies: ["ContractModel", "WidgetSnapshot"]),
        // A JSONSerialization port of the widget reader (what an iOS team without WidgetSnapshot
        // ships): timed by WidgetBench, and the reader of the worked testee example.
        .target(name: "FoundationWidgetReader", dependencies: ["WidgetSnapshot"], path: "Examples/FoundationWidgetReader"),
        .executableTarget(name: "ios-example-testee", dependencies: ["WidgetContractTestee", "FoundationWidgetReader"],
                          path: "Examples/ios-testee"),
        // A kit testee on WidgetSnapshot's revision-3 API: the kit's revision 2/3 fields in the gate.
        // The project's tap queue (WidgetSnapshot's WidgetDoneQueue) on an App Group folder, through the kit's QueueTestee.
        .executableTarget(name: "swift-queue-testee", dependencies: ["WidgetContractTestee", "WidgetSnapshot"],
                          path: "Examples/swift-queue-testee"),
        .executableTarget(name: "swift-kit-testee", dependencies: ["WidgetContractTestee", "WidgetSnapshot"],
                          path: "Examples/swift-kit-testee"),
        // The CLI: argument parsing and one file per subcommand, over the library.
        .executableTarget(name: "contract-harness", dependencies: ["HarnessFuzz", "HarnessGate", "HarnessReaders", "HarnessCorpus", "ContractModel", "WidgetSnapshot"]),
        // The libFuzzer target (scripts/fuzz-libfuzzer, .clusterfuzzlite/): Swift vs C on the same bytes.
        // It links the model (the comparison), the C conversion and the readers, never the harness.
        .executableTarget(name: "WidgetFuzz", dependencies: ["ContractModel", "ReferenceView", "WidgetSnapshot", "ReferenceDecoder"]),
        // Benchmarks (scripts/bench, docs/benchmarks.md): release builds only, not a product an app uses.
        .executableTarget(name: "WidgetBench", dependencies: ["WidgetSnapshot", "ContractModel", "HarnessFuzz", "HarnessGate", "HarnessReaders", "HarnessCorpus", "ReferenceDecoder", "FoundationWidgetReader"]),
        // Where every test finds the repository and makes scratch folders (Foundation only).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "WidgetSnapshotTests", dependencies: ["WidgetSnapshot", "TestSupport"]),
        .testTarget(name: "ContractModelTests", dependencies: ["ContractModel", "WidgetSnapshot", "HarnessTestSupport", "TestSupport"]),
        .testTarget(name: "ReferenceDecoderTests", dependencies: ["ReferenceDecoder", "ReferenceView", "ContractModel", "WidgetSnapshot", "TestSupport"]),
        .testTarget(name: "ReaderBehaviourTests", dependencies: ["HarnessReaders", "ContractModel", "WidgetSnapshot", "TestSupport"]),
        .testTarget(name: "WidgetContractTesteeTests", dependencies: ["WidgetContractTestee", "ContractModel", "WidgetSnapshot", "TestSupport"]),
        // What the harness's tests share: the repository's fixtures and golden tree, small cut-down
        // copies of it (checked by the gate), the built CLI, scratch folders. Not a test target itself; tests only.
        .target(name: "HarnessTestSupport", dependencies: ["HarnessGate", "HarnessReaders", "HarnessCorpus", "ContractModel", "WidgetSnapshot", "TestSupport"],
                path: "Tests/HarnessTestSupport"),
        // The harness's unit tests, one target per layer (each sees its layer and those above it in the list).
        .testTarget(name: "HarnessCorpusTests", dependencies: ["HarnessTestSupport", "TestSupport", "HarnessCorpus", "ContractModel", "WidgetSnapshot"]),
        .testTarget(name: "HarnessReadersTests", dependencies: ["HarnessTestSupport", "TestSupport", "HarnessReaders", "HarnessCorpus", "ContractModel", "WidgetSnapshot"]),
        .testTarget(name: "HarnessGateTests", dependencies: ["HarnessTestSupport", "TestSupport", "HarnessGate", "HarnessReaders", "HarnessCorpus", "ContractModel", "WidgetSnapshot"]),
        .testTarget(name: "HarnessFuzzTests", dependencies: ["HarnessTestSupport", "TestSupport", "HarnessFuzz", "HarnessGate", "HarnessReaders", "HarnessCorpus", "ContractModel", "WidgetSnapshot"]),
    ] + (unitLoopOnly ? [] : [
        // End to end: the built `contract-harness` (exit codes, help, the workflows' commands), the Kotlin
        // end on a JVM, the writer end through tsc and node, testees as processes, runs over the whole
        // corpus. Folders follow the layers (CommandLine, Corpus, Readers, Gate, Fuzz, Kit).
        // The example app repository's recording of its iOS reader (Examples/app-repository/ios): the
        // XCTest an app runs on Apple's Foundation, run here as the stand-in (records only when told where).
        .testTarget(name: "AppRepositoryRecording", dependencies: ["WidgetContractTestee", "FoundationWidgetReader", "WidgetSnapshot"],
                    path: "Examples/app-repository/ios"),
        .testTarget(name: "EndToEndTests", dependencies: ["HarnessTestSupport", "TestSupport", "HarnessFuzz", "HarnessGate", "HarnessReaders",
                                                          "HarnessCorpus", "ContractModel", "WidgetSnapshot", "WidgetContractTestee"]),
    ]),
    cLanguageStandard: .c11
)

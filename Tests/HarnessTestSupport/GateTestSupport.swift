import ContractModel
import Foundation
import XCTest
import WidgetSnapshot
import HarnessCorpus
import HarnessGate
import HarnessReaders
import TestSupport

/// Temporary copies of the repository's golden tree, so tests can plant faults in them.
package enum GateTestSupport {
    /// A revision-1 writer blob the writer schemas accept, for tests to break one rule of.
    package static let writerBlob = #"{"v":1,"dayStr":"2026-07-17","validUntil":1784325600000,"tasks":[{"id":"t1","title":"A","isDone":false,"projectId":"p1"}],"projectColors":{"p1":"rgb(144, 187, 165)"}}"#

    /// The repository's writer schema of `revision`.
    package static func writerSchema(_ revision: Int) throws -> WriterSchema {
        try WriterSchema.load(root: TestRepository.root, file: WriterSchema.fileName(revision: revision))
    }

    /// A fresh folder holding a copy of `golden/` (fixtures, expected, kotlin, divergences,
    /// states), `schemas/` and the writer end (`scripts/build-writer`, `ends/writer/`: its
    /// compile is cached by content, so a copy costs no compile).
    package static func copyOfGolden() throws -> HarnessPaths {
        let folder = Scratch.url("gate")
        for item in ["golden", "schemas", "scripts/build-writer", "ends/writer"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(item).deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: TestRepository.root.appendingPathComponent(item), to: folder.appendingPathComponent(item))
        }
        return HarnessPaths(root: folder)
    }

    /// Puts the repository's whole `scripts/`, the Kotlin end (`ends/kotlin`) and the testee tools
    /// (`tools/kotlin-testee`) into `tree`, replacing its `scripts/`: what `scripts/record-kotlin`
    /// needs to record there.
    package static func copyKotlinRecording(into tree: URL) throws {
        try? FileManager.default.removeItem(at: tree.appendingPathComponent("scripts"))
        for item in ["scripts", "ends/kotlin", "tools/kotlin-testee"] {
            try FileManager.default.createDirectory(at: tree.appendingPathComponent(item).deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: TestRepository.root.appendingPathComponent(item), to: tree.appendingPathComponent(item))
        }
    }

    package static func remove(_ paths: HarnessPaths) {
        try? FileManager.default.removeItem(at: paths.root)
    }

    /// Replaces the first occurrence of `old` with `new` in the line of `caseId` in a view file.
    package static func edit(_ url: URL, caseId: String, replacing old: String, with new: String) throws {
        let text = try String(contentsOf: url, encoding: .utf8)
        var lines = text.components(separatedBy: "\n")
        guard let index = lines.firstIndex(where: { $0.hasPrefix("{\"id\":\"\(caseId)\"") }),
              let range = lines[index].range(of: old) else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "no \(old) in \(caseId)"])
        }
        lines[index].replaceSubrange(range, with: new)
        try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
    }

    /// Like `edit`, then re-seals the line as the golden store would (same case fingerprint):
    /// a line the harness could have written, e.g. by a reference that read the case differently.
    package static func editSealed(_ url: URL, caseId: String, replacing old: String, with new: String) throws {
        try edit(url, caseId: caseId, replacing: old, with: new)
        let text = try String(contentsOf: url, encoding: .utf8)
        var lines = text.components(separatedBy: "\n")
        let index = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("{\"id\":\"\(caseId)\"") })
        let marker = try XCTUnwrap(lines[index].range(of: #","case":""#, options: .backwards))
        let fingerprint = String(lines[index][marker.upperBound...].prefix(CaseFingerprint.length))
        let view = GoldenLine.view(Array(lines[index].utf8))
        lines[index] = String(decoding: GoldenLine.seal(view, caseFingerprint: fingerprint), as: UTF8.self)
        try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
    }

    /// The built CLI next to the test bundle (`swift build --build-tests` builds both).
    package static var cli: URL {
        TestRepository.root.appendingPathComponent(".build/debug/contract-harness")
    }

    /// Skips the calling test (or class, from `setUpWithError`) without Debian's kotlinc and
    /// Android's org.json (the Kotlin end's toolchain, which scripts/bootstrap installs).
    package static func skipUnlessKotlin() throws {
        guard FileManager.default.fileExists(atPath: "/usr/share/java/com.android.json.jar"),
              ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":")
                .contains(where: { FileManager.default.isExecutableFile(atPath: "\($0)/kotlinc") }) == true else {
            throw XCTSkip("no Kotlin toolchain (kotlinc, libandroid-json-java): scripts/bootstrap installs it")
        }
    }

    /// Skips the calling test (or class, from `setUpWithError`) unless the CLI is built.
    package static func skipUnlessTheCLIIsBuilt() throws {
        guard FileManager.default.isExecutableFile(atPath: cli.path) else {
            throw XCTSkip("build the CLI first: swift build --build-tests (scripts/test does)")
        }
    }

    /// Runs the CLI; returns its exit status, stdout and stderr.
    /// A contributor's environment: the runner's, without `CI` (under `CI=true` the harness
    /// refuses `update` and `refresh`, as it should on a CI runner; a test of a contributor's
    /// step must not inherit that).
    package static var contributorEnvironment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = nil
        return environment
    }

    package static func runCLI(_ arguments: [String], environment: [String: String]? = nil) throws -> (status: Int32, out: String, err: String) {
        try run(cli, arguments, environment: environment)
    }

    /// Runs `executable`; returns its exit status, stdout and stderr. Standard input: the file
    /// `stdin` when given (the runner's otherwise).
    package static func run(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
                            stdin: URL? = nil) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let stdin { process.standardInput = try FileHandle(forReadingFrom: stdin) }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }

    /// Runs `executable` with stdout and stderr in one pipe (a script's whole output in order), in
    /// `folder` when given, with the environment changed by `changes` (nil removes a variable).
    package static func runMerged(_ executable: URL, _ arguments: [String], in folder: URL? = nil,
                                  changes: [String: String?] = [:]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        var environment = ProcessInfo.processInfo.environment
        for (name, value) in changes { environment[name] = value }
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

extension InProcessReader {
    /// The reader's view, for a test: a reader that produces none fails the test that asked.
    package func view(_ testCase: Case, file: StaticString = #filePath, line: UInt = #line) -> DecodedView {
        if case .view(let view) = outcome(testCase) { return view }
        XCTFail("\(name) produced no view on \(testCase.id): \(outcome(testCase))", file: file, line: line)
        return DecodedView(id: testCase.id, parse: .error("no view"), meta: .unknown, stale: false, header: .today)
    }
}

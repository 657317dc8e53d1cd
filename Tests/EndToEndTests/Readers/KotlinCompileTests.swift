import Foundation
import XCTest
import HarnessTestSupport
import TestSupport

/// kotlinc itself on what `scripts/record-kotlin` hands it (once steps of scripts/test): a modern
/// reader that does not compile is reported at the user's file, line and column, never in the
/// down-levelled copy; and every rewrite and compat shim of tools/kotlin-testee/downlevel, all of them
/// in Tests/Kotlin/AllRewrites.kt, compiles on Debian's kotlinc 1.3.31. Skipped only where there
/// is no Kotlin toolchain (scripts/bootstrap installs it, so CI runs them).
final class KotlinCompileTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        try GateTestSupport.skipUnlessKotlin()
        folder = Scratch.url("kotlin-compile")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    /// Examples/kotlin-modern with `Today` given a supertype that does not exist: the error names
    /// the user's file and the line and column of `Missing` in it, although kotlinc compiled a
    /// down-levelled copy (`data object` rewritten) elsewhere.
    func testACompileErrorIsReportedAtTheUsersFileLineAndColumn() throws {
        let modern = TestRepository.root.appendingPathComponent("Examples/kotlin-modern/WidgetData.kt")
        var lines = try String(contentsOf: modern, encoding: .utf8).components(separatedBy: "\n")
        let original = "    data object Today : WidgetHeader"
        let at = try XCTUnwrap(lines.firstIndex(of: original), "Examples/kotlin-modern/WidgetData.kt no longer declares \(original)")
        lines[at] = original + ", Missing"
        let column = original.count + ", ".count + 1
        let broken = folder.appendingPathComponent("WidgetData.kt")
        try lines.joined(separator: "\n").write(to: broken, atomically: true, encoding: .utf8)

        let run = try Self.run(TestRepository.root.appendingPathComponent("scripts/record-kotlin").path,
                               ["--parser", broken.path, "--print-command"])
        XCTAssertNotEqual(run.status, 0, "a reader that does not compile was compiled:\n" + run.out + run.err)
        XCTAssertTrue(run.err.contains("\(broken.path):\(at + 1):\(column): error: unresolved reference: Missing"),
                      "the compile error does not point to \(broken.path):\(at + 1):\(column):\n" + run.err)
        XCTAssertFalse(run.out.contains("java "), "a command line was printed for a reader that does not compile:\n" + run.out)
    }

    /// Every rewrite and shim that tools/kotlin-testee/downlevel makes, compiled on kotlinc 1.3.31.
    func testEveryDownlevelRewriteCompilesOnKotlinc13() throws {
        let source = TestRepository.root.appendingPathComponent("Tests/Kotlin/AllRewrites.kt")
        let out = folder.appendingPathComponent("src")
        let downlevel = try Self.run("/usr/bin/env", ["python3", TestRepository.root.appendingPathComponent("tools/kotlin-testee/downlevel").path,
                                                      "--out", out.path, source.path])
        XCTAssertEqual(downlevel.status, 0, downlevel.err)
        let sources = try XCTUnwrap(FileManager.default.enumerator(atPath: out.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".kt") }.sorted().map { out.appendingPathComponent($0).path }
        XCTAssertGreaterThan(sources.count, 1, "no compat shims next to the rewritten file?")
        let jar = folder.appendingPathComponent("all.jar")
        // through scripts/kotlin/compile, as scripts/record-kotlin compiles: kotlinc on a C1-only JVM (the same class files, less CPU)
        let compile = try Self.run(TestRepository.root.appendingPathComponent("scripts/kotlin/compile").path,
                                   ["-nowarn", "-Xallow-result-return-type", "-d", jar.path] + sources)
        XCTAssertEqual(compile.status, 0, "Tests/Kotlin/AllRewrites.kt does not compile after downlevel:\n" + compile.err)
        XCTAssertTrue(FileManager.default.fileExists(atPath: jar.path), "kotlinc wrote no jar:\n" + compile.err)
    }

    /// Runs a program; stderr goes through a file, so a chatty one cannot block on a full pipe.
    private static func run(_ program: String, _ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        let errFile = Scratch.url("kotlin-compile-err")
        _ = FileManager.default.createFile(atPath: errFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errFile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        let out = Pipe()
        process.standardOutput = out
        process.standardError = try FileHandle(forWritingTo: errFile)
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self),
                String(decoding: try Data(contentsOf: errFile), as: UTF8.self))
    }
}

import Foundation
import XCTest
import TestSupport

/// Runs one of the package's example testees (built by `swift build --build-tests`) as the
/// harness does: the input on stdin, closed, and stdout read to its end.
enum ExampleTesteeProcess {
    static let root = TestRepository.root

    static func run(_ product: String, input: Data) throws -> (status: Int32, stdout: Data) {
        let binary = root.appendingPathComponent(".build/debug/\(product)")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw XCTSkip("build the example first: swift build --build-tests (scripts/test does)")
        }
        let process = Process()
        process.executableURL = binary
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        stdin.fileHandleForWriting.write(input)
        try stdin.fileHandleForWriting.close()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, out)
    }
}

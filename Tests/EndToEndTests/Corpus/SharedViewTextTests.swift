import ContractModel
import Foundation
import HarnessCorpus
import HarnessTestSupport
import XCTest
import TestSupport

/// `ViewStore.loadLines` parses a view text shared by many lines (all but the id) once
/// (SharedViewText). What a folder reads as, and the first error it stops at, must be exactly
/// what parsing every line on its own gives: on real golden files and on lines made to trip
/// the sharing (an escaped id, a second `id` member, crash lines, a shared broken view, an id
/// that is not UTF-8).
final class SharedViewTextTests: XCTestCase {
    /// The rest of a complete view line after its id.
    private static let rest = #","parse":{"tasks":[]},"meta":{"dayStr":null,"validUntil":null},"stale":false,"header":{"kind":"today"}"#
        + DescribedValues.addedTail + "}"

    /// A folder's lines by id (outcome, file:line, provenance), or the error it stops at.
    private enum Read { case success([String: String]), failure(String) }

    private func folder(_ files: [String: Data]) throws -> URL {
        let folder = Scratch.url("shared")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        for (name, data) in files { try data.write(to: folder.appendingPathComponent(name)) }
        return folder
    }

    /// Every line parsed on its own, in file and line order: what loadLines must equal.
    private func lineByLine(_ folder: URL, strict: Bool) -> Read {
        var read: [String: String] = [:]
        do {
            for file in try FileManager.default.contentsOfDirectory(atPath: folder.path).filter({ $0.hasSuffix(".jsonl") }).sorted() {
                let bytes = try Data(contentsOf: folder.appendingPathComponent(file))
                for (index, line) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() where !line.isEmpty {
                    let (view, provenance) = GoldenLine.open(line)
                    let (id, outcome) = try ViewLine.parse(view, file: "golden/x/\(file)", lineNumber: index + 1, allowingNotImplemented: !strict)
                    guard read.updateValue("\(outcome.compacted(storedDigests: true)) \(file):\(index + 1) \(provenance)", forKey: id) == nil else {
                        return .failure("duplicate \(id)")
                    }
                }
            }
        } catch {
            return .failure("\(error)")
        }
        return .success(read)
    }

    private func loaded(_ folder: URL, strict: Bool) -> Read {
        do {
            let lines = try ViewStore(folder: folder, displayName: "golden/x", allowsNotImplemented: !strict, tree: TreeBoundary(root: folder)).loadLines(jobs: 2)
            return .success(lines.mapValues { line in
                "\(line.outcome) \(line.file.split(separator: "/").last ?? ""):\(line.lineNumber) \(line.provenance)"
            })
        } catch {
            return .failure("\(error)")
        }
    }

    private func assertSame(_ folder: URL, strict: Bool = true, file: StaticString = #filePath, line: UInt = #line) {
        let reference = lineByLine(folder, strict: strict)
        switch (loaded(folder, strict: strict), reference) {
        case (.success(let got), .success(let want)):
            XCTAssertEqual(got, want, file: file, line: line)
        case (.failure(let got), .failure(let want)):
            if want.hasPrefix("duplicate ") {
                XCTAssertTrue(got.contains("duplicate case \(want.dropFirst("duplicate ".count))"), got, file: file, line: line)
            } else {
                XCTAssertEqual(got, want, file: file, line: line)
            }
        case (let got, let want):
            XCTFail("loadLines: \(got), line by line: \(want)", file: file, line: line)
        }
    }

    func testGoldenFilesReadAsEveryLineOnItsOwn() throws {
        let root = TestRepository.root
        for (name, strict) in [("expected", true), ("kotlin", false)] {
            var files: [String: Data] = [:]
            for fixture in ["legacy", "states"] {
                files["\(fixture).jsonl"] = try Data(contentsOf: root.appendingPathComponent("golden/\(name)/\(fixture).jsonl"))
            }
            let folder = try folder(files)
            guard case .success(let read) = loaded(folder, strict: strict) else { return XCTFail("golden/\(name) did not load") }
            XCTAssertGreaterThan(read.count, 250)
            assertSame(folder, strict: strict)
        }
    }

    func testLinesMadeToTripTheSharingReadAsOnTheirOwn() throws {
        func line(_ id: String, _ rest: String = SharedViewTextTests.rest) -> String { #"{"id":"\#(id)"# + rest }
        let good = [
            line("a/x@berlin@at"), line("a/y@berlin@at"),
            line(#"a/z\u0040x@berlin@at"#),                                   // an escaped id: read on its own
            #"{"id":"a/c1@berlin@at","crash":"boom"}"#, #"{"id":"a/c2@berlin@at","crash":"boom"}"#,
        ]
        assertSame(try folder(["a.jsonl": Data((good.joined(separator: "\n") + "\n").utf8)]))

        // A second id member: whatever the parser makes of it, the same as line by line.
        let twice = [line("a/p@berlin@at", #","id":"a/q@berlin@at""# + Self.rest), line("a/r@berlin@at", #","id":"a/q@berlin@at""# + Self.rest)]
        assertSame(try folder(["a.jsonl": Data((twice.joined(separator: "\n") + "\n").utf8)]))

        // A broken view shared by two lines stops at the first, named; one not UTF-8 at its own line.
        let broken = Self.rest.replacingOccurrences(of: #""stale":false"#, with: #""stale":"no""#)
        assertSame(try folder(["a.jsonl": Data(([line("a/x@berlin@at"), line("a/b1@berlin@at", broken), line("a/b2@berlin@at", broken)]
            .joined(separator: "\n") + "\n").utf8)]))
        var notUTF8 = Data((line("a/x@berlin@at") + "\n").utf8)
        notUTF8.append(Data(#"{"id":"a/"#.utf8) + Data([0xFF]) + Data(("@berlin@at" + Self.rest + "\n").utf8))
        assertSame(try folder(["a.jsonl": notUTF8]))
        if case .success = loaded(try folder(["a.jsonl": notUTF8]), strict: true) { XCTFail("an id that is not UTF-8 read") }
    }
}

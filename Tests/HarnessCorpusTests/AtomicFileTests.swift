import Foundation
import XCTest
import TestSupport
@testable import HarnessCorpus

/// `AtomicFile` replaces regular files only: `--out /dev/null` (or a FIFO, /dev/stdout) is
/// written into, never renamed over (as root that replaced the machine's /dev/null with a
/// regular file), and a symbolic link stays a link.
final class AtomicFileTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = Scratch.url("atomic")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func kind(_ url: URL) -> mode_t {
        var status = stat()
        return lstat(url.path, &status) == 0 ? status.st_mode & S_IFMT : 0
    }

    func testAFIFOIsWrittenIntoNotReplaced() throws {
        let fifo = folder.appendingPathComponent("out.fifo")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        let received = Received()
        let reader = Thread {
            // Plain open/read: blocks until the writer opens, then reads to its end of file.
            var data = Data()
            let descriptor = open(fifo.path, O_RDONLY)
            var chunk = [UInt8](repeating: 0, count: 4096)
            while descriptor >= 0 {
                let count = read(descriptor, &chunk, chunk.count)
                if count > 0 { data.append(contentsOf: chunk[..<count]) } else if count == 0 || errno != EINTR { break }
            }
            if descriptor >= 0 { close(descriptor) }
            received.set(data)
        }
        reader.start()
        try AtomicFile.write(Array("line one\nline two\n".utf8), to: fifo)
        XCTAssertTrue(received.wait(seconds: 10), "the reader never got end of file")
        XCTAssertEqual(String(decoding: received.data, as: UTF8.self), "line one\nline two\n")
        XCTAssertEqual(kind(fifo), S_IFIFO, "the FIFO was replaced by a regular file")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["out.fifo"], "no temporary file")
    }

    func testASymbolicLinkStaysALinkAndItsFileIsReplaced() throws {
        let target = folder.appendingPathComponent("real.json")
        let link = folder.appendingPathComponent("link.json")
        try "old".write(to: target, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real.json")
        try AtomicFile.write("new", to: link)
        XCTAssertEqual(kind(link), S_IFLNK)
        XCTAssertEqual(try String(contentsOf: target, encoding: .utf8), "new")
    }

    func testALinkToNothingALoopAndAFolderAreErrorsNamingThePath() throws {
        let dangling = folder.appendingPathComponent("dangling")
        try FileManager.default.createSymbolicLink(atPath: dangling.path, withDestinationPath: "nothing")
        let loop = folder.appendingPathComponent("loop")
        try FileManager.default.createSymbolicLink(atPath: loop.path, withDestinationPath: "loop")
        let directory = folder.appendingPathComponent("dir")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        for url in [dangling, loop, directory] {
            XCTAssertThrowsError(try AtomicFile.write("x", to: url)) { error in
                XCTAssertTrue("\(error)".hasPrefix(url.path), "\(error)")
            }
        }
        XCTAssertEqual(kind(dangling), S_IFLNK)
        XCTAssertEqual(kind(loop), S_IFLNK)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("nothing").path))
    }
}

/// What the FIFO's reader thread got, handed over under a lock.
private final class Received: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: Data?

    func set(_ data: Data) {
        condition.lock()
        value = data
        condition.broadcast()
        condition.unlock()
    }

    func wait(seconds: Double) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date().addingTimeInterval(seconds)
        while value == nil { if !condition.wait(until: deadline) { break } }
        return value != nil
    }

    var data: Data {
        condition.lock()
        defer { condition.unlock() }
        return value ?? Data()
    }
}

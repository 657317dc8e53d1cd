import Foundation

/// The one way anything under `golden/` is written: a temporary file in the same folder,
/// flushed, then renamed over the target, so an interrupted run leaves every file whole
/// (either the old version or the new one, never half of one).
package enum AtomicFile {
    package static func write(_ bytes: [UInt8], to url: URL) throws {
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).tmp-\(ProcessInfo.processInfo.processIdentifier)")
        // Listed while it exists, so a SIGINT/SIGTERM in the middle removes it (TerminationSignals).
        TemporaryFiles.add(temporary.path)
        defer { TemporaryFiles.remove(temporary.path) }
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw HarnessIOError(path: temporary.path, reason: String(cString: strerror(errno))) }
        var written = 0
        let result: Int32 = bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let count = Foundation.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                written += count
            }
            return fsync(descriptor) == 0 ? 0 : errno
        }
        close(descriptor)
        guard result == 0 else {
            unlink(temporary.path)
            throw HarnessIOError(path: url.path, reason: String(cString: strerror(result)))
        }
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary.path)
            throw HarnessIOError(path: url.path, reason: reason)
        }
    }

    package static func write(_ text: String, to url: URL) throws {
        try write(Array(text.utf8), to: url)
    }
}

/// A file the harness could not read or write.
package struct HarnessIOError: Error, CustomStringConvertible {
    package var path: String
    package var reason: String
    package var description: String { "\(path): \(reason)" }
}

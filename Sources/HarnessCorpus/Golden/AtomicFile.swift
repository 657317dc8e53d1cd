import Foundation

/// The one way anything under `golden/` is written: a temporary file in the same folder,
/// flushed, then renamed over the target, so an interrupted run leaves every file whole
/// (either the old version or the new one, never half of one).
///
/// Under the repository (`write(_:to:within:)`) only a regular file of the tree is written:
/// a symbolic link there, a device or a FIFO is refused before anything is written
/// (`TreeBoundary.checkWritable`), so a pull request cannot point a golden file elsewhere.
///
/// A path the user chose (`--out`, `--json`, …: `write(_:to:)`) is their own: a symbolic
/// link stays a link (the file it points to is replaced), and a target that is not a regular
/// file — `/dev/null`, `/dev/stdout`, a FIFO — is written into as it is: renaming over it
/// would put a regular file in its place (as root, `--out /dev/null` would have replaced the
/// machine's /dev/null).
package enum AtomicFile {
    /// A file under the repository root of `tree`: refused when it, or a folder on its way,
    /// is a link (or not a regular file), before anything is written.
    package static func write(_ bytes: [UInt8], to url: URL, within tree: TreeBoundary) throws {
        try tree.checkWritable(url)
        try write(bytes, to: url)
    }

    /// `write(_:to:within:)` unless the file already holds exactly `bytes` (it is read, through
    /// the boundary, only when its size is theirs; a file that starts with a BOM is written
    /// again); true when it was written.
    @discardableResult
    package static func writeIfChanged(_ bytes: [UInt8], to url: URL, within tree: TreeBoundary) throws -> Bool {
        try tree.checkWritable(url)
        var info = stat()
        if stat(url.path, &info) == 0, Int(info.st_size) == bytes.count,
           let old = try GoldenText.read(url, displayName: tree.relativePath(of: url) ?? url.path, tree: tree, maximumBytes: bytes.count),
           old == bytes {
            return false
        }
        try write(bytes, to: url)
        return true
    }

    package static func write(_ text: String, to url: URL, within tree: TreeBoundary) throws {
        try write(Array(text.utf8), to: url, within: tree)
    }

    /// A file the user named: links followed, devices and FIFOs written into.
    package static func write(_ bytes: [UInt8], to given: URL) throws {
        var status = stat()
        let url: URL
        if stat(given.path, &status) == 0 {
            switch status.st_mode & S_IFMT {
            case S_IFREG:
                // Through any symbolic links to the file itself, which is what gets replaced.
                guard let real = realpath(given.path, nil) else { throw HarnessIOError(path: given.path, reason: String(cString: strerror(errno))) }
                url = URL(fileURLWithPath: String(cString: real))
                free(real)
            case S_IFDIR:
                throw HarnessIOError(path: given.path, reason: "is a directory")
            default:
                return try writeInPlace(bytes, to: given.path)
            }
        } else {
            let missing = errno
            guard missing == ENOENT, lstat(given.path, &status) != 0 || status.st_mode & S_IFMT != S_IFLNK else {
                // A symbolic link loop, or a link to nothing: say so rather than replace the link.
                throw HarnessIOError(path: given.path, reason: missing == ENOENT ? "a symbolic link to a file that does not exist" : String(cString: strerror(missing)))
            }
            url = given
        }
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).tmp-\(ProcessInfo.processInfo.processIdentifier)")
        // Listed while it exists, so a SIGINT/SIGTERM in the middle removes it (TerminationSignals).
        TemporaryFiles.add(temporary.path)
        defer { TemporaryFiles.remove(temporary.path) }
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw HarnessIOError(path: temporary.path, reason: String(cString: strerror(errno))) }
        var result = writeAll(bytes, to: descriptor)
        if result == 0, fsync(descriptor) != 0 { result = errno }
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

    /// A device or a FIFO: opened (never created or renamed over) and written through.
    private static func writeInPlace(_ bytes: [UInt8], to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw HarnessIOError(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        let failure = writeAll(bytes, to: descriptor)
        guard failure == 0 else { throw HarnessIOError(path: path, reason: String(cString: strerror(failure))) }
    }

    /// Writes every byte (again after EINTR and short writes); 0, or the errno that stopped it.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32 {
        var written = 0
        return bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let count = Foundation.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                written += count
            }
            return 0
        }
    }
}

/// A file the harness could not read or write.
package struct HarnessIOError: Error, CustomStringConvertible {
    package var path: String
    package var reason: String
    package var description: String { "\(path): \(reason)" }
}

import ContractModel
import Foundation

/// Reads the text files under `golden/` (fixtures, view files, divergence lists, the
/// recording header) so that a file saved with CRLF endings or a UTF-8 byte-order mark
/// reads exactly as its LF twin, and a file that cannot be read stops the run (exit 2)
/// instead of passing for an empty or missing one. Every path is checked against the tree
/// first (`TreeBoundary`): nothing is read through a link that leaves the repository.
package enum GoldenText {
    /// What a path holds, told apart without reading it: `missing` only when the path
    /// really does not exist (ENOENT), never when a folder on the way is unreadable.
    enum Presence {
        case missing
        case file
        case folder
    }

    static func presence(_ url: URL, displayName: String, tree: TreeBoundary) throws(HarnessInputError) -> Presence {
        try tree.check(url)
        var info = stat()
        guard stat(url.path, &info) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return .missing }
            throw HarnessInputError(file: displayName, message: "cannot read: \(String(cString: strerror(code)))")
        }
        return (info.st_mode & S_IFMT) == S_IFDIR ? .folder : .file
    }

    /// The file's bytes with a leading UTF-8 BOM removed; nil when the file does not exist. A
    /// file over `maximumBytes` is refused before it is read (`InputLimits`). A file of the
    /// tree must be a regular file: a FIFO, socket or device there is refused without being
    /// opened (opening a FIFO would wait for a writer forever); `special` allows one for a path
    /// the user named (`compare <(…)`).
    package static func read(_ url: URL, displayName: String, tree: TreeBoundary, maximumBytes: Int = .max,
                             special: Bool = false) throws(HarnessInputError) -> [UInt8]? {
        switch try presence(url, displayName: displayName, tree: tree) {
        case .missing: return nil
        case .folder: throw HarnessInputError(file: displayName, message: "is a folder, expected a file (rename or remove it)")
        case .file: break
        }
        if !special, let kind = notRegular(url) {
            throw HarnessInputError(file: displayName, message: "is \(kind), not a regular file: the harness reads only regular files under the tree (replace it with the file itself)")
        }
        guard access(url.path, R_OK) == 0 else {
            throw HarnessInputError(file: displayName, message: "cannot read: \(String(cString: strerror(errno)))")
        }
        var info = stat()
        if maximumBytes < .max, stat(url.path, &info) == 0, Int(info.st_size) > maximumBytes {
            throw HarnessInputError(file: displayName, message: "\(info.st_size) bytes, over the limit of \(InputLimits.shown(maximumBytes)) for this file (README, \"Limits\")")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw HarnessInputError(file: displayName, message: "cannot read: \(reason(error))")
        }
        return withoutBOM([UInt8](data))
    }

    /// What a path that is not a regular file is (`a FIFO`, `a socket`, `a device`), read
    /// with `stat` (links followed: the tree check has vetted them); nil for a regular file.
    static func notRegular(_ url: URL) -> String? {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFSOCK: return "a socket"
        case S_IFCHR, S_IFBLK: return "a device"
        default: return "not a file"
        }
    }

    /// A file's size in bytes as `stat` sees it (links followed), without opening it; 0 when
    /// it cannot be had (what reads it next says why). For limits checked before reading.
    package static func size(_ url: URL) -> Int {
        var info = stat()
        return stat(url.path, &info) == 0 ? Int(info.st_size) : 0
    }

    /// The file's bytes (BOM removed); a missing file is an error with `hint` appended.
    package static func require(_ url: URL, displayName: String, tree: TreeBoundary, hint: String = "",
                                maximumBytes: Int = .max, special: Bool = false) throws(HarnessInputError) -> [UInt8] {
        guard let bytes = try read(url, displayName: displayName, tree: tree, maximumBytes: maximumBytes, special: special) else {
            throw HarnessInputError(file: displayName, message: "missing" + (hint.isEmpty ? "" : ": \(hint)"))
        }
        return bytes
    }

    /// The names in a folder; nil when it does not exist; an unreadable folder is an error.
    package static func list(_ url: URL, displayName: String, tree: TreeBoundary) throws(HarnessInputError) -> [String]? {
        switch try presence(url, displayName: displayName, tree: tree) {
        case .missing: return nil
        case .file: throw HarnessInputError(file: displayName, message: "expected a folder, found a file")
        case .folder: break
        }
        do {
            return try FileManager.default.contentsOfDirectory(atPath: url.path)
        } catch {
            throw HarnessInputError(file: displayName, message: "cannot list the folder: \(reason(error))")
        }
    }

    /// Lines split on LF with one trailing CR removed from each, one-based numbers kept
    /// by position. A final newline adds no line. A UTF-16/32 BOM or a CR that does not
    /// end a line is refused, naming the file and line.
    package static func lines(_ bytes: [UInt8], file: String) throws(HarnessInputError) -> [ArraySlice<UInt8>] {
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
            throw HarnessInputError(file: file, line: 1, message: "UTF-16/32 text; save it as UTF-8")
        }
        // memchr over the buffer: golden files are megabytes, and a byte loop over slices is
        // slow in the debug builds the tests run.
        let (ends, holdsCR) = bytes.withUnsafeBufferPointer { buffer -> ([Int], Bool) in
            guard let base = buffer.baseAddress else { return ([], false) }
            var ends: [Int] = []
            var at = 0
            while at < buffer.count, let found = memchr(base + at, 0x0A, buffer.count - at) {
                let end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                ends.append(end)
                at = end + 1
            }
            return (ends, memchr(base, 0x0D, buffer.count) != nil)
        }
        var lines: [ArraySlice<UInt8>] = []
        lines.reserveCapacity(ends.count + 1)
        var start = 0
        for end in ends {
            lines.append(bytes[start..<end])
            start = end + 1
        }
        if start < bytes.count { lines.append(bytes[start...]) }
        guard holdsCR else { return lines }
        for index in lines.indices {
            if lines[index].last == UInt8(ascii: "\r") { lines[index] = lines[index].dropLast() }
            if lines[index].contains(UInt8(ascii: "\r")) {
                throw HarnessInputError(file: file, line: index + 1, message: "a carriage return inside a line (only LF or CRLF line ends are read)")
            }
        }
        return lines
    }

    package static func withoutBOM(_ bytes: [UInt8]) -> [UInt8] {
        bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    }

    private static func reason(_ error: any Error) -> String {
        if let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return (error as NSError).localizedDescription
    }
}

import ContractModel
import Foundation

/// The repository the harness works on, as a boundary: a pull request can turn any path
/// under `golden/` into a symbolic link, and the harness must then neither read a file
/// outside the tree (a divergence list linked to `/etc/passwd`, a fixture linked to a JSON
/// file elsewhere) nor write one (`golden/expected` linked to another folder). Every path
/// the harness reads or writes under the root is checked here first: each existing part of
/// it is resolved, and a link that leads outside the tree, loops or leads nowhere is a
/// `HarnessInputError` naming the link (exit 2) before anything is read or written.
///
/// A link that stays inside the tree may be read through; a golden file is never written
/// through a link (`checkWritable`). A path lexically outside the root (`--out`, `--json`,
/// `--findings` somewhere else) is the user's own choice and not checked.
package struct TreeBoundary: Sendable {
    /// The root as given (absolute, standardized).
    package let root: URL

    package init(root: URL) { self.root = root.standardizedFileURL }

    /// A `--root` as given (`""`: the current folder).
    package init(rootPath: String) {
        self.init(root: URL(fileURLWithPath: rootPath.isEmpty ? "." : rootPath, isDirectory: true))
    }

    /// `url`'s path relative to the root, or nil when it is not under the root.
    package func relativePath(of url: URL) -> String? {
        let base = root.path.hasSuffix("/") ? String(root.path.dropLast()) : root.path
        let path = url.standardizedFileURL.path
        if path == base { return "" }
        guard path.hasPrefix(base + "/") else { return nil }
        return String(path.dropFirst(base.count + 1))
    }

    /// Refuses `url` when any existing part of it under the root is a link that leaves the
    /// tree, loops, or points at nothing. A part that does not exist ends the check (what
    /// follows would be created inside the resolved folder).
    package func check(_ url: URL) throws(HarnessInputError) {
        guard let relative = relativePath(of: url), !relative.isEmpty else { return }
        guard let inside = Self.resolved(root.path).path else { return }  // no root yet: nothing under it exists
        var lexical = root.path.hasSuffix("/") ? String(root.path.dropLast()) : root.path
        var shown = ""
        for part in relative.split(separator: "/") {
            lexical += "/\(part)"
            shown += shown.isEmpty ? String(part) : "/\(part)"
            var info = stat()
            guard lstat(lexical, &info) == 0 else { return }
            guard info.st_mode & S_IFMT == S_IFLNK else { continue }
            let target = Self.linkTarget(lexical)
            let resolution = Self.resolved(lexical)
            guard let real = resolution.path else {
                let reason = resolution.error == ELOOP ? "a symbolic link loop (\(String(cString: strerror(ELOOP))))" : "a symbolic link to nothing (\(target))"
                throw HarnessInputError(file: shown, message: "\(reason): the harness reads and writes only inside the repository (\(root.path)); remove the link")
            }
            guard real == inside || real.hasPrefix(inside == "/" ? "/" : inside + "/") else {
                throw HarnessInputError(file: shown, message: "a symbolic link leading outside the repository (to \(real)): the harness reads and writes only inside \(root.path); remove the link")
            }
        }
    }

    /// `check`, and the file itself must be a regular file or not exist yet: a golden file
    /// is replaced (temp + rename) only as a regular file of the tree, never through a link,
    /// and never a device or a FIFO someone put there.
    package func checkWritable(_ url: URL) throws(HarnessInputError) {
        try check(url)
        guard let relative = relativePath(of: url), !relative.isEmpty else { return }
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFLNK:
            throw HarnessInputError(file: relative, message: "is a symbolic link (to \(Self.linkTarget(url.path))): golden files are written only as regular files, never through a link; remove the link")
        case S_IFDIR:
            throw HarnessInputError(file: relative, message: "is a folder, expected a file (rename or remove it)")
        default:
            throw HarnessInputError(file: relative, message: "is not a regular file (a device, FIFO or socket): golden files are written only as regular files; remove it")
        }
    }

    /// `realpath`, or nil and the errno that stopped it.
    private static func resolved(_ path: String) -> (path: String?, error: Int32) {
        guard let real = realpath(path, nil) else { return (nil, errno) }
        defer { free(real) }
        return (String(cString: real), 0)
    }

    private static func linkTarget(_ path: String) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return "?" }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

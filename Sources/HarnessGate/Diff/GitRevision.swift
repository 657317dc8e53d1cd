import Foundation
import HarnessReaders

/// Reads files as they were at a git revision (`git show REV:./path`), for `diff --base REV`.
/// A subprocess rather than a library: the harness has no dependencies, and git is already
/// the tool that holds the golden files' history.
package struct GitRevision: Sendable {
    /// The repository work tree (or a folder inside it) git runs in.
    package let root: URL
    /// The revision as given (`HEAD~1`, `main`, a hash).
    package let name: String
    /// The full commit hash it resolves to.
    package let commit: String

    /// Resolves `name` to a commit; throws `GitError` when git or the revision is missing.
    package init(_ name: String, root: URL) throws {
        self.root = root
        self.name = name
        guard !name.hasPrefix("-") else { throw GitError(message: "`\(name)` is not a revision") }
        let out = try Self.git(["rev-parse", "--verify", "--quiet", name + "^{commit}"], in: root)
        commit = String(decoding: out, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The files directly in `folder` (relative to `root`) at this revision, by name; an
    /// empty list when the folder did not exist then.
    package func files(in folder: String) throws -> [String] {
        let out = try Self.git(["ls-tree", "--name-only", commit, "--", folder + "/"], in: root)
        return String(decoding: out, as: UTF8.self).split(separator: "\n").map { String($0.split(separator: "/").last ?? $0) }
    }

    /// One file's bytes at this revision (`path` relative to `root`).
    package func contents(of path: String) throws -> [UInt8] {
        try Self.git(["show", "\(commit):./\(path)"], in: root)
    }

    /// Runs git (through the harness's one process runner) and returns its stdout; a
    /// non-zero exit throws with git's stderr.
    static func git(_ arguments: [String], in folder: URL) throws -> [UInt8] {
        let run: CommandRun
        do {
            run = try CommandRun.run(.arguments(["git", "-C", folder.path] + arguments))
        } catch {
            throw GitError(message: "cannot run git: \(error.reason)")
        }
        guard run.succeeded else {
            let detail = String(decoding: run.errors, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw GitError(message: "git \(arguments.joined(separator: " ")) failed" + (detail.isEmpty ? "" : ": \(detail)"))
        }
        return run.output
    }
}

/// git could not answer (not a repository, unknown revision, git missing).
package struct GitError: Error, CustomStringConvertible, Sendable {
    package var message: String
    package var description: String { message }
}

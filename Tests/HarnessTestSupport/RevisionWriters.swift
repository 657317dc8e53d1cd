import Foundation
import HarnessReaders
import TestSupport

/// Writer ends that write every state at one revision: the tree's compiled writer end behind a
/// `sed` that rewrites the state line's `"revision":M` to `N`. At 2 it is the app's pull-request
/// writer (always `projects`, `doneOn` on done tasks, never `currentTask`); at 1 a writer that
/// never writes them; at 3 one that also always writes `currentTask`.
package enum RevisionWriters {
    /// The command of a writer that writes every state at `revision` (a script in `folder`).
    package static func command(revision: Int, in folder: URL) throws -> String {
        let tree = try WriterCommand.tree.resolve(root: TestRepository.root)
        let script = folder.appendingPathComponent("writer-r\(revision).sh")
        let text = "#!/bin/sh\nsed -u 's/\"revision\":[0-9][0-9]*,/\"revision\":\(revision),/' | exec \(tree)\n"
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try text.write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return "'\(script.path)'"
    }
}

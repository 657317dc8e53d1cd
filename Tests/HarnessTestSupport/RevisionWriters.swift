import Foundation
import HarnessReaders
import TestSupport

/// Writer ends that write every state at one revision: the tree's compiled writer end behind a
/// `sed` that rewrites the state line's `"revision":M` to `N`. At 2 it is the app's writer as it
/// ships (always `projects`, `doneOn` on done tasks); at 1 a writer that never writes them.
package enum RevisionWriters {
    /// The command of a writer that writes every state at `revision` (a script in `folder`).
    package static func command(revision: Int, in folder: URL) throws -> String {
        let tree = try WriterCommand.tree.resolve(root: TestRepository.root)
        let other = revision == 1 ? 2 : 1
        let script = folder.appendingPathComponent("writer-r\(revision).sh")
        let text = "#!/bin/sh\nsed -u 's/\"revision\":\(other),/\"revision\":\(revision),/' | exec \(tree)\n"
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try text.write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return "'\(script.path)'"
    }
}

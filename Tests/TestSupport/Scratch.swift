import Foundation

/// Scratch files and folders for tests: every one is `NAME-<uuid>[.EXT]` in the temporary
/// directory, made in one place, so names never collide between parallel shards and a test
/// removes what it made with `Scratch.remove`.
package enum Scratch {
    /// A fresh path (nothing is created): `NAME-<uuid>` plus `.EXT` when given.
    package static func url(_ name: String, extension ext: String = "") -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)" + (ext.isEmpty ? "" : ".\(ext)"))
    }

    /// A new empty folder `NAME-<uuid>` in the temporary directory.
    package static func folder(_ name: String = "scratch") -> URL {
        let url = url(name)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    package static func remove(_ url: URL) { try? FileManager.default.removeItem(at: url) }
}

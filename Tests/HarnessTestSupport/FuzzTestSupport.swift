import Foundation

/// Throw-away findings folders for fuzz runs (and any test that needs a scratch folder).
/// The runs themselves are in HarnessFuzzTests' `FuzzTestSupport.run`.
package enum FuzzTestSupport {
    /// A new empty folder `NAME-<uuid>` in the temporary directory; `remove` it when done.
    package static func temporaryFolder(_ name: String = "fuzz-tests") -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    package static func remove(_ url: URL) { try? FileManager.default.removeItem(at: url) }

    /// File name → bytes of every file in `folder`.
    package static func contents(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            files[name] = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path)
        }
        return files
    }
}

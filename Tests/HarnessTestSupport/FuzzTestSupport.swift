import Foundation

/// What fuzz tests share beside their runs (`FuzzTestSupport.run`): the files a run leaves.
package enum FuzzTestSupport {
    /// File name → bytes of every file in `folder`.
    package static func contents(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            files[name] = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path)
        }
        return files
    }
}

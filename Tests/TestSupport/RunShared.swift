import Foundation

/// A folder made once per test run instead of once per XCTest process: `scripts/test` runs the
/// suite as several shards (processes) side by side, and a process-wide `static let` that costs
/// many CPU seconds (a seed searched over thousands of generated cases, a release packed and
/// installed) was paid again in every shard whose tests touch it. Under `WIDGETCONTRACT_TEST_TREES`
/// (the folder scripts/test makes for one run and removes after it) the first process to ask for
/// `key` builds it there under a lock while the others wait, and every process gets the same
/// whole folder (built beside it, then renamed into place). Without it, each process builds its
/// own in the temporary directory, as before.
package enum RunShared {
    /// The run's folder `key`, built by `build` (handed an empty folder) when it is not there yet.
    package static func folder(_ key: String, build: (URL) throws -> Void) throws -> URL {
        guard let shared = ProcessInfo.processInfo.environment["WIDGETCONTRACT_TEST_TREES"], !shared.isEmpty else {
            let own = Scratch.folder(key)
            try build(own)
            return own
        }
        let parent = URL(fileURLWithPath: shared)
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        let target = parent.appendingPathComponent(key)
        let lock = open(parent.appendingPathComponent("\(key).lock").path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        guard lock >= 0 else { throw RunSharedError("cannot open the lock of \(target.path): errno \(errno)") }
        defer { close(lock) }
        while flock(lock, LOCK_EX) != 0 {
            guard errno == EINTR else { throw RunSharedError("cannot lock \(target.path): errno \(errno)") }
        }
        defer { flock(lock, LOCK_UN) }
        if !FileManager.default.fileExists(atPath: target.path) {
            let partial = parent.appendingPathComponent("\(key).partial-\(UUID().uuidString)")
            do {
                try FileManager.default.createDirectory(at: partial, withIntermediateDirectories: true)
                try build(partial)
            } catch {
                try? FileManager.default.removeItem(at: partial)
                throw error
            }
            try FileManager.default.moveItem(at: partial, to: target)
        }
        return target
    }

    /// A short text computed once per run (kept as the file `value` of the run's folder `key`).
    package static func text(_ key: String, compute: () throws -> String) throws -> String {
        guard ProcessInfo.processInfo.environment["WIDGETCONTRACT_TEST_TREES"]?.isEmpty == false else { return try compute() }
        let folder = try folder(key) { into in
            try Data(compute().utf8).write(to: into.appendingPathComponent("value"))
        }
        return try String(contentsOf: folder.appendingPathComponent("value"), encoding: .utf8)
    }
}

/// Why a run-shared folder could not be had.
package struct RunSharedError: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}

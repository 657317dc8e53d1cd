import ContractModel
import Foundation

/// Temporary files a killed run left behind (`AtomicFile` names them `.<file>.tmp-<pid>`; a
/// SIGKILL or a power cut gives no chance to remove them). The next `update`, `record` or
/// `fuzz` removes those in the folders it writes whose process is gone, and says so.
package enum LeftoverTemporaryFiles {
    /// Removes `.<name>.tmp-<pid>` files in `folder` whose process no longer runs; returns
    /// their names. A live process's temp file (a concurrent run) is left alone.
    package static func clean(_ folder: URL) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        var removed: [String] = []
        for name in names.sorted() {
            guard let pid = processIdentifier(name), !isRunning(pid) else { continue }
            if unlink(folder.appendingPathComponent(name).path) == 0 { removed.append(name) }
        }
        return removed
    }

    /// The pid in `.<name>.tmp-<pid>`, or nil for any other name.
    static func processIdentifier(_ name: String) -> pid_t? {
        guard name.hasPrefix("."), let marker = name.range(of: ".tmp-", options: .backwards),
              marker.lowerBound > name.index(after: name.startIndex) else { return nil }
        let digits = name[marker.upperBound...]
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return nil }
        return pid_t(digits)
    }

    private static func isRunning(_ pid: pid_t) -> Bool {
        if pid == getpid() { return true }
        return kill(pid, 0) == 0 || errno == EPERM
    }

    /// `removed .x.jsonl.tmp-123 (left by a killed run)` lines for stderr, one per file.
    package static func report(_ removed: [String], in displayName: String) -> String {
        removed.map { "contract-harness: removed \(UntrustedText.escape("\(displayName)/\($0)")) (a temporary file left by a killed run)\n" }.joined()
    }
}

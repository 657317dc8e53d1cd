import Foundation

/// This process's resident memory, read from `/proc/self/status` (Linux): the current
/// resident set (`VmRSS`) and its high-water mark (`VmHWM`).
///
/// Exists so a long fuzz campaign can show that its memory stays flat (the progress line
/// and the summary print it) and so a test can catch a leak by measuring growth.
/// `nil` where `/proc` is not there.
package enum ResidentMemory {
    /// Current resident set in bytes.
    package static var current: Int? { field("VmRSS:") }

    /// Peak resident set in bytes since the process started.
    package static var peak: Int? { field("VmHWM:") }

    /// `128.4 MB`.
    package static func megabytes(_ bytes: Int?) -> String {
        guard let bytes else { return "?" }
        return String(format: "%.1f MB", Double(bytes) / 1_000_000)
    }

    private static func field(_ name: String) -> Int? {
        guard let data = FileManager.default.contents(atPath: "/proc/self/status") else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(name) }) else { return nil }
        let words = line.split(separator: " ", omittingEmptySubsequences: true).map { $0.trimmingCharacters(in: .whitespaces) }
        // `VmRSS:\t   12345 kB`
        guard let number = words.lazy.compactMap({ Int($0) }).first else { return nil }
        return number * 1024
    }
}

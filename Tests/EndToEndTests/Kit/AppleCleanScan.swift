import Foundation

/// Reads Swift source for what would not build on Apple platforms, so the two products an
/// iOS widget links (`WidgetSnapshot`, `WidgetContractTestee`) stay buildable there although
/// this machine has no Apple SDK. It looks for:
/// - Glibc used outside a branch only Linux compiles (`#if canImport(Glibc)`, `#if os(Linux)`):
///   `import Glibc` or a `Glibc.` qualified name (`Glibc.write` does not exist on Darwin);
/// - Linux-only system interfaces anywhere outside such a branch (`/proc`, `prctl`, `epoll`,
///   `inotify`, `PR_SET_…`, `pipe2`, `memfd_create`, …);
/// - standard-library API that Apple ships only with iOS 18 / macOS 15 (`String(validating:as:)`,
///   the `Synchronization` module): a widget extension targets older systems, and the package
///   declares no platform minimum.
/// Comments are skipped; a hit in a string literal still counts (a `/proc` path is Linux-only).
struct AppleCleanScan {
    struct Finding: CustomStringConvertible, Equatable {
        var file: String
        var line: Int
        var what: String
        var description: String { "\(file):\(line): \(what)" }
    }

    /// Text that names Linux-only interfaces, and why each is refused.
    static let linuxOnly: [(needle: String, why: String)] = [
        ("/proc/", "reads /proc, which Darwin does not have"),
        ("prctl(", "prctl is Linux-only"),
        ("PR_SET_", "a prctl option, Linux-only"),
        ("epoll_", "epoll is Linux-only (Darwin has kqueue)"),
        ("inotify_", "inotify is Linux-only"),
        ("signalfd(", "signalfd is Linux-only"),
        ("eventfd(", "eventfd is Linux-only"),
        ("memfd_create(", "memfd_create is Linux-only"),
        ("pipe2(", "pipe2 is Linux-only"),
        ("accept4(", "accept4 is Linux-only"),
        ("O_TMPFILE", "O_TMPFILE is Linux-only"),
        ("SOCK_CLOEXEC", "SOCK_CLOEXEC is Linux-only"),
        ("sched_getaffinity(", "sched_getaffinity is Linux-only"),
        ("__errno_location", "glibc's errno accessor"),
        ("getauxval(", "getauxval is Linux-only"),
    ]

    /// Standard-library API Apple ships only in iOS 18 / macOS 15 and later.
    static let newerThanAWidget: [(needle: String, why: String)] = [
        ("String(validating:", "String(validating:as:) needs iOS 18 / macOS 15 on Apple platforms (SE-0405); decode and compare the bytes instead"),
        ("import Synchronization", "the Synchronization module needs iOS 18 / macOS 15 on Apple platforms"),
    ]

    /// Every finding in one file's text; `file` names it in the findings.
    static func scan(_ text: String, file: String) -> [Finding] {
        var findings: [Finding] = []
        // One entry per open `#if`: is the branch being read one only Linux compiles?
        var linuxOnlyBranch: [Bool] = []
        var inBlockComment = false
        for (index, rawLine) in text.components(separatedBy: "\n").enumerated() {
            let number = index + 1
            var line = rawLine
            if inBlockComment {
                guard let end = line.range(of: "*/") else { continue }
                line = String(line[end.upperBound...])
                inBlockComment = false
            }
            while let start = line.range(of: "/*") {
                if let end = line.range(of: "*/", range: start.upperBound..<line.endIndex) {
                    line.removeSubrange(start.lowerBound..<end.upperBound)
                } else {
                    line = String(line[..<start.lowerBound])
                    inBlockComment = true
                }
            }
            if let comment = line.range(of: "//") { line = String(line[..<comment.lowerBound]) }
            let code = line.trimmingCharacters(in: .whitespaces)
            if code.hasPrefix("#if ") {
                linuxOnlyBranch.append(isLinuxCondition(String(code.dropFirst(4))))
                continue
            }
            if code.hasPrefix("#elseif ") {
                if !linuxOnlyBranch.isEmpty { linuxOnlyBranch[linuxOnlyBranch.count - 1] = isLinuxCondition(String(code.dropFirst(8))) }
                continue
            }
            if code == "#else" {
                if !linuxOnlyBranch.isEmpty { linuxOnlyBranch[linuxOnlyBranch.count - 1] = false }
                continue
            }
            if code == "#endif" {
                _ = linuxOnlyBranch.popLast()
                continue
            }
            for (needle, why) in newerThanAWidget where code.contains(needle) {
                findings.append(Finding(file: file, line: number, what: why))
            }
            if linuxOnlyBranch.contains(true) { continue }
            if code.hasPrefix("import Glibc") || code.hasPrefix("@preconcurrency import Glibc") {
                findings.append(Finding(file: file, line: number, what: "imports Glibc outside `#if canImport(Glibc)`"))
            }
            if code.contains("Glibc.") {
                findings.append(Finding(file: file, line: number, what: "a Glibc-qualified name outside `#if canImport(Glibc)`: Darwin has no module Glibc"))
            }
            for (needle, why) in linuxOnly where code.contains(needle) {
                findings.append(Finding(file: file, line: number, what: why))
            }
        }
        return findings
    }

    /// True for a condition only a Linux build meets.
    private static func isLinuxCondition(_ condition: String) -> Bool {
        let text = condition.replacingOccurrences(of: " ", with: "")
        return ["canImport(Glibc)", "os(Linux)", "canImport(Musl)", "os(Android)"].contains { text.hasPrefix($0) }
            && !text.contains("||")
    }

    /// Every finding in the Swift files under `folder` (paths shown relative to `base`).
    static func scan(folder: URL, relativeTo base: URL) throws -> [Finding] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        var findings: [Finding] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            let shown = url.path.hasPrefix(base.path + "/") ? String(url.path.dropFirst(base.path.count + 1)) : url.path
            findings += scan(text, file: shown)
        }
        return findings.sorted { ($0.file, $0.line) < ($1.file, $1.line) }
    }
}

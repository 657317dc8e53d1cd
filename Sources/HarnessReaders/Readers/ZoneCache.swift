import Foundation

/// Time zones by IANA name, created once per process: `TimeZone(identifier:)` is far
/// slower than a decode.
final class ZoneCache: @unchecked Sendable {
    static let shared = ZoneCache()
    private let lock = NSLock()
    private var zones: [String: TimeZone?] = [:]

    func zone(_ identifier: String) -> TimeZone? {
        lock.lock()
        defer { lock.unlock() }
        if let cached = zones[identifier] { return cached }
        let zone = TimeZone(identifier: identifier)
        zones[identifier] = zone
        return zone
    }
}

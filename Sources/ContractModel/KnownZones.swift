import Foundation

/// Remembers which zone names Foundation knows, so a long stream looks each up once.
package struct KnownZones {
    private var known: Set<String> = []

    package init() {}

    package mutating func contains(_ zone: String) -> Bool {
        if known.contains(zone) { return true }
        guard TimeZone(identifier: zone) != nil else { return false }
        known.insert(zone)
        return true
    }
}

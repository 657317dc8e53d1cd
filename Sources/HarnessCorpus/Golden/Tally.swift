/// Counts by key, most first (ties by key): how `diff --base` groups changed cases by field
/// and by fixture/family, and how the gate's stale-golden message groups cases by fixture.
package enum Tally {
    package static func mostFirst<Keys: Sequence>(_ keys: Keys) -> [(key: String, count: Int)] where Keys.Element == String {
        var counts: [String: Int] = [:]
        for key in keys { counts[key, default: 0] += 1 }
        return counts.map { (key: $0.key, count: $0.value) }.sorted { $0.count != $1.count ? $0.count > $1.count : $0.key < $1.key }
    }
}

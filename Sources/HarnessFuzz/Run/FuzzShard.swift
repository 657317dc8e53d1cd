/// `--shard i/n`: which case indices one runner of a CI matrix owns.
///
/// Case `k` of a seed belongs to shard `k % n + 1`, so n runners with shards 1/n … n/n
/// cover one seed's cases exactly once between them, whatever each runner's `--jobs`.
package struct FuzzShard: Equatable, Sendable, CustomStringConvertible {
    /// One-based.
    package let index: Int
    package let count: Int

    package static let whole = FuzzShard(uncheckedIndex: 1, count: 1)

    package init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    private init(uncheckedIndex: Int, count: Int) {
        self.index = uncheckedIndex
        self.count = count
    }

    /// `i/n`, e.g. `2/3`.
    package init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(index: index, count: count)
    }

    package func owns(_ caseIndex: Int) -> Bool { caseIndex % count == index - 1 }

    /// The `n`-th case index this shard owns (0, 1, 2, … → its indices in increasing order).
    package func caseIndex(_ n: Int) -> Int { n * count + (index - 1) }

    /// How many of the indices `0..<limit` this shard owns.
    package func share(of limit: Int) -> Int {
        limit <= index - 1 ? 0 : (limit - index) / count + 1
    }

    package var description: String { "\(index)/\(count)" }
}

/// The last bytes a testee wrote to stderr, kept in a fixed-size ring, so a crash can be
/// shown with the stack trace that explains it while a chatty testee costs no memory and
/// never shares (or holds open) the harness's own stderr.
package struct StderrTail: Sendable {
    package let capacity: Int
    private var ring: [UInt8]
    private var next = 0
    /// Bytes ever appended (more than `capacity` means the start was dropped).
    package private(set) var total = 0

    package init(capacity: Int = 16 * 1024) {
        self.capacity = max(1, capacity)
        ring = []
    }

    package mutating func append(_ bytes: UnsafeRawBufferPointer) {
        total += bytes.count
        for byte in bytes.suffix(capacity) {
            if ring.count < capacity {
                ring.append(byte)
            } else {
                ring[next] = byte
                next = (next + 1) % capacity
            }
        }
    }

    /// The kept bytes, oldest first.
    package var bytes: [UInt8] {
        ring.count < capacity ? ring : Array(ring[next...] + ring[..<next])
    }

    /// The last `lines` lines (at most `maxBytes` bytes of them), each prefixed with `prefix`;
    /// empty when nothing was written.
    package func lastLines(_ lines: Int = 12, maxBytes: Int = 2048, prefix: String = "  | ") -> String {
        var kept = bytes.suffix(maxBytes)
        while kept.last == UInt8(ascii: "\n") || kept.last == UInt8(ascii: "\r") { kept.removeLast() }
        guard !kept.isEmpty else { return "" }
        let all = kept.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let cut = total > capacity || kept.count < bytes.count || all.count > lines
        let shown = all.suffix(lines).map { prefix + String(decoding: $0, as: UTF8.self) }
        return ((cut ? [prefix + "…"] : []) + shown).joined(separator: "\n")
    }
}

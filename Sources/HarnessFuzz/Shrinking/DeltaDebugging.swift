import ContractModel

/// The byte-level shrinking pass: Zeller's ddmin over the blob's bytes, removing ever
/// smaller chunks while the disagreement persists, until no single byte can go.
///
/// Runs after the structural pass, and alone on blobs that are not JSON (a Swift/C
/// disagreement on malformed text is exactly where the structure cannot be trusted).
enum DeltaDebugging {
    static func run(_ start: Case, session: ShrinkSession) -> Case {
        var current = start
        var granularity = 2
        while current.blob.count >= 2, !session.exhausted {
            let bytes = current.blob
            let chunk = (bytes.count + granularity - 1) / granularity
            var candidates: [Case] = []
            var offset = 0
            while offset < bytes.count {
                var next = current
                next.blob = Array(bytes[..<offset]) + bytes[min(bytes.count, offset + chunk)...]
                candidates.append(next)
                offset += chunk
            }
            if let hit = session.firstFailing(candidates) {
                current = candidates[hit]
                granularity = max(granularity - 1, 2)
                continue
            }
            if granularity >= bytes.count { break }
            granularity = min(granularity * 2, bytes.count)
        }
        if current.blob.count == 1, !session.exhausted {
            var empty = current
            empty.blob = []
            if session.fails(empty) { current = empty }
        }
        return current
    }
}

import ContractModel

/// The last shrinking pass, for small blobs: hoists values out of their containers (on a
/// lenient reading of the text, `LenientValues`), removes every contiguous byte range that
/// can go (longest first), then turns digits into `0`.
///
/// ddmin stops at 1-minimal: no *single* byte can go. Text that is JSON to one reader but
/// not the other often keeps whole members (`"":"",`) that only go as a unit, and the
/// same bug found twice should shrink to the same blob so it is saved once.
enum ByteSimplification {
    /// Blobs longer than this skip the pass (its candidates grow with the square of the size).
    static let maximumLength = 256

    static func run(_ start: Case, session: ShrinkSession) -> Case {
        guard start.blob.count <= maximumLength else { return start }
        var current = start
        while !session.exhausted, let root = LenientValues.parse(current.blob) {
            let bytes = current.blob
            let candidates = LenientValues.hoists(root).map { hoist -> Case in
                var next = current
                next.blob = Array(bytes[..<hoist.outer.lowerBound]) + bytes[hoist.inner] + bytes[hoist.outer.upperBound...]
                return next
            }
            guard let hit = session.firstFailing(candidates) else { break }
            current = candidates[hit]
        }
        var length = current.blob.count - 1
        while length >= 2, !session.exhausted {
            let bytes = current.blob
            let candidates = (0...(bytes.count - length)).map { offset -> Case in
                var next = current
                next.blob = Array(bytes[..<offset]) + bytes[(offset + length)...]
                return next
            }
            if let hit = session.firstFailing(candidates) {
                current = candidates[hit]
                length = min(length, current.blob.count - 1)
            } else {
                length -= 1
            }
        }
        var position = 0
        while position < current.blob.count, !session.exhausted {
            let byte = current.blob[position]
            if byte > UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                var next = current
                next.blob[position] = UInt8(ascii: "0")
                if session.fails(next) { current = next }
            }
            position += 1
        }
        return current
    }
}

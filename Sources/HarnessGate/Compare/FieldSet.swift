/// A set of compared fields by position in `FieldTally.fields`, as bits: what a view holds or a
/// reader leaves pending on a case, made, compared and walked without allocating per field
/// (the gate makes one per case and reader).
package struct FieldSet: Equatable, Sendable {
    private var words: [UInt64]

    /// No field.
    package init() {
        words = [UInt64](repeating: 0, count: (FieldTally.fields.count + 63) / 64)
    }

    package func contains(_ index: Int) -> Bool { words[index >> 6] & (1 << UInt64(index & 63)) != 0 }

    package mutating func insert(_ index: Int) { words[index >> 6] |= 1 << UInt64(index & 63) }

    package mutating func formUnion(_ other: FieldSet) {
        for word in words.indices { words[word] |= other.words[word] }
    }

    package var isEmpty: Bool { words.allSatisfy { $0 == 0 } }

    /// Calls `body` with each position in the set, in order.
    package func forEach(_ body: (Int) -> Void) {
        for (word, bits) in words.enumerated() {
            var rest = bits
            while rest != 0 {
                body(word << 6 + rest.trailingZeroBitCount)
                rest &= rest - 1
            }
        }
    }
}

/// A small, fully specified pseudo-random generator (SplitMix64) for the fuzzer.
///
/// Exists because a fuzz finding must be reproducible from `(seed, case index)` alone, on
/// any machine, toolchain or thread count: `SystemRandomNumberGenerator` is not seedable,
/// and the standard library's `random(in:using:)` algorithms are not promised to stay the
/// same. Every draw here is written out, so the same stream gives the same cases forever.
package struct SeededRandom: Sendable {
    private var state: UInt64

    /// The stream for one case: `seed` and `stream` (the case index) are mixed so that
    /// neighbouring indices give unrelated streams.
    package init(seed: UInt64, stream: UInt64 = 0) {
        state = Self.mix(seed ^ Self.mix(stream &+ 0x6A09_E667_F3BC_C909))
    }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    /// A uniform integer in `0..<bound` (`bound` > 0), without modulo bias.
    package mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0, "SeededRandom.below needs a positive bound")
        let limit = UInt64(bound)
        let threshold = (0 &- limit) % limit
        while true {
            let value = next()
            let product = value.multipliedFullWidth(by: limit)
            if product.low >= threshold { return Int(product.high) }
        }
    }

    /// A uniform integer in `range`.
    package mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.upperBound - range.lowerBound + 1)
    }

    /// True with probability `numerator / denominator`.
    package mutating func chance(_ numerator: Int, in denominator: Int) -> Bool {
        below(denominator) < numerator
    }

    /// One element of a non-empty array.
    package mutating func pick<Element>(_ items: [Element]) -> Element {
        items[below(items.count)]
    }

    /// The SplitMix64 finaliser.
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

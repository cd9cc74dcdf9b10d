/// SplitMix64: a small, fast, seedable random number generator for the
/// robustness tests. Seeded, so a failing input can be replayed; the same
/// seed gives the same sequence on every platform.
///
/// ```swift
/// var generator = SplitMix64(seed: 42)
/// let length = Int.random(in: 0...48, using: &generator)
/// ```
public struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The generator's whole state; each call to ``next()`` advances it.
    public var state: UInt64

    /// A generator that starts from `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Tests on eight bytes at once (a little-endian word, SWAR: its lanes), for
/// the scanners' fast paths over plain ASCII and the XML builder's checks of
/// attribute values and text runs.
///
/// ``any(_:count:_:)`` reads a run of bytes as words without loading past
/// it: a run of eight bytes or more as whole words, the last one overlapping
/// the one before; a shorter run with overlapping four-byte loads, or byte by
/// byte under four, its lanes filled with bytes of the run itself. A test on
/// a word therefore sees only bytes of the run, some twice.
@usableFromInline enum ByteWords {
    /// A word with the high bit set in each byte that is a quote, a backslash,
    /// a control character or not ASCII. Only the lowest set byte is exact
    /// (borrows can mark later bytes), which is all a scanner uses.
    @inline(__always)
    static func stringSpecials(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        let zeroQuote = (quotes &- ones) & ~quotes
        let zeroBackslash = (backslashes &- ones) & ~backslashes
        let control = (word &- ones &* 0x20) & ~word
        return (zeroQuote | zeroBackslash | control | word) & highs
    }

    /// 0x80 in every byte of `word` that is zero, and 0 in the others (exact
    /// for every byte: no carry crosses a byte boundary).
    @inlinable @inline(__always)
    static func zeroBytes(_ word: UInt64) -> UInt64 {
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~(((word & low7) &+ low7) | word | low7)
    }

    /// 0x80 in every lane of `word` that holds `byte`, 0 in the others.
    @inlinable @inline(__always)
    static func lanes(_ word: UInt64, equalTo byte: UInt8) -> UInt64 {
        zeroBytes(word ^ (0x0101_0101_0101_0101 &* UInt64(byte)))
    }

    /// Whether some lane of `word` holds `byte` (the classic test for a zero
    /// byte after XOR with `byte` in every lane: exact as a yes or no).
    @inlinable @inline(__always)
    static func contains(_ word: UInt64, _ byte: UInt8) -> Bool {
        let x = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
        return (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080 != 0
    }

    /// Whether `test` holds for one of the words covering `count` bytes at
    /// `base`; `false` for no bytes.
    @inlinable @inline(__always)
    static func any(_ base: UnsafePointer<UInt8>, count: Int, _ test: (UInt64) -> Bool) -> Bool {
        let raw = UnsafeRawPointer(base)
        if count >= 8 {
            var offset = 0
            while offset &+ 8 < count {
                if test(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) { return true }
                offset &+= 8
            }
            return test(raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
        }
        if count >= 4 {
            let head = UInt64(raw.loadUnaligned(as: UInt32.self))
            let tail = UInt64(raw.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self))
            return test(head | tail << 32)
        }
        guard count > 0 else { return false }
        // One to three bytes: the first, middle and last cover them all.
        let first = UInt64(base[0])
        let three = first | UInt64(base[count >> 1]) << 8 | UInt64(base[count &- 1]) << 16
        return test(three | three << 24 | first << 48 | first << 56)
    }
}

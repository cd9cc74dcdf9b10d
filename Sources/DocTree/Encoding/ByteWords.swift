/// Tests on eight bytes at once (a little-endian word), for the scanners'
/// fast paths over plain ASCII.
enum ByteWords {
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
}

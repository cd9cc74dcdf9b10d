/// The one line rule: the line and column of a position that moves
/// forward through the input. Lines and columns count from 1; a line
/// feed, a carriage return, or CR LF together ends a line; columns count
/// characters (UTF-8 lead bytes), not bytes.
///
/// ``SourceLocation/init(offset:in:)`` counts with it from the start of
/// the input; readers that never hold the whole input (``RecordReader``)
/// keep one and move it over the bytes they pass.
package struct LocationCounter {
    package var offset: Int
    package var line: Int
    package var column: Int
    /// The last byte was a carriage return, so a line feed next ends no line.
    package var afterCarriageReturn = false

    package init(_ start: SourceLocation) {
        offset = start.byteOffset
        line = start.line
        column = start.column
    }

    package var location: SourceLocation { SourceLocation(byteOffset: offset, line: line, column: column) }

    package mutating func advance(over bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        // Without a carriage return (most text) a run's lines are its line
        // feeds, and its column is counted after the last one. Line feeds
        // are counted sixteen bytes at a time, in per-lane sums (a streamed
        // read counts every byte it drops: eight bytes at a time, this was
        // an eighth of a streamed JSON edit's instructions).
        let count = bytes.count
        var lineFeeds = 0
        var returns = false
        // The block holding the last line feed, or the last line feed after the blocks.
        var lastFeedBlock = -1
        var lastFeedByte = -1
        var i = 0
        let feed = SIMD16<UInt8>(repeating: 0x0A)
        let carriageReturn = SIMD16<UInt8>(repeating: 0x0D)
        while i &+ 16 <= count {
            // At most 255 blocks before a lane could wrap.
            let end = min(count &- 16, i &+ 254 &* 16)
            var lanes = SIMD16<UInt8>()
            var returned = SIMDMask<SIMD16<Int8>>()
            while i <= end {
                let block = UnsafeRawPointer(base + i).loadUnaligned(as: SIMD16<UInt8>.self)
                let feeds = block .== feed
                returned .|= block .== carriageReturn
                if any(feeds) { lastFeedBlock = i }
                // A true lane is all ones: subtracting it adds one.
                lanes &-= unsafeBitCast(feeds, to: SIMD16<UInt8>.self)
                i &+= 16
            }
            lineFeeds &+= Int(SIMD16<UInt16>(truncatingIfNeeded: lanes).wrappedSum())
            returns = returns || any(returned)
        }
        while i < count {
            if base[i] == 0x0A {
                lineFeeds &+= 1
                lastFeedByte = i
            } else if base[i] == 0x0D {
                returns = true
            }
            i &+= 1
        }
        guard !returns else {
            for k in 0..<count { step(over: base[k]) }
            offset += count
            return
        }
        // Just past the last line feed.
        var lineStart = 0
        if lastFeedByte >= 0 {
            lineStart = lastFeedByte &+ 1
        } else if lastFeedBlock >= 0 {
            var k = lastFeedBlock &+ 15
            while base[k] != 0x0A { k &-= 1 }
            lineStart = k &+ 1
        }
        if lineFeeds > 0 {
            // A line feed right after a carriage return ends no line of its own.
            line += afterCarriageReturn && base[0] == 0x0A ? lineFeeds - 1 : lineFeeds
            column = 1
        }
        // Each byte after it but a continuation byte (10xxxxxx) is a column.
        var continuations = 0
        var k = lineStart
        var sums = LaneSums()
        while k &+ 8 <= count {
            let word = Self.word(base + k)
            sums.add(word & ~(word << 1) & 0x8080_8080_8080_8080, into: &continuations)
            k &+= 8
        }
        continuations &+= sums.total
        while k < count {
            if base[k] & 0xC0 == 0x80 { continuations &+= 1 }
            k &+= 1
        }
        column += count - lineStart - continuations
        afterCarriageReturn = false
        offset += count
    }

    /// Moves over `bytes` up to where line `target` begins (past the line
    /// feed of a CR LF), and returns that index in `bytes`; `nil`, having
    /// moved over all of them, when it begins after them. A run that does
    /// not reach the line goes by ``advance(over:)``.
    package mutating func advance(over bytes: UnsafeBufferPointer<UInt8>, untilLine target: Int) -> Int? {
        var ahead = self
        ahead.advance(over: bytes)
        guard ahead.line >= target else {
            self = ahead
            return nil
        }
        for i in bytes.indices {
            // A line feed right after a carriage return belongs to the line before.
            if line >= target, !(afterCarriageReturn && bytes[i] == 0x0A) { return i }
            step(over: bytes[i])
            offset += 1
        }
        return nil
    }

    @inline(__always)
    private static func word(_ at: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(at).loadUnaligned(as: UInt64.self))
    }

    /// Counts the lanes that have their high bit set, over many words: a
    /// count per lane, summed before a lane can pass 255.
    private struct LaneSums {
        private var lanes: UInt64 = 0
        private var words = 0

        @inline(__always)
        mutating func add(_ highs: UInt64, into total: inout Int) {
            lanes &+= highs &>> 7
            words &+= 1
            if words == 255 {
                total &+= self.total
                self = LaneSums()
            }
        }

        /// The lanes added up: in pairs first (eight lanes of up to 255 would overflow a byte).
        var total: Int {
            let pairs = (lanes & 0x00FF_00FF_00FF_00FF) &+ ((lanes &>> 8) & 0x00FF_00FF_00FF_00FF)
            return Int((pairs &* 0x0001_0001_0001_0001) &>> 48)
        }
    }

    /// Moves over one byte.
    @inline(__always)
    private mutating func step(over byte: UInt8) {
        if byte == 0x0A {
            if !afterCarriageReturn {
                line += 1
                column = 1
            }
            afterCarriageReturn = false
        } else if byte == 0x0D {
            line += 1
            column = 1
            afterCarriageReturn = true
        } else {
            if byte & 0xC0 != 0x80 { column += 1 }
            afterCarriageReturn = false
        }
    }
}

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
        // feeds, and its column is counted after the last one. Both are
        // counted eight bytes at a time, in per-lane sums (no population
        // count per word: x86-64's baseline has no instruction for it).
        let count = bytes.count
        var lineFeeds = 0
        var returns: UInt64 = 0
        // The word holding the last line feed, or the last line feed after the words.
        var lastFeedWord = -1
        var lastFeedByte = -1
        var sums = LaneSums()
        var i = 0
        while i &+ 8 <= count {
            let word = Self.word(base + i)
            let feeds = ByteWords.lanes(word, equalTo: 0x0A)
            returns |= ByteWords.lanes(word, equalTo: 0x0D)
            if feeds != 0 { lastFeedWord = i }
            sums.add(feeds, into: &lineFeeds)
            i &+= 8
        }
        lineFeeds &+= sums.total
        while i < count {
            if base[i] == 0x0A {
                lineFeeds &+= 1
                lastFeedByte = i
            } else if base[i] == 0x0D {
                returns = 1
            }
            i &+= 1
        }
        guard returns == 0 else {
            for k in 0..<count { step(over: base[k]) }
            offset += count
            return
        }
        // Just past the last line feed.
        var lineStart = 0
        if lastFeedByte >= 0 {
            lineStart = lastFeedByte &+ 1
        } else if lastFeedWord >= 0 {
            let feeds = ByteWords.lanes(Self.word(base + lastFeedWord), equalTo: 0x0A)
            lineStart = lastFeedWord &+ ((63 &- feeds.leadingZeroBitCount) &>> 3) &+ 1
        }
        if lineFeeds > 0 {
            // A line feed right after a carriage return ends no line of its own.
            line += afterCarriageReturn && base[0] == 0x0A ? lineFeeds - 1 : lineFeeds
            column = 1
        }
        // Each byte after it but a continuation byte (10xxxxxx) is a column.
        var continuations = 0
        var k = lineStart
        sums = LaneSums()
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

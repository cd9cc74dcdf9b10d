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
        // feeds, and its column is counted after the last one: eight bytes
        // at a time, no byte alone (a streamed read moves over every byte).
        let count = bytes.count
        let highs: UInt64 = 0x8080_8080_8080_8080
        var lineFeeds = 0
        var returns: UInt64 = 0
        var lastFeed = -1
        // Continuation bytes (10xxxxxx) after the last line feed.
        var continuations = 0
        var i = 0
        while i &+ 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
            let feeds = ByteWords.lanes(word, equalTo: 0x0A)
            returns |= ByteWords.lanes(word, equalTo: 0x0D)
            var continued = word & ~(word << 1) & highs
            if feeds != 0 {
                lineFeeds &+= feeds.nonzeroBitCount
                let lane = (63 &- feeds.leadingZeroBitCount) &>> 3
                lastFeed = i &+ lane
                continuations = 0
                continued &= ~0 << UInt64((lane &+ 1) &* 8)
            }
            continuations &+= continued.nonzeroBitCount
            i &+= 8
        }
        while i < count {
            let byte = base[i]
            if byte == 0x0A {
                lineFeeds &+= 1
                lastFeed = i
                continuations = 0
            } else if byte == 0x0D {
                returns = 1
            } else if byte & 0xC0 == 0x80 {
                continuations &+= 1
            }
            i &+= 1
        }
        guard returns == 0 else {
            for k in 0..<count { step(over: base[k]) }
            offset += count
            return
        }
        if lineFeeds > 0 {
            // A line feed right after a carriage return ends no line of its own.
            line += afterCarriageReturn && base[0] == 0x0A ? lineFeeds - 1 : lineFeeds
            column = 1 + (count - lastFeed - 1) - continuations
        } else {
            column += count - continuations
        }
        afterCarriageReturn = false
        offset += count
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

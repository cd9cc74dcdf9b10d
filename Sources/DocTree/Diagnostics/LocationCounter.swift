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
        guard let base = bytes.baseAddress else { return }
        let count = bytes.count
        var i = 0
        while i < count {
            // Eight bytes at a time while they hold no line break: each
            // byte but a continuation byte is one more column.
            if i &+ 8 <= count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                let ones: UInt64 = 0x0101_0101_0101_0101
                if ByteWords.zeroBytes(word ^ (ones &* 0x0A)) | ByteWords.zeroBytes(word ^ (ones &* 0x0D)) == 0 {
                    // High bit set in each byte 10xxxxxx.
                    let continuations = word & ~(word << 1) & (ones &* 0x80)
                    column &+= 8 &- continuations.nonzeroBitCount
                    afterCarriageReturn = false
                    i &+= 8
                    continue
                }
            }
            let end = min(i &+ 8, count)
            while i < end {
                step(over: base[i])
                i &+= 1
            }
        }
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

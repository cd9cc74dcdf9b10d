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
        for byte in bytes {
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
        offset += bytes.count
    }
}

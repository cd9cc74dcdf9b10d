/// XML's whitespace (space, tab, line feed, carriage return): the one test
/// behind dropping layout text, trimming number and boolean text, and
/// skipping blank values. JSON's insignificant white space is the same four
/// bytes, so the stream readers and format sniffing use it too.
package enum XMLWhitespace {
    /// Whether `byte` is XML whitespace.
    @inlinable package static func contains(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    /// Whether every byte is XML whitespace (true for no bytes).
    ///
    /// Runs of four bytes or more are tested eight bytes at a time (see
    /// ``ByteWords``): layout runs and the indentation before text are tested
    /// for every XML text run, and the byte loop took 3% of the instructions
    /// of a mondial-3.0.xml load (callgrind). Shorter runs, such as a line
    /// break and two spaces, cost less byte by byte.
    @inlinable package static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress, bytes.count >= 4 else {
            for byte in bytes where !contains(byte) { return false }
            return true
        }
        return !ByteWords.any(base, count: bytes.count) { word in
            let blank = ByteWords.lanes(word, equalTo: 0x20) | ByteWords.lanes(word, equalTo: 0x0A)
                | ByteWords.lanes(word, equalTo: 0x09) | ByteWords.lanes(word, equalTo: 0x0D)
            return blank != 0x8080_8080_8080_8080
        }
    }

    /// `bytes` without the XML whitespace at either end.
    @inlinable package static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var start = 0
        var end = bytes.count
        while start < end, contains(bytes[start]) { start += 1 }
        while end > start, contains(bytes[end - 1]) { end -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[start..<end])
    }
}

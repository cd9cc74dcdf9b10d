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
    @inlinable package static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes where !contains(byte) { return false }
        return true
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

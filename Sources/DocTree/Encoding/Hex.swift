/// Hexadecimal digits, read and written: the one helper behind `\uXXXX`
/// escapes (JSON strings, path literals) and the code points and bytes that
/// error messages show.
package enum Hex {
    /// The value of one ASCII hex digit (`0`–`9`, `a`–`f`, `A`–`F`), or `nil`.
    @inlinable package static func digitValue(_ c: UInt8) -> UInt8? {
        if c &- UInt8(ascii: "0") < 10 { return c &- UInt8(ascii: "0") }
        if (c | 0x20) &- UInt8(ascii: "a") < 6 { return (c | 0x20) &- UInt8(ascii: "a") &+ 10 }
        return nil
    }

    /// The value of the four hex digits at `start`, or `nil` when fewer
    /// than four follow or one is not a hex digit.
    @inlinable package static func value4(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> UInt32? {
        guard start >= 0, start &+ 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for k in 0..<4 {
            guard let digit = digitValue(bytes[start &+ k]) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// `value` in uppercase hex, zero-padded to at least `digits` digits
    /// (`padded(0xE9, digits: 4)` is `00E9`).
    package static func padded(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    /// A byte as messages show it: `0xC3`.
    package static func byte(_ byte: UInt8) -> String { "0x" + padded(UInt32(byte), digits: 2) }
}

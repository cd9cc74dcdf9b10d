/// Decodes the raw text of a JSON string (the bytes between the quotes)
/// whose escapes the scanner has already validated.
package enum JSONStringDecoding {
    /// Decodes `raw`, which must have passed the scanner's validation.
    package static func decode(_ raw: UnsafeBufferPointer<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var i = 0
        while i < raw.count {
            guard raw[i] == UInt8(ascii: "\\") else {
                out.append(raw[i])
                i += 1
                continue
            }
            let escape = raw[i + 1]
            i += 2
            switch escape {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = Hex.value4(raw, at: i)!
                i += 4
                if scalar & 0xFC00 == 0xD800, i + 6 <= raw.count,
                    raw[i] == UInt8(ascii: "\\"), raw[i + 1] == UInt8(ascii: "u"),
                    let low = Hex.value4(raw, at: i + 2), low & 0xFC00 == 0xDC00 {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    i += 6
                }
                out.append(contentsOf: UTF8.encode(Unicode.Scalar(scalar) ?? "\u{FFFD}")!)
            default:  // '"', '\' or '/': itself
                out.append(escape)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

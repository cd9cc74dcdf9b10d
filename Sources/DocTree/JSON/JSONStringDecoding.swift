/// Decodes the raw text of a JSON string (the bytes between the quotes) whose
/// escapes the scanner has already validated.
package enum JSONStringDecoding {
    /// Decodes `raw`, which must have passed the scanner's validation.
    package static func decode(_ raw: UnsafeBufferPointer<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var i = 0
        let n = raw.count
        while i < n {
            let byte = raw[i]
            if byte != UInt8(ascii: "\\") {
                out.append(byte)
                i += 1
                continue
            }
            let escape = raw[i + 1]
            i += 2
            switch escape {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            default:  // u
                var scalar = hex4(raw, i)
                i += 4
                if (0xD800...0xDBFF).contains(scalar), i + 5 < n + 0, raw[i] == UInt8(ascii: "\\"), raw[i + 1] == UInt8(ascii: "u") {
                    let low = hex4(raw, i + 2)
                    if (0xDC00...0xDFFF).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        i += 6
                    }
                }
                let value = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                out.append(contentsOf: UTF8.encode(value)!)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The scanner validated every escape while loading.
    private static func hex4(_ raw: UnsafeBufferPointer<UInt8>, _ at: Int) -> UInt32 {
        Hex.value4(raw, at: at)!
    }
}

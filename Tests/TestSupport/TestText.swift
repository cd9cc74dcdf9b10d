/// Text helpers for test expectations and failure messages, shared by the
/// test targets so that every test writes bytes and quoted strings alike.
public enum TestText {
    /// Bytes as upper-case hex pairs separated by spaces (`7B 22 FF`), for
    /// failure messages about binary inputs.
    public static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789ABCDEF")
        return bytes.map { String([digits[Int($0 >> 4)], digits[Int($0 & 0xF)]]) }.joined(separator: " ")
    }

    /// `text` encoded in `unicodeForm` (`UTF-16LE`, `UTF-16BE`, `UTF-32LE`
    /// or `UTF-32BE`), without a byte order mark.
    public static func bytes(_ text: String, in unicodeForm: String) -> [UInt8] {
        var bytes: [UInt8] = []
        let width = unicodeForm.hasPrefix("UTF-16") ? 2 : 4
        for scalar in text.unicodeScalars {
            let units = width == 2 ? UTF16.encode(scalar)!.map(UInt32.init) : [scalar.value]
            for unit in units {
                let little = (0..<width).map { UInt8(truncatingIfNeeded: unit >> (8 * $0)) }
                bytes += unicodeForm.hasSuffix("LE") ? little : little.reversed()
            }
        }
        return bytes
    }

    /// `text` in double quotes with JSON escapes: `\"`, `\\`, `\n`, `\r`,
    /// `\t`, and `\u00XX` for the other control characters below U+0020.
    /// Injective, so two strings quote alike exactly when they are equal.
    public static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{0}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

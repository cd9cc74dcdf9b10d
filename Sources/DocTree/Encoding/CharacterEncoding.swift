/// A character encoding named by a caller or a transport, resolved to the
/// scheme the decoder uses.
///
/// ## Labels
///
/// Names are matched without regard to case, surrounding blanks or quotes
/// (`charset="utf-8"`). The Unicode forms are recognised here and decoded
/// without a lookup; every other label goes to the platform's iconv as it
/// is, so whatever iconv knows (`ISO-8859-1`, `windows-1252`, `GB18030`,
/// `Big5` …) works, and an unknown name fails when the conversion opens.
///
/// Two families are widened to the supersets that servers actually send
/// under those labels, as web browsers do (WHATWG Encoding Standard):
///
/// - `EUC-KR` and its aliases (`ks_c_5601-1987`, `windows-949` …) decode
///   as CP949 (Unified Hangul Code), which reads every EUC-KR byte the same
///   way and adds the 8 822 hangul syllables EUC-KR lacks.
/// - `Shift_JIS` and its aliases (`sjis`, `x-sjis`, `windows-31j` …) decode
///   as CP932, which keeps `0x5C` as the backslash JSON escapes need (glibc's
///   strict Shift_JIS turns it into a yen sign).
package struct CharacterEncoding: Hashable, Sendable, CustomStringConvertible {
    /// How the bytes are decoded.
    package enum Scheme: Hashable, Sendable {
        case utf8
        /// UTF-16; `nil` endianness means "from the BOM, else the zero-byte
        /// pattern, else big-endian" (RFC 2781).
        case utf16(Endianness?)
        /// UTF-32; `nil` endianness as for UTF-16.
        case utf32(Endianness?)
        /// Any other encoding, by the name iconv is asked for.
        case iconv(String)
    }

    /// Byte order of a UTF-16 or UTF-32 encoding.
    package enum Endianness: Hashable, Sendable {
        case little, big
    }

    /// The name as the caller or transport spelt it (trimmed), for messages.
    package let label: String
    /// How the bytes are decoded.
    package let scheme: Scheme

    package init(label: String, scheme: Scheme) {
        self.label = label
        self.scheme = scheme
    }

    /// The label, for messages.
    package var description: String { label }

    /// The name given to iconv for this encoding, with a resolved byte order.
    package var iconvName: String {
        switch scheme {
        case .utf8: "UTF-8"
        case .utf16(.little): "UTF-16LE"
        case .utf16(.big), .utf16(nil): "UTF-16BE"
        case .utf32(.little): "UTF-32LE"
        case .utf32(.big), .utf32(nil): "UTF-32BE"
        case .iconv(let name): name
        }
    }

    /// Resolves a label, or fails with ``LoadError/Kind-swift.struct/unsupportedEncoding``
    /// when it cannot be an encoding name at all (empty, or characters no
    /// IANA name has, such as the `//` iconv reads as a conversion flag).
    /// Whether iconv knows the name is found out when the conversion opens.
    package init(label rawLabel: String) throws(LoadError) {
        let label = CharacterEncoding.trimmed(rawLabel)
        let allowed = label.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                true
            case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: ":"),
                UInt8(ascii: "+"), UInt8(ascii: "("), UInt8(ascii: ")"):
                true
            default: false
            }
        }
        guard !label.isEmpty, label.utf8.count <= 64, allowed else {
            throw LoadError(.unsupportedEncoding, "unknown encoding '\(rawLabel)'")
        }
        let key = label.lowercased()
        let scheme: Scheme
        switch key {
        case "utf-8", "utf8", "unicode-1-1-utf-8", "x-unicode20utf8": scheme = .utf8
        case "utf-16", "utf16": scheme = .utf16(nil)
        case "utf-16le", "utf16le": scheme = .utf16(.little)
        case "utf-16be", "utf16be": scheme = .utf16(.big)
        case "utf-32", "utf32": scheme = .utf32(nil)
        case "utf-32le", "utf32le": scheme = .utf32(.little)
        case "utf-32be", "utf32be": scheme = .utf32(.big)
        default:
            if CharacterEncoding.koreanLabels.contains(key) {
                scheme = .iconv("CP949")
            } else if CharacterEncoding.japaneseShiftJISLabels.contains(key) {
                scheme = .iconv("CP932")
            } else {
                scheme = .iconv(label.uppercased())
            }
        }
        self.init(label: label, scheme: scheme)
    }

    /// Whether the scheme is UTF-8.
    package var isUTF8: Bool { scheme == .utf8 }

    // MARK: Label tables

    /// Labels of EUC-KR and its Microsoft superset (WHATWG "euc-kr").
    private static let koreanLabels: Set<String> = [
        "euc-kr", "euckr", "cseuckr", "csksc56011987", "iso-ir-149", "korean",
        "ks_c_5601-1987", "ks_c_5601-1989", "ksc5601", "ksc_5601", "windows-949",
        "cp949", "uhc", "ms949",
    ]

    /// Labels of Shift_JIS and its Microsoft superset (WHATWG "shift_jis").
    private static let japaneseShiftJISLabels: Set<String> = [
        "shift_jis", "shift-jis", "sjis", "x-sjis", "csshiftjis", "ms_kanji", "ms932",
        "windows-31j", "cp932",
    ]

    /// Removes surrounding blanks and one pair of quotes.
    private static func trimmed(_ label: String) -> String {
        var scalars = Substring(label)
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        if scalars.count >= 2, let first = scalars.first, first == "\"" || first == "'", scalars.last == first {
            scalars = scalars.dropFirst().dropLast()
        }
        return String(scalars)
    }
}

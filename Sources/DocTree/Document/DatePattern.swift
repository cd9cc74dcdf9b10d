#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A date format pattern of numeric fields (`yyyyMMdd`, `dd.MM.yyyy HH:mm`,
/// `yyyy-MM-dd'T'HH:mm:ss.SSSXXX`), read strictly, without a locale: the
/// reader behind ``Node/date(format:timeZone:)`` and DocQuery's
/// `.formatted(_:timeZone:)` decoding strategy.
///
/// It reads what `DateFormatter` with the `en_US_POSIX` locale reads for the
/// same numeric pattern (the tests compare the two on a table), without
/// linking ICU. Fields, by the letters of Unicode's date patterns (UTS #35):
///
/// | letters | field | text |
/// |---------|-------|------|
/// | `yyyy` | year | exactly 4 digits |
/// | `MM`, `dd`, `HH`, `mm`, `ss` | month, day, hour (0–23), minute, second | exactly 2 digits |
/// | `M`, `d`, `H`, `m`, `s` | the same | 1 or 2 digits |
/// | `S`… (n letters) | fraction of a second | exactly n digits |
/// | `X`, `XX`, `XXX` | zone | `Z`, or `±hh` (`X`: `±hh` or `±hhmm`), `±hhmm`, `±hh:mm` |
/// | `x`, `xx`, `xxx`, `Z` | zone | as `X`… without `Z`; `Z` is `±hhmm` |
/// | `'text'`, `''` | literal text, a quote | itself |
///
/// Any other character that is not an ASCII letter (`-`, `년`) stands for
/// itself. Any other letter (month and day names, `a`, 12-hour `h`, other
/// year widths) makes the pattern unsupported: ``init(_:)`` returns `nil`. Where
/// `DateFormatter` is lenient, this reader is not: it takes no fewer digits
/// than a two-letter field has (`2018-6-13` for `yyyy-MM-dd`), no other
/// separator than the pattern's (`2018/06/13`), no missing literal, and no
/// empty text. Every field is
/// range-checked as in ``DateText/iso8601(_:timeZone:)``; fields the pattern
/// lacks are those of 2000-01-01 00:00:00, as with `DateFormatter`. Text
/// without a zone is local time in the time zone the caller gives.
package struct DatePattern: Sendable {
    enum Field: Equatable {
        case year, month, day, hour, minute, second
        case fraction(Int)
        /// A zone: `Z` allowed, the form (`X` count: 1, 2 or 3; `Z` is 2).
        case zone(allowsZ: Bool, form: Int)
    }

    enum Part: Equatable {
        case literal(UInt8)
        /// A field and whether it takes exactly `width` digits (else 1 or 2).
        case field(Field, width: Int, exact: Bool)
    }

    let parts: [Part]

    /// The pattern `format`, or `nil` when it holds a field this reader does
    /// not support (see the table above) or an unterminated quote.
    package init?(_ format: String) {
        var parts: [Part] = []
        let bytes = Array(format.utf8)
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "'") {
                if i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "'") {
                    parts.append(.literal(byte))
                    i += 2
                    continue
                }
                i += 1
                while true {
                    guard i < bytes.count else { return nil }
                    if bytes[i] == UInt8(ascii: "'") {
                        if i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "'") {
                            parts.append(.literal(bytes[i]))
                            i += 2
                            continue
                        }
                        i += 1
                        break
                    }
                    parts.append(.literal(bytes[i]))
                    i += 1
                }
                continue
            }
            let isLetter = (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            guard isLetter else {
                // Other text stands for itself, byte by byte: a UTF-8
                // sequence (년, 月) holds no ASCII byte, so no letter.
                parts.append(.literal(byte))
                i += 1
                continue
            }
            var count = 1
            while i + count < bytes.count, bytes[i + count] == byte { count += 1 }
            i += count
            switch (Character(Unicode.Scalar(byte)), count) {
            case ("y", 4): parts.append(.field(.year, width: 4, exact: true))
            case ("M", 1...2): parts.append(.field(.month, width: 2, exact: count == 2))
            case ("d", 1...2): parts.append(.field(.day, width: 2, exact: count == 2))
            case ("H", 1...2): parts.append(.field(.hour, width: 2, exact: count == 2))
            case ("m", 1...2): parts.append(.field(.minute, width: 2, exact: count == 2))
            case ("s", 1...2): parts.append(.field(.second, width: 2, exact: count == 2))
            case ("S", 1...9): parts.append(.field(.fraction(count), width: count, exact: true))
            case ("X", 1...3): parts.append(.field(.zone(allowsZ: true, form: count), width: 0, exact: true))
            case ("x", 1...3): parts.append(.field(.zone(allowsZ: false, form: count), width: 0, exact: true))
            case ("Z", 1...3): parts.append(.field(.zone(allowsZ: false, form: 2), width: 0, exact: true))
            default: return nil
            }
        }
        self.parts = parts
    }

    /// The date `text` spells in this pattern, whole, or `nil`.
    package func date(_ text: some StringProtocol, timeZone: TimeZone) -> Date? {
        let bytes = Array(text.utf8)
        var i = 0
        guard !bytes.isEmpty else { return nil }
        var year = 2000, month = 1, day = 1, hour = 0, minute = 0, second = 0
        var fraction = 0.0
        var offset: Int?

        /// Up to `width` digits at `i` (exactly `width` when `exact`).
        func digits(_ width: Int, exact: Bool) -> Int? {
            var value = 0
            var taken = 0
            while taken < width, i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") {
                value = value * 10 + Int(bytes[i] - UInt8(ascii: "0"))
                i += 1
                taken += 1
            }
            return taken == width || (!exact && taken > 0) ? value : nil
        }

        for part in parts {
            switch part {
            case .literal(let byte):
                guard i < bytes.count, bytes[i] == byte else { return nil }
                i += 1
            case .field(let field, let width, let exact):
                switch field {
                case .zone(let allowsZ, let form):
                    if allowsZ, i < bytes.count, bytes[i] == UInt8(ascii: "Z") {
                        offset = 0
                        i += 1
                        continue
                    }
                    guard i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") else { return nil }
                    let sign = bytes[i] == UInt8(ascii: "-") ? -1 : 1
                    i += 1
                    guard let hours = digits(2, exact: true), hours < 24 else { return nil }
                    var minutes = 0
                    if form == 3 {
                        guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return nil }
                        i += 1
                    }
                    if form >= 2 || (i + 1 < bytes.count && bytes[i] >= UInt8(ascii: "0") && bytes[i] <= UInt8(ascii: "9")) {
                        guard let m = digits(2, exact: true), m < 60 else { return nil }
                        minutes = m
                    }
                    offset = sign * (hours * 3600 + minutes * 60)
                case .fraction(let count):
                    let start = i
                    guard digits(width, exact: true) != nil,
                        let value = Double("0." + String(decoding: bytes[start..<start + count], as: UTF8.self))
                    else { return nil }
                    fraction = value
                default:
                    guard let value = digits(width, exact: exact) else { return nil }
                    switch field {
                    case .year: year = value
                    case .month: month = value
                    case .day: day = value
                    case .hour: hour = value
                    case .minute: minute = value
                    default: second = value
                    }
                }
            }
        }
        guard i == bytes.count, (1...12).contains(month), (1...DateText.daysIn(month: month, year: year)).contains(day),
            hour < 24, minute < 60, second < 60
        else { return nil }
        let seconds = Double(DateText.daysSince1970(year: year, month: month, day: day)) * 86_400
            + Double(hour * 3600 + minute * 60 + second) + fraction
        return DateText.instant(localSeconds: seconds, offset: offset, timeZone: timeZone)
    }
}

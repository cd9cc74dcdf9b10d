#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Dates read from text: the one strict ISO 8601 reader behind
/// ``Node/date(format:timeZone:)``, DocQuery's `date` accessors and its
/// decoder's `.iso8601` strategy, so all of them accept and reject the same
/// text and agree on the instant.
///
/// Accepted (after trimming XML whitespace), and nothing else:
///
/// | form | example |
/// |------|---------|
/// | calendar date (midnight) | `2024-04-10` |
/// | date and time, `T` (or `t`) or one space between | `2024-04-10T09:00`, `2024-04-10 09:00:00` |
/// | fractional seconds, any number of digits | `2024-04-10T09:00:00.250` |
/// | a zone: `Z`, `±hh:mm`, `±hhmm` or `±hh` | `2024-04-10T09:00:00Z`, `…+09:00` |
/// | basic format: the same without `-` and `:`, `T` between | `20240410`, `20240410T0900`, `20240410T090000Z`, `…T090000.5+0900` |
///
/// A text is all basic or all extended: `2024-0410` and `20240410T09:00`
/// are not dates, and the basic format takes no space for the `T` and no
/// `:` in its zone.
///
/// The year has four digits; every field is range-checked (month 1–12, the
/// day against its month and leap years, hour 0–23, minute and second
/// 0–59, offsets up to ±23:59), so `2024-02-30`, `2024-04-10T25:00:00Z` and
/// `2024-04-10junk` are not dates. A space separator is accepted because
/// RFC 3339 allows it and XML APIs send it. Text without a zone is read in
/// the time zone the caller gives (UTC unless told otherwise).
package enum DateText {
    /// The ISO 8601 date in `text`, or `nil` when it is not one (see the table above).
    package static func iso8601(_ text: some StringProtocol, timeZone: TimeZone) -> Date? {
        let bytes = Array(text.trimmingXMLWhitespace().utf8)
        var reader = FieldReader(bytes: bytes)
        guard let year = reader.digits(4) else { return nil }
        // Basic format (`20180613`) has no separators anywhere; extended
        // (`2018-06-13`) has them everywhere. The first one after the year decides.
        let basic = !reader.take(UInt8(ascii: "-"))
        /// A separator of the extended format, or nothing in the basic one.
        func separator(_ byte: UInt8) -> Bool { basic || reader.take(byte) }
        guard let month = reader.digits(2), separator(UInt8(ascii: "-")),
            let day = reader.digits(2),
            (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
        else { return nil }
        var seconds = Double(daysSince1970(year: year, month: month, day: day)) * 86_400
        var offset: Int? = nil
        if !reader.isAtEnd {
            guard reader.take(UInt8(ascii: "T")) || reader.take(UInt8(ascii: "t")) || (!basic && reader.take(UInt8(ascii: " "))),
                let hour = reader.digits(2), separator(UInt8(ascii: ":")), let minute = reader.digits(2),
                hour < 24, minute < 60
            else { return nil }
            var second = 0
            var fraction = 0.0
            if basic ? reader.peekIsDigit : reader.take(UInt8(ascii: ":")) {
                guard let s = reader.digits(2), s < 60 else { return nil }
                second = s
                if reader.take(UInt8(ascii: ".")) {
                    let start = reader.position
                    while let byte = reader.peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { reader.position += 1 }
                    guard reader.position > start,
                        let value = Double("0." + String(decoding: bytes[start..<reader.position], as: UTF8.self))
                    else { return nil }
                    fraction = value
                }
            }
            seconds += Double(hour * 3600 + minute * 60 + second) + fraction
            if !reader.isAtEnd {
                guard let zone = reader.zoneOffset(basic: basic) else { return nil }
                offset = zone
            }
        }
        guard reader.isAtEnd else { return nil }
        return instant(localSeconds: seconds, offset: offset, timeZone: timeZone)
    }

    /// The instant of a date and time counted in seconds from 1970-01-01
    /// 00:00 on its own clock: `offset` seconds east of UTC, or when that is
    /// `nil`, local time in `timeZone` (the offset in force at that instant).
    static func instant(localSeconds seconds: Double, offset: Int?, timeZone: TimeZone) -> Date {
        if let offset { return Date(timeIntervalSince1970: seconds - Double(offset)) }
        var guess = seconds - Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: seconds)))
        guess = seconds - Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: guess)))
        return Date(timeIntervalSince1970: guess)
    }

    /// The date in `text`: ISO 8601 (``iso8601(_:timeZone:)``) when `format`
    /// is `nil`, else the whole text in a pattern of numeric fields
    /// (`yyyyMMdd`: ``DatePattern``), `nil` when the pattern is not one.
    /// Text without a zone is read in `timeZone`.
    package static func date(_ text: String, format: String?, timeZone: TimeZone) -> Date? {
        guard let format else { return iso8601(text, timeZone: timeZone) }
        return DatePattern(format)?.date(text.trimmingXMLWhitespace(), timeZone: timeZone)
    }

    static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// The proleptic Gregorian date of a day count from 1970-01-01: the
    /// inverse of ``daysSince1970(year:month:day:)``, over the same 400-year eras.
    package static func civilDate(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468  // days from 0000-03-01
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date.
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

/// Reads fixed-width fields of ASCII text.
private struct FieldReader {
    let bytes: [UInt8]
    var position = 0

    var isAtEnd: Bool { position == bytes.count }
    var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    mutating func take(_ byte: UInt8) -> Bool {
        guard peek == byte else { return false }
        position += 1
        return true
    }

    /// Exactly `count` ASCII digits as a number.
    mutating func digits(_ count: Int) -> Int? {
        guard position + count <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[position..<position + count] {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        position += count
        return value
    }

    /// Whether the next byte is an ASCII digit.
    var peekIsDigit: Bool { peek.map { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } ?? false }

    /// `Z`, `±hh:mm`, `±hhmm` or `±hh` (in the basic format, no `:`), in
    /// seconds east of UTC; the rest of the text.
    mutating func zoneOffset(basic: Bool) -> Int? {
        if take(UInt8(ascii: "Z")) || take(UInt8(ascii: "z")) { return isAtEnd ? 0 : nil }
        let sign: Int
        if take(UInt8(ascii: "+")) { sign = 1 } else if take(UInt8(ascii: "-")) { sign = -1 } else { return nil }
        guard let hours = digits(2), hours < 24 else { return nil }
        var minutes = 0
        if !isAtEnd {
            if !basic { _ = take(UInt8(ascii: ":")) }
            guard let m = digits(2), m < 60 else { return nil }
            minutes = m
        }
        return isAtEnd ? sign * (hours * 3600 + minutes * 60) : nil
    }
}

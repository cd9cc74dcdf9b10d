#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Dates as text, in the form the decoder's `.iso8601` strategy reads.
enum DateWriting {
    /// `2018-06-13T09:30:00Z` in UTC, with milliseconds when the date has a
    /// fraction of a second (rounded to the nearest): `2018-06-13T09:30:00.250Z`.
    /// The first and last instants with a four-digit year: 0001-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z.
    static let iso8601Range = -62_135_596_800.0...253_402_300_799.999

    /// `nil` when the date's year is not one of four digits (or the date is not finite).
    static func iso8601(_ date: Date) -> String? {
        guard iso8601Range.contains(date.timeIntervalSince1970) else { return nil }
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
        let (seconds, millisecond) = floorDivision(milliseconds, 1000)
        let (days, secondOfDay) = floorDivision(seconds, 86_400)
        let (year, month, day) = civilDate(daysSince1970: days)
        var text = digits(year, 4) + "-" + digits(month, 2) + "-" + digits(day, 2)
        text += "T" + digits(secondOfDay / 3600, 2) + ":" + digits(secondOfDay / 60 % 60, 2) + ":" + digits(secondOfDay % 60, 2)
        if millisecond != 0 { text += "." + digits(millisecond, 3) }
        return text + "Z"
    }

    /// The proleptic Gregorian year, month and day of a day count from
    /// 1970-01-01 (the civil-from-days computation over 400-year eras).
    static func civilDate(daysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
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

    private static func floorDivision(_ a: Int64, _ b: Int64) -> (quotient: Int64, remainder: Int64) {
        let remainder = ((a % b) + b) % b
        return ((a - remainder) / b, remainder)
    }

    private static func digits(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}

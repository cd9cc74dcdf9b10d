#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import DocTree

/// Dates as text, in the form the decoder's `.iso8601` strategy reads.
enum DateWriting {
    /// The first and last instants with a four-digit year: 0001-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z.
    static let iso8601Range = -62_135_596_800.0...253_402_300_799.999

    /// `2018-06-13T09:30:00Z` in UTC, with milliseconds when the date has a
    /// fraction of a second (rounded to the nearest): `2018-06-13T09:30:00.250Z`;
    /// `nil` when the date's year is not one of four digits (or the date is not finite).
    static func iso8601(_ date: Date) -> String? {
        guard iso8601Range.contains(date.timeIntervalSince1970) else { return nil }
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
        let (seconds, millisecond) = floorDivision(milliseconds, 1000)
        let (days, secondOfDay) = floorDivision(seconds, 86_400)
        let (year, month, day) = DateText.civilDate(daysSince1970: Int(days))
        var text = digits(Int64(year), 4) + "-" + digits(Int64(month), 2) + "-" + digits(Int64(day), 2)
        text += "T" + digits(secondOfDay / 3600, 2) + ":" + digits(secondOfDay / 60 % 60, 2) + ":" + digits(secondOfDay % 60, 2)
        if millisecond != 0 { text += "." + digits(millisecond, 3) }
        return text + "Z"
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

import Foundation

/// Text to typed values, shared by ``Match`` and ``QueryResult``.
///
/// Numbers must be decimal text as ``NumericValue/parse(_:)`` accepts it (XML
/// whitespace around it is ignored); a value that does not fit the type
/// exactly gives `nil` rather than a rounded or truncated number.
enum ValueConversion {
    static let posix = Locale(identifier: "en_US_POSIX")

    static func int(_ text: String) -> Int? {
        switch NumericValue.parse(text) {
        case .int(let i)?: return i
        case .double?:
            guard var decimal = decimal(text) else { return nil }
            var rounded = Decimal()
            NSDecimalRound(&rounded, &decimal, 0, .plain)
            guard rounded == decimal, decimal >= Decimal(Int.min), decimal <= Decimal(Int.max) else { return nil }
            return NSDecimalNumber(decimal: decimal).intValue
        case nil: return nil
        }
    }

    static func double(_ text: String) -> Double? {
        guard NumericValue.parse(text) != nil else { return nil }
        return Double(text.trimmingXMLWhitespace())
    }

    static func decimal(_ text: String) -> Decimal? {
        guard NumericValue.parse(text) != nil else { return nil }
        var trimmed = String(text.trimmingXMLWhitespace())
        if trimmed.hasPrefix("+") { trimmed.removeFirst() }
        guard let value = Decimal(string: trimmed, locale: posix), !value.isNaN else { return nil }
        return value
    }

    static func bool(_ text: String) -> Bool? {
        switch text.trimmingXMLWhitespace() {
        case "true", "1": true
        case "false", "0": false
        default: nil
        }
    }

    /// Parses a date: ISO 8601 when `format` is nil (`2018-06-13`,
    /// `2018-06-13T10:00:00Z`, with an offset or fractional seconds, or with
    /// no zone, read in `timeZone`), else a `DateFormatter` pattern such as
    /// `yyyyMMdd`, read with the `en_US_POSIX` locale.
    static func date(_ text: String, format: String?, timeZone: TimeZone) -> Date? {
        let text = String(text.trimmingXMLWhitespace())
        guard let format else { return isoDate(text, timeZone: timeZone) }
        let formatter = DateFormatter()
        formatter.locale = posix
        formatter.timeZone = timeZone
        formatter.dateFormat = format
        return formatter.date(from: text)
    }

    private static func isoDate(_ text: String, timeZone: TimeZone) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = timeZone
        let attempts: [ISO8601DateFormatter.Options] = [
            [.withInternetDateTime, .withFractionalSeconds],
            [.withInternetDateTime],
            [.withFullDate, .withTime, .withColonSeparatorInTime, .withDashSeparatorInDate, .withFractionalSeconds],
            [.withFullDate, .withTime, .withColonSeparatorInTime, .withDashSeparatorInDate],
            [.withFullDate, .withDashSeparatorInDate],
        ]
        for options in attempts {
            formatter.formatOptions = options
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}

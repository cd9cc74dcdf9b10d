import Foundation

/// Text to typed values, shared by ``Match`` and ``QueryResult``.
///
/// Numbers are read by DocTree's `NumberText`, as ``Node``'s accessors read
/// them (XML whitespace around the text is ignored); a value that does not
/// fit the type exactly gives `nil` rather than a rounded or truncated
/// number (a `Double` is the nearest one, `nil` beyond its range).
enum ValueConversion {
    static let posix = Locale(identifier: "en_US_POSIX")

    static func int(_ text: String) -> Int? {
        try? read(text) { NumberText.integer(Int.self, from: $0) }.get()
    }

    static func double(_ text: String) -> Double? {
        try? read(text) { NumberText.floatingPoint(Double.self, from: $0) }.get()
    }

    static func decimal(_ text: String) -> Decimal? {
        try? read(text) { NumberText.decimal(from: $0) }.get()
    }

    private static func read<T>(
        _ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result<T, NumberFailure>
    ) -> Result<T, NumberFailure> {
        var text = text
        return text.withUTF8 { body(XMLWhitespace.trimmed($0)) }
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

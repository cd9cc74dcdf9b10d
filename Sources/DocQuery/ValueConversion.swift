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
}

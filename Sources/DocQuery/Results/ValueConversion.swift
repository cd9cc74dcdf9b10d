#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
}

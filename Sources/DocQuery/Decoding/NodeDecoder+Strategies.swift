#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension NodeDecoder {
    /// How a `Date` is read from a node.
    ///
    /// Text is trimmed of XML whitespace before it is parsed. Public-data
    /// APIs that send `20180613` want ``formatted(_:timeZone:)``:
    ///
    /// ```swift
    /// decoder.dateDecodingStrategy = .formatted("yyyyMMdd", timeZone: TimeZone(identifier: "Asia/Seoul")!)
    /// ```
    public enum DateDecodingStrategy: Sendable {
        /// Strict ISO 8601 text, read exactly as `Node.date()` reads it: a
        /// calendar date (`2018-06-13`, midnight), optionally a time after `T`
        /// or one space (`2018-06-13T09:30`, `2018-06-13 09:30:00.250`), and
        /// optionally a zone (`Z`, `+09:00`, `+0900`, `+09`); text without a
        /// zone is UTC. Out-of-range fields (`2018-02-30`, `25:00`) and
        /// trailing text are errors. The default.
        case iso8601
        /// Text in a fixed `DateFormatter` pattern (`yyyyMMdd`,
        /// `yyyy-MM-dd HH:mm:ss`), read with the `en_US_POSIX` locale in
        /// `timeZone` (UTC unless given). The whole text must match.
        case formatted(_ format: String, timeZone: TimeZone = .gmt)
        /// A number of seconds since 1970-01-01T00:00:00Z (a JSON number or numeric text).
        case secondsSince1970
        /// A number of milliseconds since 1970-01-01T00:00:00Z.
        case millisecondsSince1970
        /// Whatever `Date.init(from:)` reads: seconds since 2001-01-01T00:00:00Z.
        case deferredToDate
        /// A closure of yours; it reads the value through the decoder it is given
        /// (usually its `singleValueContainer()`).
        case custom(@Sendable (_ decoder: any Decoder) throws -> Date)
    }

    /// How a coding key finds the attribute, element or member it names.
    public enum KeyDecodingStrategy: Sendable {
        /// A key matches a name spelled exactly as the key's `stringValue`
        /// (for XML, the local name or the qualified name). The default.
        case useDefaultKeys
        /// Names in `snake_case` match camel-case keys: `sg_name` matches
        /// `sgName`. Each name is converted by lowercasing its first word
        /// and capitalising the first letter of every later word; leading
        /// and trailing underscores stay, and a name without an inner
        /// underscore is unchanged. Keys of `[String: V]` dictionaries are
        /// not converted.
        case convertFromSnakeCase
        /// A closure of yours that maps a name to the key it matches. It gets
        /// the coding path so far, whose last key is the name as written in
        /// the document.
        case custom(@Sendable (_ codingPath: [any CodingKey]) -> any CodingKey)
    }

    /// How JSON strings, numbers and booleans convert to Swift types.
    ///
    /// XML is text, so XML values always convert; this strategy is about JSON only.
    public enum JSONScalarStrategy: Sendable, Hashable {
        /// Types must match, as `JSONDecoder` requires: numbers decode only into
        /// numeric types, strings only into `String` and the types built from
        /// text (`Date`, `URL`, `Data`), `true`/`false` only into `Bool`. The default.
        case strict
        /// Strings also decode into numbers and `Bool` the way XML text does
        /// (`"42"`, `" 1.5 "`, `"true"`, `"1"`), and numbers and booleans also
        /// decode into `String` as their text written in the document.
        case lenient
    }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension DocumentEncoder {
    /// How a `Date` is written. Each case writes what the
    /// ``NodeDecoder/DateDecodingStrategy-swift.enum`` case of the same name reads.
    public enum DateEncodingStrategy: Sendable {
        /// ISO 8601 in UTC: `2018-06-13T09:30:00Z`, with milliseconds when
        /// the date has a fraction of a second (`2018-06-13T09:30:00.250Z`).
        /// The default.
        case iso8601
        /// Text in a fixed date pattern of numeric fields (`yyyyMMdd`,
        /// `yyyy-MM-dd HH:mm:ss`), in local time of `timeZone` (UTC unless
        /// given): the patterns the decoder's `.formatted(_:timeZone:)`
        /// reads, which it reads back (but for a pattern without a zone
        /// field, a local time in the hour the clocks turn back, which reads
        /// as its first occurrence). A pattern it does not support, or a
        /// date whose local year has not four digits, throws.
        case formatted(_ format: String, timeZone: TimeZone = .gmt)
        /// A number of seconds since 1970-01-01T00:00:00Z.
        case secondsSince1970
        /// A number of milliseconds since 1970-01-01T00:00:00Z.
        case millisecondsSince1970
        /// Whatever `Date.encode(to:)` writes: seconds since 2001-01-01T00:00:00Z.
        case deferredToDate
        /// A closure of yours; it writes the value through the encoder it is
        /// given (usually its `singleValueContainer()`).
        case custom(@Sendable (_ date: Date, _ encoder: any Encoder) throws -> Void)
    }

    /// How a coding key becomes a member, element or attribute name.
    public enum KeyEncodingStrategy: Sendable {
        /// A key's `stringValue` as it is. The default.
        case useDefaultKeys
        /// Camel-case keys become `snake_case` names: `sgName` is written
        /// `sg_name`, which ``NodeDecoder/KeyDecodingStrategy-swift.enum/convertFromSnakeCase``
        /// reads back as `sgName`. Each uppercase letter starts a new word
        /// (a run of capitals is one word: `URLPath` is `url_path`, which
        /// reads back as `urlPath`, as with `JSONEncoder`); leading
        /// and trailing underscores stay. Keys of `[String: V]` dictionaries
        /// are not converted.
        case convertToSnakeCase
        /// A closure of yours that maps the coding path so far, whose last
        /// key is the key being written, to the key to write.
        case custom(@Sendable (_ codingPath: [any CodingKey]) -> any CodingKey)
    }

    /// Which keys of a keyed value become attributes of its XML element
    /// rather than child elements. JSON output has no attributes and ignores it.
    ///
    /// Whatever the strategy, a key that starts with `@` (`"@id"`) is the
    /// attribute named by the rest of it (`id`), and the members of the
    /// reserved key `_attributes` are attributes, so values built from
    /// literals can say so themselves. An attribute holds text: a key the
    /// strategy picks must hold a scalar, a date or `nil`.
    public enum AttributeStrategy: Sendable {
        /// No key becomes an attribute by itself: every key is a child
        /// element. The default.
        case none
        /// The keys with these names (as the value's `CodingKeys` spell
        /// them, before any key conversion), wherever they appear.
        case keys(Set<String>)
        /// A closure of yours that gets the coding path of a keyed member,
        /// whose last key is the member's key, and says whether it is an attribute.
        case custom(@Sendable (_ codingPath: [any CodingKey]) -> Bool)
    }

    /// How the output is laid out.
    public enum Formatting: Sendable, Hashable {
        /// No white space between tokens or elements: `{"a":1,"b":[2,3]}`,
        /// `<root><a>1</a><b>2</b></root>`. The default, as `JSONEncoder`'s.
        case compact
        /// One member, array element or child element a line, each level
        /// indented by `unit` more than its container, and `": "` after a
        /// JSON key. An element that holds text stays on one line (with
        /// mixed content, text beside child elements, the whole element does,
        /// since white space would become part of its text). XML ends with a
        /// line feed; JSON does not, as `JSONEncoder`'s `.prettyPrinted` does not.
        case indented(by: String = "  ")
    }
}

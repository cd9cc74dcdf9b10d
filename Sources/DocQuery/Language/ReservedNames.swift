/// The synthetic keys of the path language.
///
/// Only these exact spellings, written bare, are reserved. Any real key with
/// the same spelling stays reachable by quoting it (`"_contents"`) or escaping
/// a character (`\_contents`).
///
/// | name | yields |
/// |------|--------|
/// | `_contents` | the child elements of an XML element; the member values of a JSON object; the elements of a JSON array |
/// | `_string` | the own character data of an XML element (direct text children joined); the text of any other value |
/// | `_elementName` | the name of an element or attribute as written (`soap:Body`), or the key of a JSON member |
/// | `_attributes` | the attribute nodes of an XML element; each has a name (`_elementName`) and a value (`_string`) |
/// | `_text` | all descendant character data, as XPath's string value |
package enum ReservedName: CaseIterable, Sendable, Hashable, RawRepresentable, CustomStringConvertible {
    /// `_contents`: child elements, member values or array elements.
    case contents
    /// `_string`: an element's own text, or the text of any other value.
    case string
    /// `_elementName`: the name of an element or attribute, or a JSON member's key.
    case elementName
    /// `_attributes`: the attribute nodes of an XML element.
    case attributes
    /// `_text`: all descendant character data.
    case text

    /// The name as written in a path (`_contents`). The spellings are
    /// declared once, in DocTree, which the JSON mapping of XML also uses.
    package var rawValue: String {
        switch self {
        case .contents: ReservedKey.contents
        case .string: ReservedKey.string
        case .elementName: ReservedKey.elementName
        case .attributes: ReservedKey.attributes
        case .text: ReservedKey.text
        }
    }

    /// The reserved name spelled `rawValue`, if it is one.
    package init?(rawValue: String) {
        guard let name = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = name
    }

    /// The name as written in a path (`_contents`).
    package var description: String { rawValue }
}

/// The collection operators of the path language, written `left.@op.right`
/// as in key-value coding.
///
/// `left` selects a collection (a lone JSON array counts as its elements),
/// `right` is applied to every member of that collection, and the operator
/// reduces or reshapes what `right` yields. An empty `left` is the root.
///
/// | operator | yields |
/// |----------|--------|
/// | `@count` | how many values `right` yields (the collection's size without `right`) |
/// | `@sum`, `@avg` | the sum or mean of the values; numeric text counts as a number |
/// | `@min`, `@max` | the smallest or largest value (numeric when all are numbers, else by text) |
/// | `@unionOfObjects` | every value, in order |
/// | `@distinctUnionOfObjects` | every value once, in order of first appearance |
/// | `@unionOfArrays` | the members of each JSON array in the collection, flattened |
/// | `@distinctUnionOfArrays` | the same, every value once |
/// | `@first`, `@last` | the first or last value |
/// | `@keys` | the distinct keys of the values: member keys, attribute and child element names |
package enum CollectionOperator: String, CaseIterable, Sendable, Hashable, CustomStringConvertible {
    /// `@count`
    case count = "@count"
    /// `@sum`
    case sum = "@sum"
    /// `@avg`
    case avg = "@avg"
    /// `@min`
    case min = "@min"
    /// `@max`
    case max = "@max"
    /// `@distinctUnionOfObjects`
    case distinctUnionOfObjects = "@distinctUnionOfObjects"
    /// `@unionOfObjects`
    case unionOfObjects = "@unionOfObjects"
    /// `@distinctUnionOfArrays`
    case distinctUnionOfArrays = "@distinctUnionOfArrays"
    /// `@unionOfArrays`
    case unionOfArrays = "@unionOfArrays"
    /// `@first`
    case first = "@first"
    /// `@last`
    case last = "@last"
    /// `@keys`
    case keys = "@keys"

    /// The operator as written in a path, with its `@`.
    package var description: String { rawValue }
}

/// The spellings the lexer gives special meaning, kept in one place.
enum Syntax {
    /// Scalars that end a bare key (besides whitespace and control characters);
    /// a backslash escapes any of them.
    static let keyTerminators: Set<Unicode.Scalar> = [
        ".", "[", "]", "\"", "'", "\\", "(", ")", "=", "!", "<", ">", "&", "|", ",", "?", "*", "@",
        "{", "}", "`",
    ]

    /// Whether `scalar` may appear unescaped in a bare key.
    @inline(__always)
    static func isKeyScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 {
            let v = scalar.value
            if v <= 0x20 || v == 0x7F { return false }
            return !keyTerminators.contains(scalar)
        }
        if scalar.properties.isWhitespace { return false }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .unassigned, .surrogate: return false
        default: return true
        }
    }

    /// Whether `key` can be written bare in a path and read back as the same key.
    static func isBareKey(_ key: String) -> Bool {
        guard !key.isEmpty, ReservedName(rawValue: key) == nil else { return false }
        return key.unicodeScalars.allSatisfy(isKeyScalar)
    }

    /// `key` as it must be written in a path: bare when possible, otherwise
    /// double-quoted with JSON escapes.
    static func quotedIfNeeded(_ key: String) -> String {
        isBareKey(key) ? key : quoted(key)
    }

    /// `key` double-quoted with JSON escapes (DocTree's one JSON quoting;
    /// the lexer reads every JSON escape back).
    static func quoted(_ key: String) -> String {
        JSONWriter.quoted(key)
    }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A value a path computes rather than finds as a node: reserved names that
/// yield text, the keys of `@keys`, and the numbers of `@count`, `@sum` and
/// `@avg`.
///
/// Text values only record where their text lives; the string is built
/// when someone reads it, so `..title._string` costs no allocation per match.
enum ComputedValue: Sendable, Hashable {
    /// `_string` of a node: an element's own text, any other node's value.
    case ownText(UInt32)
    /// `_text` of a node: all descendant text.
    case deepText(UInt32)
    /// `_elementName` of a node: its name or member key.
    case name(UInt32)
    /// One key of `@keys`, as an interned name id.
    case keyName(UInt32)
    /// A number computed by an operator.
    case number(ComputedNumber)
    /// Text a JMESPath expression built (`join`, `to_string`, a raw string).
    case text(String)

    /// The node the value was computed from, if any.
    var source: UInt32? {
        switch self {
        case .ownText(let n), .deepText(let n), .name(let n): n
        case .keyName, .number, .text: nil
        }
    }

    /// The reserved name that produced it, for canonical paths.
    var reservedName: ReservedName? {
        switch self {
        case .ownText: .string
        case .deepText: .text
        case .name: .elementName
        case .keyName, .number, .text: nil
        }
    }
}

/// The result of `@count`, `@sum` or `@avg`: an `Int` when exact, else a
/// `Decimal` (sums of decimal text stay exact), else a `Double`.
enum ComputedNumber: Sendable, Hashable {
    case int(Int)
    case decimal(Decimal)
    case double(Double)

    /// The number as text: `3`, `10.5`, `3.3333333333333335`.
    var text: String {
        switch self {
        case .int(let i): String(i)
        case .decimal(let d): d.description
        case .double(let d):
            d.isFinite && d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
        }
    }
}

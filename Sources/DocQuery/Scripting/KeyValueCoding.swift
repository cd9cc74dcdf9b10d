#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `value(forKeyPath:)` with key-value coding's shapes, for code ported from
/// `NSDictionary`-based parsing.
///
/// | matched | returns |
/// |---------|---------|
/// | nothing (or a malformed path) | `nil` |
/// | one value, and no step could have matched several | that value |
/// | otherwise ("to-many": a repeated element, a JSON array, `*`, `..`, a filter, a slice, `_contents`, a union) | `[Any]` of the values |
///
/// Values: strings and attribute values as `String`; JSON numbers as `Int`
/// when written as an integer that fits, `Decimal` for larger integers, else
/// `Double`; computed numbers (`@count`, `@sum`, `@avg`) as `Int`, `Decimal`
/// or `Double`; booleans as `Bool`; JSON `null` as `NSNull` on Apple platforms
/// (on Linux, where DocQuery uses FoundationEssentials, which has no `NSNull`,
/// as its ``Node``, of kind `.null`); an XML element
/// with no attributes and no child elements as its text; other elements, JSON
/// objects and arrays as ``Node``.
///
/// Unlike ``QueryResult``, the shape follows the data, as it does with
/// dictionaries: one `<item>` gives a value, two give an array. Prefer
/// ``PathQueryable/query(_:)-(String)`` and its typed accessors in new code.
extension Document {
    /// The value at a key path, shaped as key-value coding shapes it (see
    /// the table above); `nil` when nothing matched or the path is malformed.
    public func value(forKeyPath keyPath: String) -> Any? {
        KeyValueCoding.value(self[keyPath])
    }
}

extension Node {
    /// The value at a key path from this node, shaped as key-value coding
    /// shapes it; `nil` when nothing matched or the path is malformed.
    public func value(forKeyPath keyPath: String) -> Any? {
        KeyValueCoding.value(self[keyPath])
    }
}

enum KeyValueCoding {
    static func value(_ result: QueryResult) -> Any? {
        // Key-value coding's shape: a lone JSON array is one value (a Node).
        let matches = result.selectedMatches
        guard !matches.isEmpty else { return nil }
        let values = matches.map(object)
        if values.count == 1 && !result.isToMany { return values[0] }
        return values
    }

    static func object(_ match: Match) -> Any {
        if case .number(let number)? = match.computed {
            switch number {
            case .int(let i): return i
            case .decimal(let d): return d
            case .double(let d): return d
            }
        }
        switch match.value {
        case .string(let text), .number(let text):
            return text
        case .node(let node):
            switch node.kind {
            case .string, .attribute, .text, .comment, .processingInstruction:
                return node.string ?? ""
            case .number:
                // The scanner flagged a fraction or exponent when it read the token.
                return number(node.string ?? "0", integral: !node.record.flags.contains(.fractional))
            case .true: return true
            case .false: return false
            case .null:
                #if canImport(FoundationEssentials)
                return node  // no NSNull without all of Foundation: the null node itself
                #else
                return NSNull()
                #endif
            case .element:
                let simple = node.attributes.isEmpty && !node.children.contains { $0.kind == .element }
                return simple ? (node.string ?? "") : node
            case .object, .array, .document:
                return node
            }
        }
    }

    /// A JSON number as `Int` when it is an integer that fits, else as a
    /// `Decimal` when one holds it exactly, else as the nearest `Double`
    /// (out of `Double`'s range: the text as written).
    private static func number(_ text: String, integral: Bool) -> Any {
        if integral, let int = ValueConversion.int(text) { return int }
        if integral, let decimal = ValueConversion.decimal(text) { return decimal }
        if let double = ValueConversion.double(text) { return double }
        return text
    }
}

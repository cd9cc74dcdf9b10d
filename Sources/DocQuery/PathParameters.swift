#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Values bound to the `$name` placeholders of a path, each turned into the
/// token of a filter literal, so a value can never change the path's
/// structure (`Bob's list` stays one string, quotes and backslashes included).
struct PathParameters {
    private let values: [String: (any Sendable)?]

    /// Named values: `$name` takes `values["name"]`.
    init(named values: [String: (any Sendable)?]) {
        self.values = values
    }

    /// Values in order: `$0` takes the first.
    init(positional values: [(any Sendable)?]) {
        var named: [String: (any Sendable)?] = [:]
        for (offset, value) in values.enumerated() { named[String(offset)] = value }
        self.values = named
    }

    /// The bound values written out, sorted by name: two queries written
    /// the same way are equal only when they bind the same values.
    var identity: String {
        values.keys.sorted().map { "\($0)=\(String(reflecting: values[$0]!))" }.joined(separator: "\u{1}")
    }

    /// The literal token for the placeholder `$name`, or an error naming it.
    func token(for name: String, error: (String) -> QueryError) throws(QueryError) -> Token.Kind {
        guard let entry = values[name] else {
            let known = values.keys.sorted().map { "$" + $0 }.joined(separator: ", ")
            throw error("no value is bound to $\(name)\(known.isEmpty ? "" : " (bound: \(known))")")
        }
        guard let value = entry else { return .key("null", bare: true) }
        switch value {
        case let text as String: return .string(text)
        case let text as Substring: return .string(String(text))
        case let flag as Bool: return .key(flag ? "true" : "false", bare: true)
        case let number as Decimal: return number.isNaN ? try nonFinite(name, error) : numberToken("\(number)")
        case let number as any BinaryInteger: return numberToken("\(number)")
        case let number as Double: return number.isFinite ? numberToken("\(number)") : try nonFinite(name, error)
        case let number as Float: return number.isFinite ? numberToken("\(number)") : try nonFinite(name, error)
        default:
            throw error("$\(name) is bound to a \(type(of: value)); a path value must be a String, a number, a Bool or nil")
        }
    }

    private func numberToken(_ text: String) -> Token.Kind {
        .number(Double(text) ?? 0, text: text)
    }

    private func nonFinite(_ name: String, _ error: (String) -> QueryError) throws(QueryError) -> Token.Kind {
        throw error("$\(name) is not a finite number")
    }
}

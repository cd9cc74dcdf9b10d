#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Values bound to the `$name` placeholders of a key path or a JMESPath
/// expression. Each becomes a value of the language (a filter literal's
/// token, a JMESPath literal), never text read as syntax, so a value can
/// never change the expression's structure (`Bob's list` stays one string,
/// quotes and backslashes included).
struct PathParameters {
    private let values: [String: (any Sendable)?]

    /// A bound value, read once whatever Swift type it came as.
    enum Value {
        case string(String)
        /// A number's text, exactly as a path literal would be written.
        case number(String)
        case bool(Bool)
        case null
        /// A value of a document (`docq --argjson`): any JSON value.
        case node(Node)
    }

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
        values.keys.sorted().map { name in
            let value = values[name]!
            if let node = value as? Node { return "\(name)=\(node.jsonString(pretty: false))" }
            return "\(name)=\(String(reflecting: value))"
        }.joined(separator: "\u{1}")
    }

    /// Whether a value is bound to `$name`.
    func binds(_ name: String) -> Bool { values[name] != nil }

    /// What to say of a `$name` that no value is bound to.
    func unboundMessage(_ name: String) -> String {
        let known = values.keys.sorted().map { "$" + $0 }.joined(separator: ", ")
        return "no value is bound to $\(name)\(known.isEmpty ? "" : " (bound: \(known))")"
    }

    /// The value bound to `$name`, or an error naming it.
    func value(for name: String, error: (String) -> QueryError) throws(QueryError) -> Value {
        guard let entry = values[name] else { throw error(unboundMessage(name)) }
        guard let value = entry else { return .null }
        switch value {
        case let text as String: return .string(text)
        case let text as Substring: return .string(String(text))
        case let flag as Bool: return .bool(flag)
        case let number as Decimal: return number.isNaN ? try nonFinite(name, error) : .number("\(number)")
        case let number as any BinaryInteger: return .number("\(number)")
        case let number as Double: return number.isFinite ? .number("\(number)") : try nonFinite(name, error)
        case let number as Float: return number.isFinite ? .number("\(number)") : try nonFinite(name, error)
        case let node as Node: return .node(node)
        default:
            throw error("$\(name) is bound to a \(type(of: value)); a bound value must be a String, a number, a Bool, nil or a Node")
        }
    }

    /// The literal token for the placeholder `$name` in a key path, or an
    /// error naming it. A key path compares single values, so a bound node
    /// must be one: a JSON string, number, `true`, `false` or `null`.
    func token(for name: String, error: (String) -> QueryError) throws(QueryError) -> Token.Kind {
        switch try value(for: name, error: error) {
        case .string(let text): return .string(text)
        case .number(let text): return numberToken(text)
        case .bool(let flag): return .key(flag ? "true" : "false", bare: true)
        case .null: return .key("null", bare: true)
        case .node(let node): return try token(for: node, name: name, error: error)
        }
    }

    /// The literal token for a node a placeholder stands for (`nil`: a
    /// missing member of a bound object, `null`).
    func token(for node: Node?, name: String, error: (String) -> QueryError) throws(QueryError) -> Token.Kind {
        guard let node else { return .key("null", bare: true) }
        switch node.kind {
        case .string, .attribute, .text: return .string(node.string ?? "")
        case .number: return numberToken(node.string ?? "0")
        case .true: return .key("true", bare: true)
        case .false: return .key("false", bare: true)
        case .null: return .key("null", bare: true)
        default:
            throw error("$\(name) is bound to a \(node.kind); a key path compares one value: a string, number, true, false or null")
        }
    }

    private func numberToken(_ text: String) -> Token.Kind {
        .number(Double(text) ?? 0, text: text)
    }

    private func nonFinite(_ name: String, _ error: (String) -> QueryError) throws(QueryError) -> Value {
        throw error("$\(name) is not a finite number")
    }
}

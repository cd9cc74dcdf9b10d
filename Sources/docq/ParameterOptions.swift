import ArgumentParser
import DocQuery
import DocTree
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `--arg NAME TEXT` and `--argjson NAME JSON` (jq's names): values bound
/// to `$NAME` in a key path's filters or a JMESPath expression, never read
/// as path text. A group of its own, so every command that takes a path
/// (the query, the explorer, the edit commands) can include it.
///
/// Each option takes two operands, which argument-parser's options cannot;
/// ``paired(_:)`` joins them into one (`NAME=TEXT`) before parsing, so
/// the command line is jq's: `docq --arg user 2 '[?userId == $user].title' todos.json`.
struct ParameterOptions: ParsableArguments {
    @Option(name: .customLong("arg"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Bind $NAME to the string TEXT, in key path filters and JMESPath (repeatable).",
                               valueName: "name> <text"))
    var textValues: [String] = []

    @Option(name: .customLong("argjson"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("""
                Bind $NAME to the JSON value JSON: a number, true, false, null, a string, or \
                (JMESPath only) an array or object (repeatable).
                """, valueName: "name> <json"))
    var jsonValues: [String] = []

    /// The options that take two operands.
    static let pairedOptions: Set<String> = ["--arg", "--argjson"]

    /// `arguments` with each `--arg NAME TEXT` and `--argjson NAME JSON`
    /// made one option with one value, `NAME=TEXT`, as the options above
    /// read it. Nothing after `--` is touched; an option without two
    /// operands is left as it is, for the parser to report.
    static func paired(_ arguments: [String]) -> [String] {
        var out: [String] = []
        out.reserveCapacity(arguments.count)
        var k = 0
        while k < arguments.count {
            let argument = arguments[k]
            if argument == "--" {
                out += arguments[k...]
                break
            }
            if pairedOptions.contains(argument), arguments.count - k >= 3 {
                out.append(argument)
                out.append(arguments[k + 1] + "=" + arguments[k + 2])
                k += 3
                continue
            }
            out.append(argument)
            k += 1
        }
        return out
    }

    /// The values by name, for `PathQuery(_:parameters:)` and
    /// `JMESPath(_:parameters:)`: `--arg` values as strings, `--argjson`
    /// values as the node of the JSON document they parse to.
    ///
    /// - Throws: `ValidationError` for a name that is not one (letters,
    ///   digits and `_`, not starting with a digit), a name bound twice, or
    ///   an `--argjson` value that is not JSON (with the parser's message).
    ///
    /// `$ENV` is the environment, as an object of strings (jq's `$ENV`),
    /// bound when one of `texts` (the paths and expressions the values are
    /// for) reads it and no option binds the name `ENV`.
    func bindings(for texts: [String] = []) throws -> [String: (any Sendable)?] {
        var bound: [String: (any Sendable)?] = [:]
        func bind(_ option: String, _ pair: String, _ value: (String) throws -> (any Sendable)?) throws {
            guard let equals = pair.firstIndex(of: "=") else {
                throw ValidationError("\(option) takes a name and a value: \(option) NAME VALUE")
            }
            let name = String(pair[..<equals])
            guard Self.isName(name) else {
                throw ValidationError("\(option): '\(name)' is not a parameter name (letters, digits and _, not starting with a digit)")
            }
            guard bound[name] == nil else {
                throw ValidationError("$\(name) is bound twice (by --arg or --argjson)")
            }
            bound[name] = try value(String(pair[pair.index(after: equals)...]))
        }
        for pair in textValues {
            try bind("--arg", pair) { $0 }
        }
        for pair in jsonValues {
            try bind("--argjson", pair) { text in
                do {
                    return try Document(string: text, options: LoadOptions(format: .json)).root
                } catch {
                    throw ValidationError("--argjson: the value is not JSON: \((error as? LoadError)?.message ?? "\(error)")")
                }
            }
        }
        if bound["ENV"] == nil, texts.contains(where: { $0.contains("$ENV") }) { bound["ENV"] = Self.environment() }
        return bound
    }

    /// The environment as a JSON object's node: each variable a string member.
    static func environment() -> Node {
        let members = ProcessInfo.processInfo.environment.sorted { $0.key < $1.key }
            .map { JSONWriter.quoted($0.key) + ":" + JSONWriter.quoted($0.value) }
        // Quoted names and values make an object that loads.
        return try! Document(string: "{" + members.joined(separator: ",") + "}", options: LoadOptions(format: .json)).root
    }

    /// Whether any value is bound.
    var isEmpty: Bool { textValues.isEmpty && jsonValues.isEmpty }

    private static func isName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
        }
    }
}

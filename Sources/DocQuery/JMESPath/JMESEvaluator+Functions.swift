#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The built-in functions, with the specification's type checks: a wrong
/// argument type throws ``QueryError/Kind-swift.struct/invalidType``.
extension JMESEvaluator {
    func call(_ function: JMESFunction, _ arguments: JMESArguments, range: Range<Int>) throws(QueryError) -> JMESValue {
        func invalid(_ position: Int, _ expected: String) -> QueryError {
            let got = type(of: arguments[position]).rawValue
            return error(.invalidType, "\(function.rawValue)() argument \(position + 1): expected \(expected), got \(got)", range)
        }
        func number(_ position: Int) throws(QueryError) -> Double {
            guard let value = self.number(arguments[position]) else { throw invalid(position, "number") }
            return value
        }
        func string(_ position: Int) throws(QueryError) -> String {
            guard let value = self.string(arguments[position]) else { throw invalid(position, "string") }
            return value
        }
        func array(_ position: Int) throws(QueryError) -> [JMESValue] {
            guard let value = elements(arguments[position]) else { throw invalid(position, "array") }
            return value
        }
        func object(_ position: Int) throws(QueryError) -> JMESValue {
            guard type(of: arguments[position]) == .object else { throw invalid(position, "object") }
            return arguments[position]
        }
        func reference(_ position: Int) throws(QueryError) -> JMESExpression {
            guard case .expression(let expression) = arguments[position] else { throw invalid(position, "expression (&…)") }
            return expression
        }
        /// The sum and count of an array of numbers, read without copying them.
        func total(_ position: Int) throws(QueryError) -> (sum: Double, count: Int) {
            var sum = 0.0
            var count = 0
            var allNumbers = true
            // The body never throws; the text buffer is read once for all the numbers.
            let isArray = document.table.text.withUnsafeBufferPointer { text in
                try! forEachElement(arguments[position]) { (element: JMESValue) throws(QueryError) in
                    if let value = self.number(element, text: text) {
                        sum += value
                        count += 1
                    } else {
                        allNumbers = false
                    }
                }
            }
            guard isArray else { throw invalid(position, "array") }
            guard allNumbers else { throw invalid(position, "array of numbers") }
            return (sum, count)
        }
        /// Sort keys: all numbers or all strings.
        func sortKeys(_ values: [JMESValue], _ position: Int, what: String) throws(QueryError) -> [SortKey] {
            guard let first = values.first else { return [] }
            let wantsNumbers = self.number(first) != nil
            var keys: [SortKey] = []
            keys.reserveCapacity(values.count)
            for value in values {
                if wantsNumbers, let number = self.number(value) {
                    keys.append(.number(exactNumber(value), number))
                } else if !wantsNumbers, let string = self.string(value) {
                    keys.append(.string(string))
                } else {
                    throw error(.invalidType, "\(function.rawValue)(): \(what) must be all numbers or all strings, got \(type(of: value).rawValue)", range)
                }
            }
            return keys
        }
        func keysBy(_ expression: JMESExpression, _ values: [JMESValue]) throws(QueryError) -> [SortKey] {
            var results: [JMESValue] = []
            for value in values { results.append(try evaluate(expression, value)) }
            return try sortKeys(results, 1, what: "the expression's values")
        }

        switch function {
        case .findFirst, .findLast, .lower, .padLeft, .padRight, .replace, .split, .trim, .trimLeft, .trimRight, .upper:
            return try callStringFunction(JMESCall(evaluator: self, function: function, arguments: arguments, range: range))
        case .deepMerge, .regexMatch, .regexReplace, .regexTest:
            return try callExtensionFunction(JMESCall(evaluator: self, function: function, arguments: arguments, range: range))
        case .fromItems, .groupBy, .items, .zip:
            return try callCollectionFunction(JMESCall(evaluator: self, function: function, arguments: arguments, range: range))
        case .abs:
            return .number(Swift.abs(try number(0)))
        case .avg:
            let (sum, count) = try total(0)
            return count == 0 ? .null : .number(sum / Double(count))
        case .ceil:
            return .number((try number(0)).rounded(.up))
        case .floor:
            return .number((try number(0)).rounded(.down))
        case .contains:
            if let subject = self.string(arguments[0]) {
                guard let search = self.string(arguments[1]) else { return .bool(false) }
                return .bool(search.isEmpty || subject.utf8.firstRange(of: search.utf8) != nil)
            }
            guard let subject = elements(arguments[0]) else { throw invalid(0, "array or string") }
            return .bool(subject.contains { equal($0, arguments[1]) })
        case .endsWith:
            let subject = try string(0), suffix = try string(1)
            return .bool(subject.utf8.reversed().starts(with: suffix.utf8.reversed()))
        case .startsWith:
            let subject = try string(0), prefix = try string(1)
            return .bool(subject.utf8.starts(with: prefix.utf8))
        case .join:
            let separator = try string(0)
            var parts: [String] = []
            for element in try array(1) {
                guard let part = self.string(element) else { throw invalid(1, "array of strings") }
                parts.append(part)
            }
            return .string(parts.joined(separator: separator))
        case .keys:
            var result: [JMESValue] = []
            _ = try forEachMember(try object(0)) { (key: JMESKey, _: JMESValue) throws(QueryError) in result.append(.string(text(of: key))) }
            return .array(result)
        case .values:
            var result: [JMESValue] = []
            _ = try forEachMember(try object(0)) { (_: JMESKey, value: JMESValue) throws(QueryError) in result.append(value) }
            return .array(result)
        case .length:
            if let text = self.string(arguments[0]) { return .number(Double(text.unicodeScalars.count)) }
            if let count = elementCount(arguments[0]) { return .number(Double(count)) }
            guard type(of: arguments[0]) == .object else { throw invalid(0, "string, array or object") }
            return .number(Double(members(arguments[0]).count))
        case .map:
            let expression = try reference(0)
            var result: [JMESValue] = []
            for element in try array(1) { result.append(try evaluate(expression, element)) }
            return .array(result)
        case .max, .min:
            let values = try array(0)
            let keys = try sortKeys(values, 0, what: "the elements")
            guard var best = keys.indices.first else { return .null }
            for i in keys.indices.dropFirst() where (function == .max ? keys[i] > keys[best] : keys[i] < keys[best]) {
                best = i
            }
            return values[best]
        case .maxBy, .minBy:
            let values = try array(0)
            let keys = try keysBy(try reference(1), values)
            guard var best = keys.indices.first else { return .null }
            for i in keys.indices.dropFirst() where (function == .maxBy ? keys[i] > keys[best] : keys[i] < keys[best]) {
                best = i
            }
            return values[best]
        case .sort:
            let values = try array(0)
            let keys = try sortKeys(values, 0, what: "the elements")
            return .array(keys.indices.sorted { keys[$0] < keys[$1] }.map { values[$0] })
        case .sortBy:
            let values = try array(0)
            let keys = try keysBy(try reference(1), values)
            // Stable: equal keys keep their order.
            let order = keys.indices.sorted { keys[$0] < keys[$1] || (!(keys[$1] < keys[$0]) && $0 < $1) }
            return .array(order.map { values[$0] })
        case .merge:
            var merged = JMESObject()
            for position in arguments.indices {
                _ = try forEachMember(try object(position)) { (key: JMESKey, value: JMESValue) throws(QueryError) in
                    merged[text(of: key)] = value
                }
            }
            return .object(merged)
        case .notNull:
            for position in arguments.indices where !isNull(arguments[position]) { return arguments[position] }
            return .null
        case .reverse:
            if let text = self.string(arguments[0]) {
                return .string(String(String.UnicodeScalarView(text.unicodeScalars.reversed())))
            }
            guard let values = elements(arguments[0]) else { throw invalid(0, "array or string") }
            return .array(values.reversed())
        case .sum:
            return .number(try total(0).sum)
        case .toArray:
            return type(of: arguments[0]) == .array ? arguments[0] : .array([arguments[0]])
        case .toNumber:
            if self.number(arguments[0]) != nil { return arguments[0] }
            guard let text = self.string(arguments[0]) else { return .null }
            return Self.parseNumber(text).map { .number($0) } ?? .null
        case .toString:
            if type(of: arguments[0]) == .string { return arguments[0] }
            return .string(jsonString(arguments[0]))
        case .type:
            return .string(type(of: arguments[0]).rawValue)
        }
    }

    /// A number written as JSON writes one (sign, digits, fraction,
    /// exponent; surrounding spaces allowed), or `nil`.
    static func parseNumber(_ text: String) -> Double? {
        // Spaces and tabs at either end (Foundation's `.whitespaces`).
        let isBlank = { (scalar: Unicode.Scalar) in scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator }
        let trimmed = String(String.UnicodeScalarView(text.unicodeScalars.drop(while: isBlank).reversed().drop(while: isBlank).reversed()))
        guard !trimmed.isEmpty, trimmed.unicodeScalars.allSatisfy({ "0123456789+-.eE".unicodeScalars.contains($0) }) else {
            return nil
        }
        return Double(trimmed)
    }
}

/// A key that orders values for `sort`, `max` and kin.
///
/// Numbers order by their exact value, as the key-path evaluator orders
/// them (``ExactNumber``); only a result with no exact value (infinite)
/// falls back to its `Double`. Strings order by code point (``TextOrder``).
enum SortKey: Comparable {
    case number(ExactNumber?, Double)
    case string(String)

    static func < (lhs: SortKey, rhs: SortKey) -> Bool {
        switch (lhs, rhs) {
        case (.number(let x?, _), .number(let y?, _)): return ExactNumber.compare(x, y) < 0
        case (.number(_, let a), .number(_, let b)): return a < b
        case (.string(let a), .string(let b)): return TextOrder.compare(a, b) < 0
        case (.number, .string): return true
        case (.string, .number): return false
        }
    }

    static func == (lhs: SortKey, rhs: SortKey) -> Bool {
        !(lhs < rhs) && !(rhs < lhs)
    }
}

/// One call of a JMESPath Community function: its arguments read with the
/// specification's type checks, each failure a ``QueryError`` naming the
/// function, the argument and what it got.
struct JMESCall {
    let evaluator: JMESEvaluator
    let function: JMESFunction
    let arguments: JMESArguments
    let range: Range<Int>

    var count: Int { arguments.count }

    func invalidType(_ position: Int, _ expected: String) -> QueryError {
        let got = evaluator.type(of: arguments[position]).rawValue
        return evaluator.error(
            .invalidType, "\(function.rawValue)() argument \(position + 1): expected \(expected), got \(got)", range)
    }

    func invalidValue(_ position: Int, _ problem: String) -> QueryError {
        evaluator.error(.invalidValue, "\(function.rawValue)() argument \(position + 1): \(problem)", range)
    }

    func string(_ position: Int) throws(QueryError) -> String {
        guard let value = evaluator.string(arguments[position]) else { throw invalidType(position, "string") }
        return value
    }

    /// Argument `position` when it was given, else `nil`.
    func optionalString(_ position: Int) throws(QueryError) -> String? {
        position < count ? try string(position) : nil
    }

    func array(_ position: Int) throws(QueryError) -> [JMESValue] {
        guard let value = evaluator.elements(arguments[position]) else { throw invalidType(position, "array") }
        return value
    }

    func reference(_ position: Int) throws(QueryError) -> JMESExpression {
        guard case .expression(let expression) = arguments[position] else {
            throw invalidType(position, "expression (&…)")
        }
        return expression
    }

    /// A number that must be a whole number (`nonNegative`: and not below 0).
    func integer(_ position: Int, nonNegative: Bool) throws(QueryError) -> Int {
        guard let number = evaluator.number(arguments[position]) else { throw invalidType(position, "number") }
        guard number == number.rounded(), Swift.abs(number) < 1e15 else {
            throw invalidValue(position, "expected a whole number, got \(JMESEvaluator.numberText(number))")
        }
        guard !nonNegative || number >= 0 else {
            throw invalidValue(position, "expected a number not below 0, got \(JMESEvaluator.numberText(number))")
        }
        return Int(number)
    }

    /// ``integer(_:nonNegative:)`` when the argument was given, else `nil`.
    func optionalInteger(_ position: Int, nonNegative: Bool) throws(QueryError) -> Int? {
        position < count ? try integer(position, nonNegative: nonNegative) : nil
    }

    /// Checks that every argument from `position` on is a number, so that a
    /// wrong type is reported before any argument's value is judged, as the
    /// specification checks types before a function runs.
    func requireNumbers(from position: Int) throws(QueryError) {
        for index in position..<Swift.max(position, count) where evaluator.number(arguments[index]) == nil {
            throw invalidType(index, "number")
        }
    }
}

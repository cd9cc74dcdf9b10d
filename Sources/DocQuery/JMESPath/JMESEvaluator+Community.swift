#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The root value and the variables in scope during one evaluation
/// (JMESPath Community's `$` and `let`). Made only for expressions that
/// read them (``JMESProgram/usesScope``); each `let` chains one scope per
/// binding onto the one it is written in, so an inner binding shadows an
/// outer one of the same name.
final class JMESScope {
    /// What `$` is: the value the evaluation started on.
    let root: JMESValue
    /// The binding this scope adds (`nil` for the outermost one).
    let name: String?
    let value: JMESValue
    let parent: JMESScope?

    init(root: JMESValue) {
        self.root = root
        self.name = nil
        self.value = .null
        self.parent = nil
    }

    private init(binding name: String, to value: JMESValue, in parent: JMESScope) {
        self.root = parent.root
        self.name = name
        self.value = value
        self.parent = parent
    }

    /// This scope with `name` bound to `value`.
    func binding(_ name: String, to value: JMESValue) -> JMESScope {
        JMESScope(binding: name, to: value, in: self)
    }

    /// The innermost value bound to `name`, or `nil`.
    func lookup(_ name: String) -> JMESValue? {
        var scope: JMESScope? = self
        while let current = scope {
            if let bound = current.name, bound.utf8.elementsEqual(name.utf8) { return current.value }
            scope = current.parent
        }
        return nil
    }
}

/// JMESPath Community's expressions: arithmetic, the conditional's helpers,
/// `let` and variables, string slices, and a pipe's right side on null.
extension JMESEvaluator {
    /// `$name`: its bound value, or an `undefinedVariable` error (at
    /// evaluation time, as the specification requires).
    func variable(_ name: String, range: Range<Int>) throws(QueryError) -> JMESValue {
        guard let value = scope?.lookup(name) else {
            throw error(.undefinedVariable, "undefined variable $\(name)", range)
        }
        return value
    }

    /// `let $a = …, $b = … in body`: every binding is evaluated in the
    /// enclosing scope, then the body in the scope they make.
    func letBinding(_ names: [String], _ values: [JMESExpression], _ body: JMESExpression, _ value: JMESValue)
        throws(QueryError) -> JMESValue
    {
        // The parser marks every `let` as using the scope, so there is one.
        guard var inner = scope else { return .null }
        for (name, expression) in zip(names, values) {
            inner = inner.binding(name, to: try evaluate(expression, value))
        }
        var evaluator = self
        evaluator.scope = inner
        return try evaluator.evaluate(body, value)
    }

    /// A multi-select on the right of a pipe whose left side is null: built
    /// all the same (`null | [@]` is `[null]`, JEP 19); anything else is
    /// evaluated on null.
    func evaluateOnNull(_ expression: JMESExpression) throws(QueryError) -> JMESValue {
        switch expression {
        case .multiSelectList(let items, _):
            var result: [JMESValue] = []
            for item in items { result.append(try evaluate(item, .null)) }
            return .array(result)
        case .multiSelectHash(let keys, let values):
            var object = JMESObject()
            for (key, item) in zip(keys, values) { object[key] = try evaluate(item, .null) }
            return .object(object)
        default:
            return try evaluate(expression, .null)
        }
    }

    /// `[start:stop:step]` on a string: its characters (Unicode scalars,
    /// as `length()` counts them) sliced as an array would be; null for
    /// anything that is neither an array nor a string.
    func sliceOfString(_ value: JMESValue, start: Int?, stop: Int?, step: Int) -> JMESValue {
        guard let text = string(value) else { return .null }
        let scalars = Self.slice(Array(text.unicodeScalars), start: start, stop: stop, step: step)
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return .string(String(view))
    }

    // MARK: Arithmetic

    /// A binary arithmetic operator on two numbers, in double precision as
    /// every JMESPath number is. A non-number, a division by zero or a
    /// result that is not finite is a `notANumber` error.
    func arithmetic(_ operation: JMESArithmetic, _ left: JMESValue, _ right: JMESValue, range: Range<Int>)
        throws(QueryError) -> JMESValue
    {
        if exactArithmetic { return try exactly(operation, left, right, range: range) }
        let a = try operand(left, of: operation.rawValue, range: range)
        let b = try operand(right, of: operation.rawValue, range: range)
        let result: Double
        switch operation {
        case .add: result = a + b
        case .subtract: result = a - b
        case .multiply: result = a * b
        case .divide, .modulo, .integerDivide:
            guard b != 0 else {
                throw error(.notANumber, "'\(operation.rawValue)' divides by zero", range)
            }
            switch operation {
            case .divide: result = a / b
            // Floored, as Python's `%` and `//` are: the remainder takes the
            // divisor's sign, and a == (a // b) * b + a % b.
            case .modulo:
                let remainder = a.truncatingRemainder(dividingBy: b)
                result = remainder != 0 && (remainder < 0) != (b < 0) ? remainder + b : remainder
            default: result = (a / b).rounded(.down)
            }
        }
        guard result.isFinite else {
            throw error(.notANumber, "'\(operation.rawValue)' overflows: the result is too large for a number", range)
        }
        return .number(result)
    }

    /// ``arithmetic(_:_:_:range:)`` in decimal (``ExactArithmetic``), for
    /// an edit's computed value.
    private func exactly(_ operation: JMESArithmetic, _ left: JMESValue, _ right: JMESValue, range: Range<Int>)
        throws(QueryError) -> JMESValue
    {
        let (a, x) = try exactOperand(left, of: operation.rawValue, range: range)
        let (b, y) = try exactOperand(right, of: operation.rawValue, range: range)
        if b == 0, operation == .divide || operation == .modulo || operation == .integerDivide {
            throw error(.notANumber, "'\(operation.rawValue)' divides by zero", range)
        }
        guard let result = ExactArithmetic.apply(operation, a, b, digits: (x, y)) else {
            throw error(
                .notANumber,
                "'\(operation.rawValue)' cannot compute \(a) \(operation.rawValue) \(b) exactly: the result would need more "
                    + "than 38 significant digits, or a power of ten outside -128 to 127", range)
        }
        return .decimal(result)
    }

    /// The operand `value` as a `Decimal`, with how many significant digits it has.
    private func exactOperand(_ value: JMESValue, of operation: String, range: Range<Int>) throws(QueryError)
        -> (value: Decimal, digits: Int)
    {
        guard let exact = exactNumber(value) else {
            throw error(.notANumber, "'\(operation)' needs numbers, got \(type(of: value).rawValue)", range)
        }
        guard let decimal = exact.decimalValue else {
            throw error(
                .notANumber, "'\(operation)' cannot read \(jsonString(value)) exactly: it has more than 38 significant digits, "
                    + "or a power of ten outside -128 to 127", range)
        }
        return (decimal, ExactArithmetic.digitCount(exact))
    }

    /// `-operand` or `+operand`.
    func unary(negates: Bool, _ value: JMESValue, range: Range<Int>) throws(QueryError) -> JMESValue {
        if exactArithmetic {
            let number = try exactOperand(value, of: negates ? "-" : "+", range: range).value
            return .decimal(negates ? -number : number)
        }
        let number = try operand(value, of: negates ? "-" : "+", range: range)
        return .number(negates ? -number : number)
    }

    private func operand(_ value: JMESValue, of operation: String, range: Range<Int>) throws(QueryError) -> Double {
        guard let number = number(value) else {
            throw error(.notANumber, "'\(operation)' needs numbers, got \(type(of: value).rawValue)", range)
        }
        return number
    }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Decimal arithmetic for JMESPath expressions that compute an edit's
/// value (``Edit/set(_:computedBy:parameters:)``), so that `@ * `1.1``
/// writes `21.989` for `19.99`, not the double nearest to it.
///
/// It has `@sum`'s limits: 38 significant digits and powers of ten from
/// -128 to 127. A sum, difference or product that needs more is no answer
/// (`nil`, which the caller reports), never a rounded one. A quotient is
/// exact when it has at most 38 digits, else rounded once to 38, as a
/// mean is; `%` and `//` are floored, as JMESPath's are.
enum ExactArithmetic {
    /// `a op b`, or `nil` when the result is not exact within the limits
    /// above. `b` is not zero for a division. `digits`: how many
    /// significant digits `a` and `b` have, when the caller knows
    /// (``digitCount(_:)-(ExactNumber)``), which spares spelling them out.
    static func apply(_ operation: JMESArithmetic, _ a: Decimal, _ b: Decimal, digits: (Int, Int)? = nil) -> Decimal? {
        let result: Decimal
        switch operation {
        case .add, .subtract:
            let addend = operation == .add ? b : -b
            result = a + addend
            // A result Decimal had to round gives back neither operand.
            guard !result.isNaN, result - a == addend, result - addend == a else { return nil }
        case .multiply:
            guard let x = digits?.0 ?? digitCount(a), let y = digits?.1 ?? digitCount(b), x + y <= ExactMean.significantDigits else {
                return nil
            }
            result = a * b
        case .divide:
            result = a / b
        case .integerDivide:
            result = floor(a / b)
        case .modulo:
            result = a - b * floor(a / b)
        }
        guard !result.isNaN, ExactNumber(result) != nil else { return nil }
        return result
    }

    /// How many significant digits `value` has, or `nil` for NaN.
    private static func digitCount(_ value: Decimal) -> Int? {
        ExactNumber(value).map(digitCount)
    }

    /// How many significant digits `value` has.
    static func digitCount(_ value: ExactNumber) -> Int {
        switch value {
        case .integer(let whole):
            var magnitude = whole.magnitude
            guard magnitude != 0 else { return 1 }
            while magnitude % 10 == 0 { magnitude /= 10 }
            var digits = 1
            while magnitude >= 10 {
                magnitude /= 10
                digits += 1
            }
            return digits
        case .fraction(let significand, _):
            return ExactNumber.digitCount(significand.magnitude)
        case .parts(_, let digits, _):
            return digits.count
        }
    }

    /// The largest whole number not above `value`.
    private static func floor(_ value: Decimal) -> Decimal {
        let text = value.description
        guard let point = text.firstIndex(of: ".") else { return value }
        let whole = Decimal(string: String(text[..<point])) ?? value
        return value < 0 && whole != value ? whole - 1 : whole
    }
}

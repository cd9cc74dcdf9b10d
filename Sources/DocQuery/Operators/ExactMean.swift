#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `@avg`'s division: the mean of an exact sum, exact when it has at most
/// ``significantDigits`` significant digits, otherwise rounded once, half to
/// even, to that many, by long division on the sum's integer digits (never
/// through floating point).
enum ExactMean {
    /// The precision of a mean that does not terminate: `Decimal`'s 38 digits.
    static let significantDigits = 38

    /// `total / count`, or `nil` when the quotient is outside `Decimal`'s range.
    static func quotient(_ total: Decimal, _ count: Int) -> Decimal? {
        precondition(count > 0)
        guard let (negative, digits, exponent) = parts(of: total) else { return nil }
        if digits == 0 { return Decimal(0) }
        let divisor = UInt128(count)
        let full = UInt128(10).power(significantDigits)       // the first number of 39 digits
        let short = UInt128(10).power(significantDigits - 1)  // the first number of 38 digits
        // Long division: the integer part, then one digit at a time until
        // it ends or the quotient has its 38 digits (`quotient` stays below
        // 10^38, so it never overflows).
        var quotient = digits / divisor
        var remainder = digits % divisor
        var scale = 0   // the quotient is `quotient × 10^(exponent - scale)`
        while remainder != 0 && quotient < short {
            let next = remainder * 10
            quotient = quotient * 10 + next / divisor
            remainder = next % divisor
            scale += 1
        }
        // Round once, half to even, on everything past the 38 digits.
        var roundsUp = false
        if quotient >= full {
            // An integer part of 39 digits: the digits dropped, then the remainder, decide.
            var sticky = remainder != 0
            var last: UInt128 = 0
            while quotient >= full {
                sticky = sticky || last != 0
                last = quotient % 10
                quotient /= 10
                scale -= 1
            }
            roundsUp = last > 5 || (last == 5 && (sticky || quotient % 2 == 1))
        } else if remainder != 0 {
            let twice = remainder * 2
            roundsUp = twice > divisor || (twice == divisor && quotient % 2 == 1)
        }
        if roundsUp { quotient += 1 }
        let text = (negative ? "-" : "") + String(quotient) + "e" + String(exponent - scale)
        guard let value = Decimal(string: text), !value.isNaN, ExactNumber(value) != nil else { return nil }
        return value
    }

    /// A decimal as sign, integer digits and power of ten, read from its
    /// exact text (`Decimal.description` writes every digit).
    private static func parts(of value: Decimal) -> (Bool, UInt128, Int)? {
        var text = Substring(value.description)
        let negative = text.hasPrefix("-")
        if negative { text = text.dropFirst() }
        var exponent = 0
        if let point = text.firstIndex(of: ".") {
            exponent = -text.distance(from: point, to: text.endIndex) + 1
            text = text[..<point] + text[text.index(after: point)...]
        }
        var digits = text.drop(while: { $0 == "0" })
        while digits.count > 1, digits.last == "0" {
            digits = digits.dropLast()
            exponent += 1
        }
        if digits.isEmpty { return (negative, 0, 0) }
        guard let integer = UInt128(digits) else { return nil }
        return (negative, integer, exponent)
    }
}

extension UInt128 {
    fileprivate func power(_ n: Int) -> UInt128 {
        var result: UInt128 = 1
        for _ in 0..<n { result *= self }
        return result
    }
}

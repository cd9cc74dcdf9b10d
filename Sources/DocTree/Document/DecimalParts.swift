#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The parts of a decimal number read from its text: the sign, the
/// significant digits (leading and trailing zeros left out) and the power of
/// ten that scales them.
///
/// The grammar is JSON's number grammar made lenient enough for XML Schema's
/// `decimal` and `double` lexical forms:
/// `[+-]? (digits ('.' digits?)? | '.' digits) ([eE] [+-]? digits)?`.
/// So leading zeros (`007`), a plus sign, `.5` and `5.` are numbers; hex,
/// `INF`, `NaN`, inner spaces and thousands separators are not. Every JSON
/// number token matches.
struct DecimalParts {
    /// Whether a minus sign was written (`-0` is negative zero).
    var negative: Bool
    /// The significant digits as values 0…9, without leading or trailing
    /// zeros; empty when the value is zero.
    var significantDigits: [UInt8]
    /// value = significantDigits × 10^exponent. Clamped to ±2^40 for absurd exponents.
    var exponent: Int

    /// Whether the value is zero (any sign, any exponent).
    var isZero: Bool { significantDigits.isEmpty }

    /// Reads `text` whole, or returns `nil` when it is not a number.
    init?(_ text: UnsafeBufferPointer<UInt8>) {
        let end = text.count
        var i = 0
        var negative = false
        if i < end, text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") {
            negative = text[i] == UInt8(ascii: "-")
            i += 1
        }
        var digits: [UInt8] = []
        var sawDigit = false
        var fractionLength = 0
        var inFraction = false
        while i < end {
            let byte = text[i]
            if byte &- UInt8(ascii: "0") < 10 {
                sawDigit = true
                if !(digits.isEmpty && byte == UInt8(ascii: "0")) { digits.append(byte &- UInt8(ascii: "0")) }
                if inFraction { fractionLength += 1 }
            } else if byte == UInt8(ascii: "."), !inFraction {
                inFraction = true
            } else {
                break
            }
            i += 1
        }
        guard sawDigit else { return nil }
        var exponent = 0
        if i < end, text[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            var exponentNegative = false
            if i < end, text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") {
                exponentNegative = text[i] == UInt8(ascii: "-")
                i += 1
            }
            var sawExponentDigit = false
            while i < end, text[i] &- UInt8(ascii: "0") < 10 {
                sawExponentDigit = true
                if exponent < 1 << 40 { exponent = exponent * 10 + Int(text[i] &- UInt8(ascii: "0")) }
                i += 1
            }
            guard sawExponentDigit else { return nil }
            if exponentNegative { exponent = -exponent }
        }
        guard i == end else { return nil }
        exponent -= fractionLength
        while let last = digits.last, last == 0 {
            digits.removeLast()
            exponent += 1
        }
        if digits.isEmpty { exponent = 0 }
        self.negative = negative
        self.significantDigits = digits
        self.exponent = exponent
    }

    /// The value as an integer of type `T`, or why it cannot be one (`-0`
    /// is 0 for every type).
    func integer<T: FixedWidthInteger>(_ type: T.Type) -> Result<T, NumberFailure> {
        if isZero { return .success(0) }
        guard exponent >= 0 else { return .failure(.notAnInteger) }
        // T.max has at most bitWidth × log10(2) + 1 ≤ bitWidth / 3 + 1 digits;
        // checked first so that an absurd exponent costs nothing.
        guard significantDigits.count + exponent <= T.bitWidth / 3 + 1 else { return .failure(.outOfRange) }
        // Accumulate with the sign applied, so T.min is reachable and a
        // negative value overflows an unsigned type.
        var value: T = 0
        var overflow = false
        func append(_ digit: UInt8) {
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (next, o2) = negative
                ? times10.subtractingReportingOverflow(T(digit)) : times10.addingReportingOverflow(T(digit))
            overflow = overflow || o1 || o2
            value = next
        }
        for digit in significantDigits { append(digit) }
        for _ in 0..<exponent { append(0) }
        return overflow ? .failure(.outOfRange) : .success(value)
    }

    /// The value as a `Decimal`: up to 38 significant digits scaled by a
    /// power of ten from -128 to 127, or `.outOfRange`.
    func decimal() -> Result<Decimal, NumberFailure> {
        if isZero { return .success(Decimal.zero) }
        guard significantDigits.count <= 38, (-128...127).contains(exponent) else {
            return .failure(.outOfRange)
        }
        var significand = Decimal.zero
        for digit in significantDigits {
            significand = significand * 10 + Decimal(Int(digit))
        }
        return .success(Decimal(sign: negative ? .minus : .plus, exponent: exponent, significand: significand))
    }
}

/// Why number text has no value of the type asked for.
package enum NumberFailure: Error, Equatable {
    /// The node has no text, or its text is not a number.
    case notANumber
    /// A number with a fraction, asked for as an integer.
    case notAnInteger
    /// A number outside the type's range or precision.
    case outOfRange
}

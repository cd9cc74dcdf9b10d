import Foundation

/// Exact conversions from number text (JSON number syntax, or XML Schema's
/// decimal and double lexical forms) to Swift numbers: a value, or a
/// ``Failure`` saying why there is none, never a rounded or clamped value.
///
/// DocTree's `Node.int`/`int64`/`uint64`/`double`/`decimal` give the same
/// answers (a test pins that); the decoder keeps its own parser because it
/// needs every integer width and `Float`, the reason a value does not fit
/// (to choose the `DecodingError`), and XML Schema's `INF`, `-INF` and
/// `NaN` for `Double` and `Float`.
enum NumberText {
    enum Failure: Error, Equatable {
        /// Not number syntax at all.
        case notANumber
        /// A number, but not a whole one (for integer types).
        case notIntegral
        /// A number outside the type's range or precision.
        case outOfRange
    }

    /// The parts of a decimal number: its significant digits with leading
    /// and trailing zeros removed, and the power of ten they are scaled by.
    struct Decomposed {
        var negative: Bool
        /// ASCII digits, no leading or trailing zeros; empty for zero.
        var digits: [UInt8]
        /// value = digits × 10^exponent. Clamped to ±(1 << 40) for absurd exponents.
        var exponent: Int
    }

    /// Splits `[+-]?(digits[.digits?]|.digits)([eE][+-]?digits)?` into its
    /// parts, or `nil` when the text is not of that form.
    static func decompose(_ text: Substring.UTF8View) -> Decomposed? {
        var i = text.startIndex
        let end = text.endIndex
        var negative = false
        if i < end, text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") {
            negative = text[i] == UInt8(ascii: "-")
            i = text.index(after: i)
        }
        var digits: [UInt8] = []
        var sawDigit = false
        var fractionLength = 0
        var inFraction = false
        while i < end {
            let byte = text[i]
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                sawDigit = true
                if !(digits.isEmpty && byte == UInt8(ascii: "0")) { digits.append(byte) }
                if inFraction { fractionLength += 1 }
            } else if byte == UInt8(ascii: ".") && !inFraction {
                inFraction = true
            } else {
                break
            }
            i = text.index(after: i)
        }
        guard sawDigit else { return nil }
        // Digits kept after a leading run of zeros in the fraction still
        // count their position: "0.05" has digits "5", fractionLength 2.
        var exponent = 0
        if i < end, text[i] == UInt8(ascii: "e") || text[i] == UInt8(ascii: "E") {
            i = text.index(after: i)
            var exponentNegative = false
            if i < end, text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") {
                exponentNegative = text[i] == UInt8(ascii: "-")
                i = text.index(after: i)
            }
            var sawExponentDigit = false
            while i < end, text[i] >= UInt8(ascii: "0") && text[i] <= UInt8(ascii: "9") {
                sawExponentDigit = true
                if exponent < 1 << 40 { exponent = exponent * 10 + Int(text[i] - UInt8(ascii: "0")) }
                i = text.index(after: i)
            }
            guard sawExponentDigit else { return nil }
            if exponentNegative { exponent = -exponent }
        }
        guard i == end else { return nil }
        exponent -= fractionLength
        while let last = digits.last, last == UInt8(ascii: "0") {
            digits.removeLast()
            exponent += 1
        }
        if digits.isEmpty { exponent = 0 }
        return Decomposed(negative: negative, digits: digits, exponent: exponent)
    }

    /// The integer that `text` spells, exactly: `12`, `-0`, `1.0`, `1e2`,
    /// `12.50e1`. Plain integer text takes the fast path.
    static func integer<T: FixedWidthInteger>(_ type: T.Type, from text: Substring) -> Result<T, Failure> {
        if let value = T(text, radix: 10) { return .success(value) }
        guard let parts = decompose(text.utf8) else { return .failure(.notANumber) }
        if parts.digits.isEmpty { return .success(0) }
        guard parts.exponent >= 0 else { return .failure(.notIntegral) }
        // An integer type of at most 128 bits has at most 39 digits.
        guard parts.digits.count + parts.exponent <= 40 else { return .failure(.outOfRange) }
        var spelled = parts.negative ? "-" : ""
        spelled += String(decoding: parts.digits, as: UTF8.self)
        spelled += String(repeating: "0", count: parts.exponent)
        guard let value = T(spelled, radix: 10) else { return .failure(.outOfRange) }
        return .success(value)
    }

    /// The `Double` or `Float` nearest to `text`, failing when a finite
    /// number overflows to infinity. With `allowsSpecialValues`, also XML
    /// Schema's `INF`, `+INF`, `-INF` and `NaN`.
    static func floatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(
        _ type: T.Type, from text: Substring, allowsSpecialValues: Bool
    ) -> Result<T, Failure> {
        if allowsSpecialValues {
            switch text {
            case "INF", "+INF": return .success(.infinity)
            case "-INF": return .success(-.infinity)
            case "NaN": return .success(.nan)
            default: break
            }
        }
        // Swift's own parser also takes hex floats, "inf" and "nan"; accept
        // decimal syntax only.
        guard decompose(text.utf8) != nil else { return .failure(.notANumber) }
        guard let value = T(String(text)) else { return .failure(.notANumber) }
        return value.isFinite ? .success(value) : .failure(.outOfRange)
    }

    /// The `Decimal` that `text` spells, exactly: up to 38 significant
    /// digits scaled by a power of ten from -128 to 127.
    static func decimal(from text: Substring) -> Result<Decimal, Failure> {
        guard let parts = decompose(text.utf8) else { return .failure(.notANumber) }
        if parts.digits.isEmpty { return .success(Decimal.zero) }
        guard parts.digits.count <= 38, (-128...127).contains(parts.exponent),
              let significand = Decimal(string: String(decoding: parts.digits, as: UTF8.self))
        else { return .failure(.outOfRange) }
        return .success(Decimal(sign: parts.negative ? .minus : .plus, exponent: parts.exponent, significand: significand))
    }

    /// `true` for `true` and `1`, `false` for `false` and `0` (XML Schema's boolean).
    static func bool(from text: Substring) -> Bool? {
        switch text {
        case "true", "1": return true
        case "false", "0": return false
        default: return nil
        }
    }
}

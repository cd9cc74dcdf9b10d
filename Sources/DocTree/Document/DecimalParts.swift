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

    /// The magnitude as an integer, or why it is not one.
    func integerMagnitude() -> Result<UInt64, NumberFailure> {
        if isZero { return .success(0) }
        guard exponent >= 0 else { return .failure(.notAnInteger) }
        // UInt64.max has 20 digits.
        guard significantDigits.count + exponent <= 20 else { return .failure(.outOfRange) }
        var value: UInt64 = 0
        for digit in significantDigits {
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(UInt64(digit))
            guard !o1, !o2 else { return .failure(.outOfRange) }
            value = sum
        }
        for _ in 0..<exponent {
            let (times10, overflow) = value.multipliedReportingOverflow(by: 10)
            guard !overflow else { return .failure(.outOfRange) }
            value = times10
        }
        return .success(value)
    }

    /// The value as an `Int64`, or why it cannot be one.
    func int64() -> Result<Int64, NumberFailure> {
        switch integerMagnitude() {
        case .failure(let failure): return .failure(failure)
        case .success(let magnitude):
            if negative {
                guard magnitude <= UInt64(Int64.max) + 1 else { return .failure(.outOfRange) }
                return .success(magnitude == UInt64(Int64.max) + 1 ? .min : -Int64(magnitude))
            }
            guard magnitude <= UInt64(Int64.max) else { return .failure(.outOfRange) }
            return .success(Int64(magnitude))
        }
    }

    /// The value as a `UInt64`, or why it cannot be one (`-0` is 0).
    func uint64() -> Result<UInt64, NumberFailure> {
        switch integerMagnitude() {
        case .failure(let failure): return .failure(failure)
        case .success(let magnitude):
            guard !negative || magnitude == 0 else { return .failure(.outOfRange) }
            return .success(magnitude)
        }
    }
}

/// Why a number accessor has no value.
enum NumberFailure: Error, Equatable {
    /// The node has no text, or its text is not a number.
    case notANumber
    /// A number with a fraction, asked for as an integer.
    case notAnInteger
    /// A number outside the type's range or precision.
    case outOfRange
}

/// A number read from a literal, a JSON number or numeric text, for
/// comparisons: integers stay exact (so 64-bit ids compare correctly), other
/// numbers are `Double`s.
enum NumericValue: Sendable, Hashable {
    case int(Int)
    case double(Double)

    /// A filter literal: an integer when written without fraction or exponent
    /// and small enough, else its `Double`.
    init(literal: Double, text: String) {
        if !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }), let int = Int(text) {
            self = .int(int)
        } else {
            self = .double(literal)
        }
    }

    var doubleValue: Double {
        switch self {
        case .int(let i): Double(i)
        case .double(let d): d
        }
    }

    /// Three-way comparison; `nil` when either side is NaN.
    static func compare(_ a: NumericValue, _ b: NumericValue) -> Int? {
        if case .int(let x) = a, case .int(let y) = b { return x < y ? -1 : (x == y ? 0 : 1) }
        let x = a.doubleValue, y = b.doubleValue
        if x.isNaN || y.isNaN { return nil }
        return x < y ? -1 : (x == y ? 0 : 1)
    }

    /// Parses decimal text, ignoring XML whitespace around it. Accepts
    /// `[+-]?(digits[.digits*] | .digits)([eE][+-]?digits)?`; rejects
    /// everything else (hex, `inf`, `nan`, thousands separators).
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> NumericValue? {
        var start = 0
        var end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        guard start < end else { return nil }
        var i = start
        var negative = false
        if bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") {
            negative = bytes[i] == UInt8(ascii: "-")
            i += 1
        }
        var integerDigits = 0
        var value = 0
        var overflow = false
        while i < end, isDigit(bytes[i]) {
            if !overflow {
                let (m, o1) = value.multipliedReportingOverflow(by: 10)
                let (s, o2) = m.addingReportingOverflow(Int(bytes[i] &- 48))
                if o1 || o2 { overflow = true } else { value = s }
            }
            integerDigits += 1
            i += 1
        }
        var fractionDigits = 0
        var isInteger = true
        // The digits as one integer mantissa, for the fast decimal path.
        var mantissa = value
        var significant = integerDigits
        if i < end, bytes[i] == UInt8(ascii: ".") {
            isInteger = false
            i += 1
            while i < end, isDigit(bytes[i]) {
                if significant < 18 {
                    mantissa = mantissa &* 10 &+ Int(bytes[i] &- 48)
                    significant += 1
                } else {
                    significant += 1
                }
                fractionDigits += 1
                i += 1
            }
        }
        guard integerDigits + fractionDigits > 0 else { return nil }
        var hasExponent = false
        if i < end, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            isInteger = false
            hasExponent = true
            i += 1
            if i < end, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            var exponentDigits = 0
            while i < end, isDigit(bytes[i]) { exponentDigits += 1; i += 1 }
            guard exponentDigits > 0 else { return nil }
        }
        guard i == end else { return nil }
        if isInteger && !overflow { return .int(negative ? -value : value) }
        if !hasExponent && !overflow && significant <= 15 && fractionDigits <= 22 {
            // Clinger's fast path: both the mantissa and the power of ten are
            // exact doubles, so one division is correctly rounded.
            let result = Double(mantissa) / powersOfTen[fractionDigits]
            return .double(negative ? -result : result)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        guard let double = Double(text) else { return nil }
        return .double(double)
    }

    private static let powersOfTen: [Double] = (0...22).map { k in
        var p = 1.0
        for _ in 0..<k { p *= 10 }
        return p
    }

    @inline(__always) private static func isDigit(_ b: UInt8) -> Bool { b &- 48 < 10 }
    @inline(__always) private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    static func parse(_ text: String) -> NumericValue? {
        var text = text
        return text.withUTF8 { parse($0) }
    }
}

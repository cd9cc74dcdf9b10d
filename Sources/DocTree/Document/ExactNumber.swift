#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A decimal number held exactly, for comparing and de-duplicating numbers
/// the way the path language promises: `12345678901234567890` and
/// `12345678901234567891` differ, `9007199254740992.0` is not
/// `9007199254740993`, `1e2` equals `100`, `-0` equals `0`, and `1e400` is a
/// number larger than every `Double`.
///
/// Read through ``NumberText/exact(from:)``, so it has ``DecimalParts``'
/// grammar. The representation is canonical (an integer that fits `Int64`
/// is always ``integer(_:)``, zero has no sign, digits carry no leading or
/// trailing zeros), so the synthesized `==` and `hash(into:)` are the
/// numeric ones.
package enum ExactNumber: Hashable, Sendable {
    /// An integer that fits `Int64`: no allocation, compared directly.
    case integer(Int64)
    /// Any other value: sign × digits × 10^exponent, digits 0…9 without
    /// leading or trailing zeros (never empty).
    case parts(negative: Bool, digits: [UInt8], exponent: Int)

    /// The canonical form of `parts`.
    init(_ parts: DecimalParts) {
        if parts.isZero {
            self = .integer(0)
        } else if case .success(let value) = parts.integer(Int64.self) {
            self = .integer(value)
        } else {
            self = .parts(negative: parts.negative, digits: parts.significantDigits, exponent: parts.exponent)
        }
    }

    /// -1, 0 or 1.
    package var signum: Int {
        switch self {
        case .integer(let value): value < 0 ? -1 : (value == 0 ? 0 : 1)
        case .parts(let negative, _, _): negative ? -1 : 1
        }
    }

    /// The nearest `Double`: ±infinity beyond its range, zero below it.
    package var doubleValue: Double {
        switch self {
        case .integer(let value): return Double(value)
        case .parts(let negative, let digits, let exponent):
            let text = (negative ? "-" : "") + String(decoding: digits.map { $0 + UInt8(ascii: "0") }, as: UTF8.self)
                + "e\(exponent)"
            return Double(text) ?? .nan
        }
    }

    /// The value as a `Decimal`, when it has at most 38 significant digits
    /// and a power of ten from -128 to 127; `nil` otherwise.
    package var decimalValue: Decimal? {
        switch self {
        case .integer(let value): return Decimal(value)
        case .parts(let negative, let digits, let exponent):
            guard digits.count <= 38, (-128...127).contains(exponent) else { return nil }
            var significand = Decimal.zero
            for digit in digits { significand = significand * 10 + Decimal(Int(digit)) }
            return Decimal(sign: negative ? .minus : .plus, exponent: exponent, significand: significand)
        }
    }

    /// The exact number a `Decimal` holds; `nil` for NaN.
    package init?(_ decimal: Decimal) {
        guard !decimal.isNaN else { return nil }
        var text = decimal.description
        guard let value = text.withUTF8({ NumberText.exact(from: $0) }) else { return nil }
        self = value
    }

    /// Three-way comparison by numeric value: -1, 0 or 1.
    package static func compare(_ a: ExactNumber, _ b: ExactNumber) -> Int {
        if case .integer(let x) = a, case .integer(let y) = b { return x < y ? -1 : (x == y ? 0 : 1) }
        let sa = a.signum, sb = b.signum
        if sa != sb { return sa < sb ? -1 : 1 }
        if sa == 0 { return 0 }
        // Both nonzero with one sign: the number whose leading digit stands
        // at the higher power of ten is larger in magnitude (decided without
        // spelling out an integer's digits, the common case of `8.95 < 10`).
        let la = a.leadingPosition, lb = b.leadingPosition
        if la != lb { return (la < lb) == (sa > 0) ? -1 : 1 }
        let (da, _) = a.magnitude
        let (db, _) = b.magnitude
        let order: Int
        if da.elementsEqual(db) {
            order = 0
        } else {
            // Digits have no trailing zeros, so a prefix is the smaller one.
            order = da.lexicographicallyPrecedes(db) ? -1 : 1
        }
        return sa < 0 ? -order : order
    }

    /// The power of ten just above the leading digit: digit count + exponent.
    private var leadingPosition: Int {
        switch self {
        case .parts(_, let digits, let exponent):
            return digits.count + exponent
        case .integer(let value):
            var magnitude = value.magnitude
            var count = 0
            while magnitude > 0 {
                magnitude /= 10
                count += 1
            }
            return count
        }
    }

    /// The digits and exponent of the absolute value.
    private var magnitude: (digits: [UInt8], exponent: Int) {
        switch self {
        case .parts(_, let digits, let exponent):
            return (digits, exponent)
        case .integer(let value):
            var digits = Array(String(value.magnitude).utf8).map { $0 - UInt8(ascii: "0") }
            var exponent = 0
            while digits.count > 1, digits.last == 0 {
                digits.removeLast()
                exponent += 1
            }
            return (digits, exponent)
        }
    }
}

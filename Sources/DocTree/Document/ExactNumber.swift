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
/// is always ``integer(_:)``; any other number with at most 18 significant
/// digits is ``fraction(_:exponent:)``; zero has no sign; digits carry no
/// leading or trailing zeros), so the synthesized `==` and `hash(into:)` are
/// the numeric ones.
package enum ExactNumber: Hashable, Sendable {
    /// An integer that fits `Int64`: no allocation, compared directly.
    case integer(Int64)
    /// A number that is not an integer, with at most 18 significant digits
    /// (`8.95`, `-0.001`): significand × 10^exponent, the exponent negative
    /// and the significand no multiple of 10. No allocation.
    case fraction(Int64, exponent: Int)
    /// Any other value: sign × digits × 10^exponent, digits 0…9 without
    /// leading or trailing zeros (never empty).
    case parts(negative: Bool, digits: [UInt8], exponent: Int)

    /// The canonical form of `parts`.
    init(_ parts: DecimalParts) {
        if parts.isZero {
            self = .integer(0)
        } else if case .success(let value) = parts.integer(Int64.self) {
            self = .integer(value)
        } else if parts.exponent < 0, parts.significantDigits.count <= Self.fractionDigits {
            var significand: Int64 = 0
            for digit in parts.significantDigits { significand = significand * 10 + Int64(digit) }
            self = .fraction(parts.negative ? -significand : significand, exponent: parts.exponent)
        } else {
            self = .parts(negative: parts.negative, digits: parts.significantDigits, exponent: parts.exponent)
        }
    }

    /// The most significant digits a ``fraction(_:exponent:)`` holds.
    static var fractionDigits: Int { 18 }

    /// -1, 0 or 1.
    package var signum: Int {
        switch self {
        case .integer(let value): value < 0 ? -1 : (value == 0 ? 0 : 1)
        case .fraction(let significand, _): significand < 0 ? -1 : 1
        case .parts(let negative, _, _): negative ? -1 : 1
        }
    }

    /// The nearest `Double`: ±infinity beyond its range, zero below it.
    package var doubleValue: Double {
        switch self {
        case .integer(let value): return Double(value)
        case .fraction(let significand, let exponent):
            // Both operands exact in a Double, so the one division rounds once.
            if significand.magnitude < 1 << 53, -exponent < Self.doublePowersOfTen.count {
                return Double(significand) / Self.doublePowersOfTen[-exponent]
            }
            return Double("\(significand)e\(exponent)") ?? .nan
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
        case .fraction(let significand, let exponent):
            guard exponent >= -128 else { return nil }
            return Decimal(
                sign: significand < 0 ? .minus : .plus, exponent: exponent, significand: Decimal(significand.magnitude))
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
        let order: Int
        if let (ma, ea) = a.smallMagnitude, let (mb, eb) = b.smallMagnitude {
            // The leading digits stand at one power of ten, so scaling the
            // one with the larger exponent down to the other's gives both
            // the same digit count, at most 19: it fits a UInt64.
            let x = ea > eb ? ma * Self.powersOfTen[ea - eb] : ma
            let y = eb > ea ? mb * Self.powersOfTen[eb - ea] : mb
            order = x < y ? -1 : (x == y ? 0 : 1)
        } else {
            let (da, _) = a.magnitude
            let (db, _) = b.magnitude
            if da.elementsEqual(db) {
                order = 0
            } else {
                // Digits have no trailing zeros, so a prefix is the smaller one.
                order = da.lexicographicallyPrecedes(db) ? -1 : 1
            }
        }
        return sa < 0 ? -order : order
    }

    /// 10^0 … 10^19, every power of ten a `UInt64` holds.
    private static let powersOfTen: [UInt64] = (0...19).map { (0..<$0).reduce(1) { product, _ in product * 10 } }

    /// 10^0 … 10^22, the powers of ten a `Double` holds exactly.
    private static let doublePowersOfTen: [Double] = (0...22).map { (0..<$0).reduce(1) { product, _ in product * 10 } }

    /// The absolute value as a whole number of at most 19 digits and a
    /// power of ten, for ``integer(_:)`` and ``fraction(_:exponent:)``.
    private var smallMagnitude: (UInt64, Int)? {
        switch self {
        case .integer(let value): (value.magnitude, 0)
        case .fraction(let significand, let exponent): (significand.magnitude, exponent)
        case .parts: nil
        }
    }

    /// The power of ten just above the leading digit: digit count + exponent.
    private var leadingPosition: Int {
        switch self {
        case .parts(_, let digits, let exponent):
            return digits.count + exponent
        case .integer(let value):
            return Self.digitCount(value.magnitude)
        case .fraction(let significand, let exponent):
            return Self.digitCount(significand.magnitude) + exponent
        }
    }

    /// The digits and exponent of the absolute value.
    private var magnitude: (digits: [UInt8], exponent: Int) {
        switch self {
        case .parts(_, let digits, let exponent):
            return (digits, exponent)
        case .integer(let value):
            return Self.digits(value.magnitude, exponent: 0)
        case .fraction(let significand, let exponent):
            return Self.digits(significand.magnitude, exponent: exponent)
        }
    }

    /// How many digits `value` has (none for zero).
    package static func digitCount(_ value: UInt64) -> Int {
        var count = 0
        while count < powersOfTen.count, value >= powersOfTen[count] { count += 1 }
        return count
    }

    /// `value` × 10^`exponent` as digits without trailing zeros and a power of ten.
    private static func digits(_ value: UInt64, exponent: Int) -> (digits: [UInt8], exponent: Int) {
        var digits = Array(String(value).utf8).map { $0 - UInt8(ascii: "0") }
        var exponent = exponent
        while digits.count > 1, digits.last == 0 {
            digits.removeLast()
            exponent += 1
        }
        return (digits, exponent)
    }
}

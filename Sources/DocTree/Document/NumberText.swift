#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Number text to Swift numbers, exactly or with the reason there is none.
///
/// The one implementation of number reading: `Node`'s `int`, `double`,
/// `decimal` and `number(as:)` use it, and so does DocQuery's decoder, which
/// needs every integer width, `Float`, and the ``NumberFailure`` to choose
/// its `DecodingError`. The grammar is ``DecimalParts``': JSON's, loosened
/// for XML Schema's `decimal` and `double` lexical forms. Text is read whole;
/// trimming whitespace is the caller's business.
///
/// | text     | `integer(Int8.self)` | `floatingPoint(Double.self)` | `decimal` |
/// |----------|----------------------|------------------------------|-----------|
/// | `12.50e1`| 125                  | 125.0                        | 125       |
/// | `1.5`    | `.notAnInteger`      | 1.5                          | 1.5       |
/// | `300`    | `.outOfRange`        | 300.0                        | 300       |
/// | `1e400`  | `.outOfRange`        | `.outOfRange`                | `.outOfRange` |
/// | `0x1F`   | `.notANumber`        | `.notANumber`                | `.notANumber` |
package enum NumberText {
    /// The integer that `text` spells, in any spelling of an integer value
    /// (`12`, `-0`, `1.0`, `1e2`, `12.50e1`); plain integer text takes a
    /// fast path that does not allocate.
    package static func integer<T: FixedWidthInteger>(
        _ type: T.Type, from text: UnsafeBufferPointer<UInt8>
    ) -> Result<T, NumberFailure> {
        if let value = plainInteger(text), let exact = T(exactly: value) { return .success(exact) }
        guard let parts = DecimalParts(text) else { return .failure(.notANumber) }
        return parts.integer(type)
    }

    /// The `Double` or `Float` nearest to `text` (an underflow gives zero),
    /// or `.outOfRange` when a finite number overflows to infinity.
    ///
    /// - Parameter isNumberToken: the text is a JSON number token, already
    ///   checked when loading, so the grammar check is skipped.
    package static func floatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(
        _ type: T.Type, from text: UnsafeBufferPointer<UInt8>, isNumberToken: Bool = false
    ) -> Result<T, NumberFailure> {
        // Plain integer text (most numbers): converted from the integer,
        // rounded once as the text would be, without a string. `-0` keeps
        // its sign through the parser.
        if let value = plainInteger(text), value != 0 || text.first != UInt8(ascii: "-") { return .success(T(value)) }
        // Swift's parser also takes hex, "inf" and "nan": check the grammar first.
        guard isNumberToken || DecimalParts(text) != nil,
            let value = T(String(decoding: text, as: UTF8.self))
        else { return .failure(.notANumber) }
        return value.isFinite ? .success(value) : .failure(.outOfRange)
    }

    /// The `Decimal` that `text` spells, exactly: up to 38 significant
    /// digits scaled by a power of ten from -128 to 127.
    package static func decimal(from text: UnsafeBufferPointer<UInt8>) -> Result<Decimal, NumberFailure> {
        guard let parts = DecimalParts(text) else { return .failure(.notANumber) }
        return parts.decimal()
    }

    /// The exact value of number text, XML whitespace around it ignored;
    /// `nil` when it is not a number. Plain decimal text (`42`, `8.95`)
    /// takes a fast path that does not allocate.
    package static func exact(from text: UnsafeBufferPointer<UInt8>) -> ExactNumber? {
        let text = XMLWhitespace.trimmed(text)
        if let value = plainDecimal(text) { return value }
        guard let parts = DecimalParts(text) else { return nil }
        return ExactNumber(parts)
    }

    /// `[+-]?[0-9]+(\.[0-9]+)?` with at most 18 digits (leading zeros
    /// counted) read directly, in ``ExactNumber``'s canonical form: most
    /// numbers take this path (`42`, `8.95`), with no allocation. Anything
    /// else is `nil`, for ``DecimalParts`` to read.
    private static func plainDecimal(_ text: UnsafeBufferPointer<UInt8>) -> ExactNumber? {
        let end = text.count
        let signed = end > 0 && (text[0] == UInt8(ascii: "-") || text[0] == UInt8(ascii: "+"))
        let first = signed ? 1 : 0
        var (significand, i) = digits(of: text, from: first)
        var exponent = 0
        if i < end {
            guard i > first, text[i] == UInt8(ascii: ".") else { return nil }
            let fraction = i &+ 1
            (significand, i) = digits(of: text, from: fraction, after: significand)
            exponent = fraction &- i
            guard i == end, exponent < 0 else { return nil }
        }
        guard end > first, end &- first &- (exponent < 0 ? 1 : 0) <= ExactNumber.fractionDigits else { return nil }
        while exponent < 0, significand != 0, significand % 10 == 0 {
            significand /= 10
            exponent += 1
        }
        if signed, text[0] == UInt8(ascii: "-") { significand = -significand }
        return exponent == 0 || significand == 0 ? .integer(significand) : .fraction(significand, exponent: exponent)
    }

    /// `-?[0-9]{1,18}` read directly: most integers take this path, with no
    /// allocation.
    private static func plainInteger(_ text: UnsafeBufferPointer<UInt8>) -> Int64? {
        let negative = !text.isEmpty && text[0] == UInt8(ascii: "-")
        let first = negative ? 1 : 0
        let (value, end) = digits(of: text, from: first)
        guard end == text.count, end > first, end &- first <= 18 else { return nil }
        return negative ? -value : value
    }

    /// The digits of `text` from `start` up to the first other byte, read
    /// on from `value`, and where they end. The arithmetic wraps past 18
    /// digits: callers refuse more.
    @inline(__always)
    private static func digits(of text: UnsafeBufferPointer<UInt8>, from start: Int, after value: Int64 = 0) -> (Int64, Int) {
        var value = value
        var i = start
        while i < text.count, case let digit = text[i] &- UInt8(ascii: "0"), digit < 10 {
            value = value &* 10 &+ Int64(digit)
            i &+= 1
        }
        return (value, i)
    }
}

extension NumberText {
    /// `integer(_:from:)` for text held in a string.
    package static func integer<T: FixedWidthInteger>(_ type: T.Type, from text: Substring) -> Result<T, NumberFailure> {
        var text = text
        return text.withUTF8 { integer(type, from: $0) }
    }

    /// `floatingPoint(_:from:)` for text held in a string, always checking
    /// the grammar.
    package static func floatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(
        _ type: T.Type, from text: Substring
    ) -> Result<T, NumberFailure> {
        var text = text
        return text.withUTF8 { floatingPoint(type, from: $0) }
    }

    /// `decimal(from:)` for text held in a string.
    package static func decimal(from text: Substring) -> Result<Decimal, NumberFailure> {
        var text = text
        return text.withUTF8 { decimal(from: $0) }
    }
}

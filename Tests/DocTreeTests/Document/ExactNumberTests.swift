import Foundation
import Testing
@testable import DocTree

/// `NumberText.exact`: the one reading of number text that filters and
/// operators compare by, on the edge cases they depend on.
@Suite struct ExactNumberTests {
    static func exact(_ text: String) -> ExactNumber? {
        var text = text
        return text.withUTF8 { NumberText.exact(from: $0) }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let text: String
        /// The canonical form expected, or nil when the text is not a number.
        let expected: ExactNumber?
        var testDescription: String { text.debugDescription }
    }

    @Test(arguments: [
        Case(text: "0", expected: .integer(0)),
        Case(text: "-0", expected: .integer(0)),
        Case(text: "-0.0e+00", expected: .integer(0)),
        Case(text: "1.0", expected: .integer(1)),
        Case(text: "1e2", expected: .integer(100)),
        Case(text: "12.50e1", expected: .integer(125)),
        Case(text: "+5", expected: .integer(5)),
        Case(text: " 42\n\t", expected: .integer(42)),
        Case(text: "007", expected: .integer(7)),
        Case(text: "9007199254740993", expected: .integer(9_007_199_254_740_993)),
        Case(text: "9223372036854775807", expected: .integer(.max)),
        Case(text: "-9223372036854775808", expected: .integer(.min)),
        Case(text: "9223372036854775808", expected: .parts(negative: false, digits: [9, 2, 2, 3, 3, 7, 2, 0, 3, 6, 8, 5, 4, 7, 7, 5, 8, 0, 8], exponent: 0)),
        Case(text: "12345678901234567890", expected: .parts(negative: false, digits: [1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9], exponent: 1)),
        Case(text: "1.5", expected: .fraction(15, exponent: -1)),
        Case(text: "-0.250", expected: .fraction(-25, exponent: -2)),
        Case(text: "+8.950", expected: .fraction(895, exponent: -2)),
        Case(text: "1.25e1", expected: .fraction(125, exponent: -1)),
        Case(text: ".5", expected: .fraction(5, exponent: -1)),
        Case(text: "5.", expected: .integer(5)),
        Case(text: "0.000000000000000000001", expected: .fraction(1, exponent: -21)),
        Case(text: "0.123456789012345678", expected: .fraction(123_456_789_012_345_678, exponent: -18)),
        Case(text: "0.1234567890123456789", expected: .parts(negative: false, digits: [1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9], exponent: -19)),
        Case(text: "1.00000000000000000000", expected: .integer(1)),
        Case(text: "-1.5e-400", expected: .fraction(-15, exponent: -401)),
        Case(text: "1e400", expected: .parts(negative: false, digits: [1], exponent: 400)),
        Case(text: "-1E-400", expected: .fraction(-1, exponent: -400)),
        Case(text: "", expected: nil),
        Case(text: " ", expected: nil),
        Case(text: "0x1F", expected: nil),
        Case(text: "1 000", expected: nil),
        Case(text: "NaN", expected: nil),
        Case(text: "inf", expected: nil),
        Case(text: "1e", expected: nil),
        Case(text: "--1", expected: nil),
        Case(text: ".", expected: nil),
        Case(text: "-", expected: nil),
        Case(text: "1.2.3", expected: nil),
        Case(text: "-+1", expected: nil),
    ])
    func readsOneCanonicalValue(_ c: Case) {
        #expect(Self.exact(c.text) == c.expected)
    }

    @Test(arguments: [
        ("12345678901234567890", "12345678901234567891", -1),
        ("9007199254740992.0", "9007199254740993", -1),
        ("9007199254740992.0", "9007199254740992", 0),
        ("1e2", "100", 0),
        ("-0", "0", 0),
        ("0.1", "0.10", 0),
        ("1e400", "1.7976931348623157e308", 1),
        ("-1e400", "-5", -1),
        ("-1e400", "1e-400", -1),
        ("1e-400", "0", 1),
        ("-2", "-10", 1),
        ("99.5", "100", -1),
        ("123456789012345678901234567890.5", "123456789012345678901234567890", 1),
        ("-9223372036854775809", "-9223372036854775808", -1),
        ("8.95", "10", -1),
        ("990.01", "990", 1),
        ("989.99", "990", -1),
        ("-989.99", "-990", 1),
        ("0.5", "0.25", 1),
        ("12.5", "1.25e1", 0),
        ("0.1", "1e-400", 1),
        ("-0.1", "1e-400", -1),
        ("9223372036854775807.5", "9223372036854775807", 1),
        ("922337203685477580.7", "922337203685477580", 1),
        ("0.999999999999999999", "1", -1),
        ("0.123456789012345678", "0.1234567890123456789", -1),
        ("123456789012345678.5", "123456789012345679", -1),
    ])
    func comparesExactly(_ a: String, _ b: String, _ order: Int) throws {
        let x = try #require(Self.exact(a)), y = try #require(Self.exact(b))
        #expect(ExactNumber.compare(x, y) == order)
        #expect(ExactNumber.compare(y, x) == -order)
        #expect((x == y) == (order == 0))
        if order == 0 { #expect(x.hashValue == y.hashValue) }
    }

    @Test func convertsToDoubleAndDecimal() throws {
        #expect(Self.exact("1e400")?.doubleValue == .infinity)
        #expect(Self.exact("1e400")?.decimalValue == nil)
        #expect(Self.exact("12345678901234567890")?.decimalValue == Decimal(string: "12345678901234567890"))
        #expect(Self.exact("-2.5")?.doubleValue == -2.5)
        #expect(Self.exact("0.1")?.doubleValue == 0.1)
        #expect(Self.exact("123456.789")?.doubleValue == 123456.789)
        #expect(Self.exact("9007199254740993.5")?.doubleValue == 9007199254740993.5)
        #expect(Self.exact("1.5e-300")?.doubleValue == 1.5e-300)
        #expect(Self.exact("-0.250")?.decimalValue == Decimal(string: "-0.25"))
        #expect(Self.exact("1.5e-400")?.decimalValue == nil)
        let decimal = try #require(Decimal(string: "123.456"))
        #expect(ExactNumber(decimal) == Self.exact("123.456"))
    }
}

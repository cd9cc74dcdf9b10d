import Foundation
import Testing
import TestSupport
@testable import DocTree

/// Numbers keep their text; the accessors are exact or `nil`, and the
/// throwing twin says why.
@Suite struct JSONNumberTests {
    @Test(arguments: [
        ("0", false), ("-0", false), ("1e400", true), ("-1E-400", true), ("12345678901234567890", false),
        ("123456789012345678901234567890.5", true), ("1.5E-10", true), ("-0.0e+00", true), ("9007199254740993", false),
    ])
    func numberTextIsKeptAsWritten(_ text: String, _ fractional: Bool) throws {
        let node = try JSONTesting.element("[\(text)]")
        #expect(node.kind == .number)
        #expect(node.string == text)
        #expect(node.record.flags.contains(.fractional) == fractional)
        #expect(try JSONTesting.scan(text).root.string == text)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let json: String
        let int: Int?
        let uint64: UInt64?
        let double: Double?
        let decimal: String?
        var testDescription: String { json }
    }

    @Test(arguments: [
        Case(json: "0", int: 0, uint64: 0, double: 0, decimal: "0"),
        Case(json: "-0", int: 0, uint64: 0, double: -0.0, decimal: "0"),
        Case(json: "42", int: 42, uint64: 42, double: 42, decimal: "42"),
        Case(json: "-7", int: -7, uint64: nil, double: -7, decimal: "-7"),
        Case(json: "1.0", int: 1, uint64: 1, double: 1, decimal: "1"),
        Case(json: "1e2", int: 100, uint64: 100, double: 100, decimal: "100"),
        Case(json: "12.50e1", int: 125, uint64: 125, double: 125, decimal: "125"),
        Case(json: "0.0e999999999999", int: 0, uint64: 0, double: 0, decimal: "0"),
        Case(json: "1.5", int: nil, uint64: nil, double: 1.5, decimal: "1.5"),
        Case(json: "1e-2", int: nil, uint64: nil, double: 0.01, decimal: "0.01"),
        Case(json: "0.1", int: nil, uint64: nil, double: 0.1, decimal: "0.1"),
        Case(json: "9223372036854775807", int: .max, uint64: 9_223_372_036_854_775_807, double: 9.223372036854775807e18,
             decimal: "9223372036854775807"),
        Case(json: "-9223372036854775808", int: .min, uint64: nil, double: -9.223372036854775808e18,
             decimal: "-9223372036854775808"),
        Case(json: "9223372036854775808", int: nil, uint64: 9_223_372_036_854_775_808, double: 9.223372036854775808e18,
             decimal: "9223372036854775808"),
        Case(json: "-9223372036854775809", int: nil, uint64: nil, double: -9.223372036854775809e18,
             decimal: "-9223372036854775809"),
        Case(json: "18446744073709551615", int: nil, uint64: .max, double: 1.8446744073709551615e19,
             decimal: "18446744073709551615"),
        Case(json: "1.8446744073709551615e19", int: nil, uint64: .max, double: 1.8446744073709551615e19,
             decimal: "18446744073709551615"),
        Case(json: "18446744073709551616", int: nil, uint64: nil, double: 1.8446744073709551616e19,
             decimal: "18446744073709551616"),
        Case(json: "12345678901234567890", int: nil, uint64: 12_345_678_901_234_567_890, double: 1.2345678901234567e19,
             decimal: "12345678901234567890"),
        Case(json: "1e400", int: nil, uint64: nil, double: nil, decimal: nil),
        Case(json: "-1e400", int: nil, uint64: nil, double: nil, decimal: nil),
        Case(json: "1e-400", int: nil, uint64: nil, double: 0, decimal: nil),
        Case(json: "1e127", int: nil, uint64: nil, double: 1e127, decimal: "1e127"),
        Case(json: "1e128", int: nil, uint64: nil, double: 1e128, decimal: nil),
        Case(json: "1e-128", int: nil, uint64: nil, double: 1e-128, decimal: "1e-128"),
        Case(json: "12345678901234567890123456789012345678", int: nil, uint64: nil,
             double: 1.2345678901234568e37, decimal: "12345678901234567890123456789012345678"),
        Case(json: "123456789012345678901234567890123456789", int: nil, uint64: nil,
             double: 1.2345678901234568e38, decimal: nil),
        Case(json: "1000000000000000000000000000000000000000000000", int: nil, uint64: nil, double: 1e45,
             decimal: "1e45"),
        Case(json: "-189.97", int: nil, uint64: nil, double: -189.97, decimal: "-189.97"),
    ])
    func accessorsAreExact(_ row: Case) throws {
        let node = try JSONTesting.element("[\(row.json)]")
        #expect(node.int == row.int)
        #expect(node.int64 == row.int.map(Int64.init))
        #expect(node.uint64 == row.uint64)
        #expect(node.double == row.double)
        if let double = row.double, double == 0 {
            #expect(node.double?.sign == (row.json.hasPrefix("-") ? .minus : .plus))
        }
        #expect(node.decimal == row.decimal.flatMap { Decimal(string: $0) })
    }

    struct FailureCase: Sendable, CustomTestStringConvertible {
        let json: String
        let type: String
        let message: String
        let column: Int?
        var testDescription: String { "\(json) as \(type)" }
    }

    @Test(arguments: [
        FailureCase(json: "[12345678901234567890]", type: "Int", message: "12345678901234567890 does not fit in Int", column: 2),
        FailureCase(json: "[1.5]", type: "Int", message: "1.5 has a fractional part, so it is not an Int", column: 2),
        FailureCase(json: "[1.5]", type: "Int64", message: "1.5 has a fractional part, so it is not an Int64", column: 2),
        FailureCase(json: "[-1]", type: "UInt64", message: "-1 does not fit in UInt64", column: 2),
        FailureCase(json: "[1e400]", type: "Double", message: "1e400 does not fit in Double", column: 2),
        FailureCase(json: "[1e400]", type: "Decimal",
                    message: "1e400 does not fit in Decimal (at most 38 significant digits, exponents -128 to 127)", column: 2),
        FailureCase(json: #"[ "abc"]"#, type: "Int", message: #""abc" is not a number"#, column: 3),
        FailureCase(json: #"[ "abc"]"#, type: "Double", message: #""abc" is not a number"#, column: 3),
        FailureCase(json: "[{}]", type: "Int", message: "an object is not a number", column: nil),
        FailureCase(json: "[[]]", type: "Decimal", message: "an array is not a number", column: nil),
        FailureCase(json: "[null]", type: "Int", message: "null is not a number", column: nil),
        FailureCase(json: "[true]", type: "Double", message: "true is not a number", column: nil),
    ])
    func throwingTwinSaysWhy(_ row: FailureCase) throws {
        let node = try JSONTesting.element(row.json)
        let error = #expect(throws: LoadError.self) {
            switch row.type {
            case "Int": _ = try node.number(as: Int.self)
            case "Int64": _ = try node.number(as: Int64.self)
            case "UInt64": _ = try node.number(as: UInt64.self)
            case "Double": _ = try node.number(as: Double.self)
            default: _ = try node.number(as: Decimal.self)
            }
        }
        #expect(error?.kind == .invalidNumber)
        #expect(error?.message == row.message)
        #expect(error?.location?.column == row.column)
    }

    @Test func throwingTwinReturnsTheValue() throws {
        let node = try JSONTesting.element("[1.8446744073709551615e19]")
        #expect(try node.number(as: UInt64.self) == .max)
        #expect(try node.number(as: Double.self) == 1.8446744073709551615e19)
        #expect(try node.number(as: Decimal.self) == Decimal(string: "18446744073709551615"))
        #expect(try JSONTesting.element("[-12]").number(as: Int.self) == -12)
        #expect(try JSONTesting.element("[-12]").number(as: Int64.self) == -12)
    }

    @Test(arguments: [
        (#""42""#, 42, 42.0), (#"" 42 ""#, 42, 42), (#""\u0034\u0032""#, 42, 42), (#""+5""#, 5, 5), (#""007""#, 7, 7),
        (#""-1.25e1""#, nil, -12.5), (#"".5""#, nil, 0.5), (#""5.""#, 5, 5),
        (#""4 2""#, nil, nil), (#""0x10""#, nil, nil), (#""1,000""#, nil, nil), (#""INF""#, nil, nil), (#""NaN""#, nil, nil),
        (#""inf""#, nil, nil), (#""""#, nil, nil), (#""-""#, nil, nil), (#""1e""#, nil, nil), (#""e5""#, nil, nil),
        (#"".""#, nil, nil), (#""12abc""#, nil, nil), (#""١٢""#, nil, nil),
    ] as [(String, Int?, Double?)])
    func jsonStringsThatSpellNumbers(_ json: String, _ int: Int?, _ double: Double?) throws {
        let node = try JSONTesting.element("[\(json)]")
        #expect(node.kind == .string)
        #expect(node.int == int)
        #expect(node.double == double)
    }

    @Test func nonNumbersHaveNoNumber() throws {
        for json in ["{}", "[]", "true", "false", "null"] {
            let node = try JSONTesting.element("[\(json)]")
            #expect(node.int == nil && node.int64 == nil && node.uint64 == nil, "\(json)")
            #expect(node.double == nil && node.decimal == nil, "\(json)")
        }
        let document = try JSONTesting.scan("1")
        #expect(document.documentNode.int == nil)
        #expect(document.root.int == 1)
    }

    /// XML attribute values and element text are numbers too, trimmed of
    /// XML whitespace. Built through the tree builder so the test does not
    /// depend on the XML loader.
    @Test func xmlTextAndAttributesAreNumbers() throws {
        var builder = TreeBuilder(splitsPrefixes: true, maxDepth: 10)
        let item = try builder.names.intern("item")
        let count = try builder.names.intern("count")
        let price = try builder.names.intern("price")
        _ = builder.openContainer(.element, name: item)
        func append(_ text: String) -> (UInt32, UInt32) {
            let bytes = Array(text.utf8)
            let offset = bytes.withUnsafeBufferPointer { builder.appendText($0) }
            return (offset, UInt32(bytes.count))
        }
        let (countOffset, countLength) = append("10")
        builder.appendLeaf(.attribute, name: count, offset: countOffset, length: countLength)
        let (priceOffset, priceLength) = append(" +5 ")
        builder.appendLeaf(.attribute, name: price, offset: priceOffset, length: priceLength)
        let (textOffset, textLength) = append("\n    189.97\n  ")
        builder.appendLeaf(.text, offset: textOffset, length: textLength)
        builder.closeContainer()
        let document = builder.finish(format: .xml)

        let element = document.root
        let attributes = Array(element.attributes)
        #expect(attributes.map { $0.int } == [10, 5])
        #expect(attributes.map { $0.double } == [10, 5])
        #expect(element.double == 189.97)
        #expect(element.decimal == Decimal(string: "189.97"))
        #expect(element.int == nil)
        let error = #expect(throws: LoadError.self) { try element.number(as: Int.self) }
        #expect(error?.message == #""\#n    189.97\#n  " has a fractional part, so it is not an Int"#)
        #expect(error?.location == nil)
        let text = try #require(element.children.first)
        #expect(text.kind == .text)
        #expect(text.double == 189.97)
    }

    /// JSONTestSuite's `test_transform/number_*` files, read in place: each
    /// keeps its text, and the accessors give exactly what these rows say.
    @Test func transformSuiteNumbers() throws {
        let expected: [String: (text: String, int64: Int64?, uint64: UInt64?, double: Double?)] = [
            "number_-9223372036854775808.json": ("-9223372036854775808", .min, nil, -9.223372036854775808e18),
            "number_-9223372036854775809.json": ("-9223372036854775809", nil, nil, -9.223372036854775809e18),
            "number_1.0.json": ("1.0", 1, 1, 1),
            "number_1.000000000000000005.json": ("1.000000000000000005", nil, nil, 1),
            "number_1000000000000000.json": ("1000000000000000", 1_000_000_000_000_000, 1_000_000_000_000_000, 1e15),
            "number_10000000000000000999.json": ("10000000000000000999", nil, 10_000_000_000_000_000_999, 1e19),
            "number_1e-999.json": ("1E-999", nil, nil, 0),
            "number_1e6.json": ("1E6", 1_000_000, 1_000_000, 1e6),
            "number_9223372036854775807.json": ("9223372036854775807", .max, 9_223_372_036_854_775_807, 9.223372036854775807e18),
            "number_9223372036854775808.json": ("9223372036854775808", nil, 9_223_372_036_854_775_808, 9.223372036854775808e18),
        ]
        let files = try SharedData.files(in: "conformance/json-parsing/test_transform", withExtension: "json")
            .filter { $0.lastPathComponent.hasPrefix("number_") }
        #expect(files.count == expected.count)
        for file in files {
            let name = file.lastPathComponent
            let row = try #require(expected[name], "no expectation for \(name)")
            let node = try #require(try Document(data: Data(contentsOf: file), options: LoadOptions(format: .json)).root.children.first)
            #expect(node.string == row.text, "\(name)")
            #expect(node.int64 == row.int64, "\(name)")
            #expect(node.uint64 == row.uint64, "\(name)")
            #expect(node.double == row.double, "\(name)")
        }
    }
}

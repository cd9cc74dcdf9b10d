import Foundation
import Testing
@testable import DocTree

/// `NumberText`, the one number reader behind `Node`'s accessors and
/// DocQuery's decoder: every integer width reaches its exact bounds and no
/// further, and `Float` overflows where `Double` does not.
@Suite struct NumberTextTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let text: String
        /// `String(describing:)` of the value, or the failure.
        let int8: String
        let uint8: String
        let int128: String
        let uint128: String
        var testDescription: String { text }
    }

    static func read<T: FixedWidthInteger>(_ type: T.Type, _ text: String) -> String {
        switch NumberText.integer(type, from: Substring(text)) {
        case .success(let value): String(describing: value)
        case .failure(let failure): ".\(failure)"
        }
    }

    @Test(arguments: [
        Case(text: "127", int8: "127", uint8: "127", int128: "127", uint128: "127"),
        Case(text: "-128", int8: "-128", uint8: ".outOfRange", int128: "-128", uint128: ".outOfRange"),
        Case(text: "128", int8: ".outOfRange", uint8: "128", int128: "128", uint128: "128"),
        Case(text: "-129", int8: ".outOfRange", uint8: ".outOfRange", int128: "-129", uint128: ".outOfRange"),
        Case(text: "2.55e2", int8: ".outOfRange", uint8: "255", int128: "255", uint128: "255"),
        Case(text: "256", int8: ".outOfRange", uint8: ".outOfRange", int128: "256", uint128: "256"),
        Case(text: "-0", int8: "0", uint8: "0", int128: "0", uint128: "0"),
        Case(text: "-0.0e5", int8: "0", uint8: "0", int128: "0", uint128: "0"),
        Case(text: "+1", int8: "1", uint8: "1", int128: "1", uint128: "1"),
        Case(text: "1.5", int8: ".notAnInteger", uint8: ".notAnInteger", int128: ".notAnInteger", uint128: ".notAnInteger"),
        Case(text: "1e-1", int8: ".notAnInteger", uint8: ".notAnInteger", int128: ".notAnInteger", uint128: ".notAnInteger"),
        Case(text: "1x", int8: ".notANumber", uint8: ".notANumber", int128: ".notANumber", uint128: ".notANumber"),
        Case(text: "", int8: ".notANumber", uint8: ".notANumber", int128: ".notANumber", uint128: ".notANumber"),
        Case(text: "-170141183460469231731687303715884105728", int8: ".outOfRange", uint8: ".outOfRange",
             int128: "-170141183460469231731687303715884105728", uint128: ".outOfRange"),
        Case(text: "170141183460469231731687303715884105728", int8: ".outOfRange", uint8: ".outOfRange",
             int128: ".outOfRange", uint128: "170141183460469231731687303715884105728"),
        Case(text: "3.40282366920938463463374607431768211455e38", int8: ".outOfRange", uint8: ".outOfRange",
             int128: ".outOfRange", uint128: "340282366920938463463374607431768211455"),
        Case(text: "340282366920938463463374607431768211456", int8: ".outOfRange", uint8: ".outOfRange",
             int128: ".outOfRange", uint128: ".outOfRange"),
        Case(text: "1e999999999999", int8: ".outOfRange", uint8: ".outOfRange", int128: ".outOfRange", uint128: ".outOfRange"),
    ])
    func integersOfEveryWidth(_ row: Case) {
        #expect(Self.read(Int8.self, row.text) == row.int8)
        #expect(Self.read(UInt8.self, row.text) == row.uint8)
        if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) {
            #expect(Self.read(Int128.self, row.text) == row.int128)
            #expect(Self.read(UInt128.self, row.text) == row.uint128)
        }
    }

    @Test func floatOverflowsBeforeDouble() {
        #expect(NumberText.floatingPoint(Float.self, from: "3.5e38") == .failure(.outOfRange))
        #expect(NumberText.floatingPoint(Double.self, from: "3.5e38") == .success(3.5e38))
        #expect(NumberText.floatingPoint(Float.self, from: "1e-50") == .success(0))
        // Swift's own parser takes these; the number grammar does not.
        for text in ["inf", "nan", "0x1p3", "INF", " 1"] {
            #expect(NumberText.floatingPoint(Double.self, from: Substring(text)) == .failure(.notANumber), "\(text)")
        }
    }

    @Test func decimalIsExactOrOutOfRange() {
        #expect(NumberText.decimal(from: "-12.50e-1") == .success(Decimal(string: "-1.25")!))
        #expect(NumberText.decimal(from: "1e128") == .failure(.outOfRange))
        #expect(NumberText.decimal(from: "1.") == .success(1))
        #expect(NumberText.decimal(from: "NaN") == .failure(.notANumber))
    }

    /// Plain integers skip the string parser; the result is the one the
    /// parser gives, rounded once, and `-0` keeps its sign.
    @Test func plainIntegersReadAsTheParserReadsThem() throws {
        for text in ["0", "7", "-42", "9007199254740993", "123456789012345678", "-999999999999999999", "16777217"] {
            #expect(NumberText.floatingPoint(Double.self, from: Substring(text)) == .success(Double(text)!), "\(text)")
            #expect(NumberText.floatingPoint(Float.self, from: Substring(text)) == .success(Float(text)!), "\(text)")
        }
        let bytes = Array("-0".utf8)
        let negativeZero = bytes.withUnsafeBufferPointer { NumberText.floatingPoint(Double.self, from: $0, isNumberToken: true) }
        #expect(try negativeZero.get().sign == .minus)
    }
}

import DocQuery
import Foundation
import Testing

/// Numbers, booleans and strings from XML text and JSON values: exact or an error.
@Suite struct ScalarDecodingTests {
    enum Target: String, Sendable {
        case int = "Int", int8 = "Int8", uint = "UInt", uint64 = "UInt64"
        case double = "Double", float = "Float", decimal = "Decimal", bool = "Bool", string = "String"

        /// Decodes the root's `v` as a property and describes it, so every type compares alike.
        func decode(_ doc: Document, using decoder: NodeDecoder) throws -> String {
            struct Box<T: Decodable>: Decodable { let v: T }
            func d<T: Decodable>(_ type: T.Type) throws -> String {
                String(describing: try doc.root.decode(Box<T>.self, using: decoder).v)
            }
            switch self {
            case .int: return try d(Int.self)
            case .int8: return try d(Int8.self)
            case .uint: return try d(UInt.self)
            case .uint64: return try d(UInt64.self)
            case .double: return try d(Double.self)
            case .float: return try d(Float.self)
            case .decimal: return try d(Decimal.self)
            case .bool: return try d(Bool.self)
            case .string: return try d(String.self)
            }
        }
    }

    enum Outcome: Sendable, Equatable {
        case value(String)
        case failure(DecodingFailure.Kind)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let target: Target
        /// The element's text, or `nil` to skip XML.
        let xml: String?
        /// The JSON value (a literal), or `nil` to skip JSON.
        let json: String?
        let expected: Outcome
        var lenient = false
        var testDescription: String {
            "\(target.rawValue) from " + [xml.map { "XML '\($0)'" }, json.map { "JSON \($0)" }].compactMap { $0 }.joined(separator: " / ")
                + (lenient ? " (lenient)" : "")
        }
    }

    static func c(_ target: Target, xml: String?, json: String?, _ expected: Outcome, lenient: Bool = false) -> Case {
        Case(target: target, xml: xml, json: json, expected: expected, lenient: lenient)
    }
    static func both(_ target: Target, _ raw: String, _ expected: Outcome) -> Case {
        Case(target: target, xml: raw, json: raw, expected: expected)
    }

    static let integers: [Case] = [
        both(.int, "42", .value("42")),
        both(.int, "-7", .value("-7")),
        both(.int, "-0", .value("0")),
        both(.int, "1.0", .value("1")),
        both(.int, "1e2", .value("100")),
        both(.int, "12.50e1", .value("125")),
        both(.int, "0.0e999999999999", .value("0")),
        both(.int, "9223372036854775807", .value("9223372036854775807")),
        both(.int, "1.5", .failure(.dataCorrupted)),
        both(.int, "1e-2", .failure(.dataCorrupted)),
        both(.int, "1e400", .failure(.dataCorrupted)),
        both(.int, "9223372036854775808", .failure(.dataCorrupted)),
        both(.int8, "-128", .value("-128")),
        both(.int8, "128", .failure(.dataCorrupted)),
        both(.uint, "-1", .failure(.dataCorrupted)),
        both(.uint64, "18446744073709551615", .value("18446744073709551615")),
        both(.uint64, "1.8446744073709551615e19", .value("18446744073709551615")),
        c(.int, xml: " \n 42\t", json: nil, .value("42")),
        c(.int, xml: "+5", json: nil, .value("5")),
        c(.int, xml: "ten", json: #""ten""#, .failure(.typeMismatch)),
        c(.int, xml: "0x10", json: nil, .failure(.typeMismatch)),
        c(.int, xml: "1 000", json: nil, .failure(.typeMismatch)),
        c(.int, xml: "", json: "null", .failure(.valueNotFound)),
        c(.int, xml: nil, json: #""42""#, .failure(.typeMismatch)),
        c(.int, xml: nil, json: #"" 42 ""#, .value("42"), lenient: true),
        c(.int, xml: nil, json: "true", .failure(.typeMismatch)),
        c(.int, xml: nil, json: "[1]", .failure(.typeMismatch)),
    ]

    static let floatingPoint: [Case] = [
        both(.double, "1.5", .value("1.5")),
        both(.double, "-2", .value("-2.0")),
        both(.double, "0.1", .value("0.1")),
        both(.double, "1e308", .value("1e+308")),
        both(.double, "1e400", .failure(.dataCorrupted)),
        both(.double, "-1e400", .failure(.dataCorrupted)),
        both(.double, "1e-400", .value("0.0")),
        both(.float, "0.1", .value("0.1")),
        both(.float, "3.5e38", .failure(.dataCorrupted)),
        c(.double, xml: " 2.5 ", json: nil, .value("2.5")),
        c(.double, xml: "INF", json: nil, .value("inf")),
        c(.double, xml: "-INF", json: nil, .value("-inf")),
        c(.double, xml: "NaN", json: nil, .value("nan")),
        c(.double, xml: "inf", json: nil, .failure(.typeMismatch)),
        c(.double, xml: "0x1p3", json: nil, .failure(.typeMismatch)),
        c(.double, xml: "1.5.2", json: nil, .failure(.typeMismatch)),
        c(.double, xml: nil, json: #""1.5""#, .failure(.typeMismatch)),
        c(.double, xml: nil, json: #""1.5""#, .value("1.5"), lenient: true),
    ]

    static let decimals: [Case] = [
        both(.decimal, "12.50", .value("12.5")),
        both(.decimal, "0.1", .value("0.1")),
        both(.decimal, "-0.001", .value("-0.001")),
        both(.decimal, "1e3", .value("1000")),
        both(.decimal, "12345678901234567890123456789012345678", .value("12345678901234567890123456789012345678")),
        both(.decimal, "1234567890.1234567890123456789012345678", .value("1234567890.1234567890123456789012345678")),
        both(.decimal, "123456789012345678901234567890123456789", .failure(.dataCorrupted)),
        both(.decimal, "1e400", .failure(.dataCorrupted)),
        both(.decimal, "1e-400", .failure(.dataCorrupted)),
        c(.decimal, xml: " 10 ", json: nil, .value("10")),
        c(.decimal, xml: "NaN", json: nil, .failure(.typeMismatch)),
        c(.decimal, xml: "12abc", json: nil, .failure(.typeMismatch)),
    ]

    static let booleans: [Case] = [
        c(.bool, xml: "true", json: "true", .value("true")),
        c(.bool, xml: "false", json: "false", .value("false")),
        c(.bool, xml: "1", json: nil, .value("true")),
        c(.bool, xml: " 0\n", json: nil, .value("false")),
        c(.bool, xml: "yes", json: #""yes""#, .failure(.typeMismatch)),
        c(.bool, xml: "TRUE", json: nil, .failure(.typeMismatch)),
        c(.bool, xml: nil, json: "1", .failure(.typeMismatch)),
        c(.bool, xml: nil, json: #""true""#, .failure(.typeMismatch)),
        c(.bool, xml: nil, json: #""1""#, .value("true"), lenient: true),
        c(.bool, xml: nil, json: "0", .value("false"), lenient: true),
    ]

    static let strings: [Case] = [
        c(.string, xml: "  padded  ", json: #""  padded  ""#, .value("  padded  ")),
        c(.string, xml: "00", json: #""00""#, .value("00")),
        c(.string, xml: "a &amp; b", json: #""a \u0026 b""#, .value("a & b")),
        c(.string, xml: "", json: #""""#, .value("")),
        c(.string, xml: nil, json: "1.50", .failure(.typeMismatch)),
        c(.string, xml: nil, json: "1.50", .value("1.50"), lenient: true),
        c(.string, xml: nil, json: "false", .value("false"), lenient: true),
        c(.string, xml: nil, json: "null", .failure(.valueNotFound)),
        c(.string, xml: nil, json: "{}", .failure(.typeMismatch)),
    ]

    @Test(arguments: integers + floatingPoint + decimals + booleans + strings)
    func scalar(_ c: Case) throws {
        let decoder = NodeDecoder(jsonScalarStrategy: c.lenient ? .lenient : .strict)
        var inputs: [String] = []
        if let xml = c.xml { inputs.append("<r><v>\(xml)</v></r>") }
        if let json = c.json { inputs.append(#"{"v": \#(json)}"#) }
        for input in inputs {
            let doc = try DecodingFixture.load(input)
            let outcome: Outcome
            do {
                outcome = .value(try c.target.decode(doc, using: decoder))
            } catch {
                let failure = try #require(DecodingFailure(error), "\(error)")
                #expect(failure.path == "v", "\(failure)")
                #expect(failure.message.hasPrefix("v: "), "\(failure)")
                outcome = .failure(failure.kind)
            }
            #expect(outcome == c.expected, "input: \(input)")
        }
    }

    static let numberTexts = [
        "0", "-0", "42", "-7", "+5", "007", ".5", "5.", "1.0", "1e2", "12.50e1", "1.5", "1e-2", "0.1", "-0.001",
        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "18446744073709551615",
        "18446744073709551616", "12345678901234567890", "1.8446744073709551615e19", "1e308", "1e400", "-1e400",
        "1e-400", "12345678901234567890123456789012345678", "123456789012345678901234567890123456789",
        "1e127", "1e-128", "1e-130", "ten", "0x10", "1 000", "1.5.2", "", " 42 ",
    ]

    /// The decoder parses numbers itself (for every integer width, `Float`,
    /// and the reason a value does not fit); it must agree with DocTree's
    /// accessors wherever both apply.
    @Test(arguments: numberTexts)
    func decodedNumbersAgreeWithNodeAccessors(_ text: String) throws {
        var nodes = [try DecodingFixture.load("<v>\(text)</v>").root]
        // As a JSON number too, when it is one.
        if text.first.map({ "-0123456789".contains($0) }) == true, let json = try? DecodingFixture.load(text) {
            nodes.append(json.root)
        }
        for node in nodes {
            let input = node.document.format
            #expect((try? node.decode(Int.self)) == node.int, "Int from \(input)")
            #expect((try? node.decode(Int64.self)) == node.int64, "Int64 from \(input)")
            #expect((try? node.decode(UInt64.self)) == node.uint64, "UInt64 from \(input)")
            #expect((try? node.decode(Double.self)) == node.double, "Double from \(input)")
            #expect((try? node.decode(Decimal.self)) == node.decimal, "Decimal from \(input)")
        }
    }

    @Test func errorMessagesSayWhatWasFound() throws {
        let doc = try DecodingFixture.load(#"<r><v>ten</v><big>1e400</big><half> 1.5 </half><parent><child/></parent></r>"#)
        expectDecodingFailure(.typeMismatch, at: "v", containing: ["expected Int", "<v>", "\"ten\"", "not a number"]) {
            try doc.decode(Int.self, at: "v")
        }
        expectDecodingFailure(.dataCorrupted, at: "big", containing: ["1e400", "does not fit in Int"]) {
            try doc.decode(Int.self, at: "big")
        }
        expectDecodingFailure(.dataCorrupted, at: "half", containing: ["not a whole number"]) {
            try doc.decode(Int.self, at: "half")
        }
        expectDecodingFailure(.typeMismatch, at: "parent", containing: ["expected String", "child elements"]) {
            try doc.decode(String.self, at: "parent")
        }
        let json = try DecodingFixture.load(#"{"n": 1e400, "s": "x"}"#)
        expectDecodingFailure(.dataCorrupted, at: "n", containing: ["the JSON number 1e400", "does not fit in Double"]) {
            try json.decode(Double.self, at: "n")
        }
        expectDecodingFailure(.typeMismatch, at: "s", containing: ["expected Int", "the JSON string \"x\""]) {
            try json.decode(Int.self, at: "s")
        }
    }

    @Test func attributesAndElementTextAreAlike() throws {
        let doc = try DecodingFixture.load(#"<r count=" 3 " ok="1" ratio="0.5"><count>3</count></r>"#)
        struct R: Decodable { let ok: Bool; let ratio: Double }
        let r = try doc.root.decode(R.self)
        #expect(r.ok && r.ratio == 0.5)
        // `count` names both an attribute and an element: that is two values.
        #expect(try doc.decode([Int].self, at: "count") == [3, 3])
        expectDecodingFailure(.typeMismatch, at: "count", containing: ["2 values named \"count\""]) {
            try doc.decode(Int.self, at: "count")
        }
    }

    @Test func otherFoundationTypes() throws {
        let doc = try DecodingFixture.load(#"<r><url> https://example.com/a?b=c </url><data>aGVs&#10;bG8=</data><bad>%%%</bad></r>"#)
        #expect(try doc.decode(URL.self, at: "url") == URL(string: "https://example.com/a?b=c"))
        #expect(try doc.decode(Data.self, at: "data") == Data("hello".utf8))
        expectDecodingFailure(.dataCorrupted, at: "bad", containing: ["base64"]) {
            try doc.decode(Data.self, at: "bad")
        }
        let json = try DecodingFixture.load(#"{"url": "https://example.com", "n": 3}"#)
        #expect(try json.decode(URL.self, at: "url").host == "example.com")
        expectDecodingFailure(.typeMismatch, at: "n", containing: ["expected URL"]) {
            try json.decode(URL.self, at: "n")
        }
    }
}

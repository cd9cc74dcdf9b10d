import DocQuery
import Foundation
import Testing

/// The five wrong answers found by running docq against an independent
/// implementation of the path language (issue 8), each on its minimised case.
@Suite struct CorrectnessFixesTests {
    static func json(_ text: String) throws -> Document {
        try Document(string: text, options: LoadOptions(format: .json))
    }

    // MARK: Integers and decimals compare exactly

    @Test func filtersCompareBigIntegersExactly() throws {
        let doc = try Self.json(#"[{"id":12345678901234567890}]"#)
        #expect(try doc.query("[?id == 12345678901234567891]").count == 0)
        #expect(try doc.query("[?id == 12345678901234567890]").count == 1)
        #expect(try doc.query("[?id < 12345678901234567891]").count == 1)
        #expect(try doc.query("[?id == '12345678901234567890']").count == 1)
    }

    @Test func filtersDoNotRoundDecimalsToDoubles() throws {
        let doc = try Self.json(#"[{"id":9007199254740992.0}]"#)
        #expect(try doc.query("[?id == 9007199254740993]").count == 0)
        #expect(try doc.query("[?id == 9007199254740992]").count == 1)
        #expect(try doc.query("[?id < 9007199254740993]").count == 1)
    }

    @Test func extremesAndDistinctUnionsKeepBigIntegersApart() throws {
        let doc = try Self.json("[12345678901234567890,12345678901234567891]")
        #expect(try doc.query("@max").string == "12345678901234567891")
        #expect(try doc.query("@min").string == "12345678901234567890")
        #expect(try doc.query("@distinctUnionOfObjects").count == 2)
        #expect(try doc.query("@sum").string == "24691357802469135781")
        let same = try Self.json("[1, 1.0, 1e0, 2]")
        #expect(try same.query("@distinctUnionOfObjects").count == 2)
    }

    // MARK: `..` selects each node once, in document order

    @Test func descendantsOfUnorderedInputAreSelectedOnce() throws {
        let doc = try Self.json(#"{"p":{"q":{"s":{"k":1}},"r":0}}"#)
        let result = try doc.query("..*._contents..k")
        #expect(result.count == 1)
        #expect(result.paths == ["p.q.s.k"])
        let twice = try Self.json(#"{"a":{"k":1,"b":{"k":2}},"c":{"k":3}}"#)
        #expect(try twice.query("..*._contents..k").compactMap(\.int) == [2])
    }

    // MARK: Keys are compared by their bytes

    @Test func twoSpellingsOfOneKeyStayTwoKeys() throws {
        let doc = try Self.json(#"{"cafe\u0301":{"caf\u00e9":1}}"#)
        #expect(try doc.query("cafe\u{301}.caf\u{E9}").int == 1)
        #expect(try doc.query("cafe\u{301}").count == 1)
        #expect(try doc.query("caf\u{E9}").count == 0)
        let values = try Self.json(#"["cafe\u0301","caf\u00e9","caf\u00e9"]"#)
        #expect(try values.query("@distinctUnionOfObjects").count == 2)
        #expect(try values.query("[?. == 'caf\u{E9}']").count == 2)
    }

    // MARK: Numbers beyond Double's range

    @Test func sumAndAverageBeyondDecimalRangeAreErrors() throws {
        let doc = try Self.json("[1e400]")
        for path in ["@sum", "@avg"] {
            do {
                let result = try doc.query(path)
                Issue.record("\(path) gave \(result.strings)")
            } catch {
                #expect(error.kind == .nonNumericValue)
                #expect(error.message.contains("exactly"), "\(error.message)")
            }
        }
        #expect(try Self.json("[1e30, 1]").query("@sum").string == "1" + String(repeating: "0", count: 29) + "1")
        // 1e100 + 1 needs 101 digits: Decimal would round it to 1e100, so it is an error.
        #expect(throws: QueryError.self) { try Self.json("[1e100, 1]").query("@sum") }
    }

    @Test func filterLiteralBeyondDoubleCompiles() throws {
        let doc = try Self.json("[1e400, 5, 1e308]")
        #expect(try doc.query("[?. == 1e400]").count == 1)
        #expect(try doc.query("[?. > 1e308]").strings == ["1e400"])
        #expect(try doc.query("[?. < 1e400]").count == 2)
        #expect(try doc.query("@max").string == "1e400")
    }

    // MARK: Whitespace-only CDATA follows the whitespace rule

    @Test func whitespaceOnlyCDATAIsNotTextInTheJSONForm() throws {
        let cdata = try Document(string: #"<r><a id="1"><![CDATA[ ]]></a></r>"#)
        let plain = try Document(string: #"<r><a id="1"> </a></r>"#)
        #expect(try cdata.query("a").node?.jsonString() == #"{"id":"1"}"#)
        #expect(try cdata.query("a").node?.jsonString() == plain.query("a").node?.jsonString())
        let between = try Document(string: "<r><a/><![CDATA[ \n ]]><b/></r>")
        #expect(between.root.children.count == 2)
        let text = try Document(string: "<r><a><![CDATA[ x ]]></a></r>")
        #expect(try text.query("a").string == " x ")
    }
}

extension CorrectnessFixesTests {
    @Test func boundNumbersCompareExactly() throws {
        let doc = try Self.json(#"[{"id":12345678901234567890},{"id":1e-5},{"id":1e20}]"#)
        #expect(try doc.query("[?id == $id]", ["id": Decimal(string: "12345678901234567890")!]).count == 1)
        #expect(try doc.query("[?id == $id]", ["id": 0.00001]).count == 1)
        #expect(try doc.query("[?id == $id]", ["id": 1e20]).count == 1)
        #expect(try doc.query("[?id == $id]", ["id": UInt64.max]).count == 0)
    }
}

import DocQuery
import Foundation
import Testing

/// `@sum` and `@avg` are never silently wrong; `@min`/`@max` follow one rule (issue 20).
@Suite("Exact sums and means")
struct ExactNumberTests {
    private func value(_ json: String, _ path: String) throws -> String? {
        try Document(string: json)[path].string
    }

    private func failure(_ json: String, _ path: String) throws -> QueryError? {
        try Document(string: json)[path].explanation?.error
    }

    @Test("a sum the decimal cannot hold exactly is an error, not a rounded sum")
    func inexactSum() throws {
        let error = try #require(try failure("[1e20,1e-20]", "@sum"))
        #expect(error.kind == .nonNumericValue)
        #expect(error.message.contains("more than 38 significant digits"), "\(error)")
        #expect(try failure("[1e20,1e-20]", "@avg") != nil)
        #expect(try failure("[9e200,9e200]", "@sum") != nil)
        // Held exactly: 18 × 10^127, and a 39-digit sum that fits.
        #expect(try value("[9e127,9e127]", "@sum") == "18" + String(repeating: "0", count: 127))
        #expect(try value("[1e20,1]", "@sum") == "100000000000000000001")
    }

    @Test("@avg is exact where the mean is", arguments: [
        ("[1e-100]", "0." + String(repeating: "0", count: 99) + "1"),
        ("[1,2]", "1.5"),
        ("[0.1,0.2]", "0.15"),
        ("[9223372036854775807,9223372036854775807]", "9223372036854775807"),
        ("[9223372036854775807,10,0,1]", "2305843009213693954.5"),
    ])
    func exactMean(_ example: (String, String)) throws {
        #expect(try value(example.0, "@avg") == example.1)
    }

    @Test("a mean that does not terminate is rounded once, half to even, to 38 digits", arguments: [
        ("[1,1,2]", "1.3333333333333333333333333333333333333"),
        ("[2,2,1]", "1.6666666666666666666666666666666666667"),
        // 9223372036854775817 / 3 = 3074457345618258605.666…: 38 digits, the last rounded up.
        ("[9223372036854775807,10,0]", "3074457345618258605.6666666666666666667"),
        // 38 nines twice plus 1, over 3: a 39-digit sum; 66…6.333… rounds down.
        ("[99999999999999999999999999999999999999,99999999999999999999999999999999999999,1]",
         String(repeating: "6", count: 38)),
        ("[-1,-1,-2]", "-1.3333333333333333333333333333333333333"),
    ])
    func roundedMean(_ example: (String, String)) throws {
        #expect(try value(example.0, "@avg") == example.1)
    }

    @Test("ties round to even at the 38th digit")
    func halfToEven() throws {
        let odd = "1" + String(repeating: "0", count: 36) + "1"    // 38 digits
        let even = "1" + String(repeating: "0", count: 36) + "2"
        #expect(try value("[\(odd),\(even)]", "@avg") == even)   // …1.5 → …2
        let low = "1" + String(repeating: "0", count: 35) + "20"
        let high = "1" + String(repeating: "0", count: 35) + "21"
        #expect(try value("[\(low),\(high)]", "@avg") == low)    // …20.5 → …20
    }

    @Test("@min and @max: numbers by number, all text by text, a JSON number beside other text is an error")
    func extremesRule() async throws {
        let xml = try Document(string: "<r><a>9</a><a>Z</a><a>10</a></r>")
        #expect(xml["a.@max"].string == "Z")
        #expect(xml["a.@min"].string == "10")
        #expect(try value(#"["9","Z"]"#, "@max") == "Z")
        #expect(try value(#"[9,"10"]"#, "@max") == "10")
        #expect(try value(#"["9","10"]"#, "@max") == "10")
        let error = try #require(try failure(#"[9,"Z"]"#, "@max"))
        #expect(error.kind == .incomparableValues)
        // A stream folds by the same rule.
        var streamed: [String?] = []
        for try await match in try PathQuery("a.@max").stream(data: Data("<r><a>9</a><a>Z</a><a>10</a></r>".utf8)) {
            streamed.append(match.string)
        }
        #expect(streamed == ["Z"])
    }
}

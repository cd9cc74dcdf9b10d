import Testing
import DocTree

@Suite struct JSONWriterTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let input: String
        let compact: String
        var testDescription: String { input }
    }

    static let jsonCases: [Case] = [
        Case(input: #"{"b":1,"a":[true,false,null]}"#, compact: #"{"b":1,"a":[true,false,null]}"#),
        Case(input: #" { "n" : 1e400 , "big": 12345678901234567890, "neg": -0.0 } "#,
             compact: #"{"n":1e400,"big":12345678901234567890,"neg":-0.0}"#),
        Case(input: #"{"k":"caf\u00e9 \"q\" \\ \n \u0001"}"#, compact: #"{"k":"café \"q\" \\ \n \u0001"}"#),
        Case(input: #"{"상영관명":"MMC 만경관 1관","위도":35.8709275}"#, compact: #"{"상영관명":"MMC 만경관 1관","위도":35.8709275}"#),
        Case(input: #"{"a":1,"a":2}"#, compact: #"{"a":1,"a":2}"#),
        Case(input: #"[[],{},[{}],""]"#, compact: #"[[],{},[{}],""]"#),
        Case(input: "  42 ", compact: "42"),
        Case(input: #""\ud83c\udf89""#, compact: "\"🎉\""),
    ]

    @Test(arguments: jsonCases)
    func compactJSON(_ c: Case) throws {
        let doc = try Document(string: c.input, options: LoadOptions(format: .json))
        #expect(doc.jsonString() == c.compact)
        // What was written loads again to the same text.
        let again = try Document(string: doc.jsonString(), options: LoadOptions(format: .json))
        #expect(again.jsonString() == c.compact)
    }

    @Test func prettyJSONIndentsByTwoSpaces() throws {
        let doc = try Document(string: #"{"a":[1,{"b":null}],"c":{},"d":[]}"#, options: LoadOptions(format: .json))
        #expect(doc.jsonString(pretty: true) == """
            {
              "a": [
                1,
                {
                  "b": null
                }
              ],
              "c": {},
              "d": []
            }
            """)
    }

    @Test func subtreeWritesOnlyThatNode() throws {
        let doc = try Document(string: #"{"x":{"y":[1,2]}}"#, options: LoadOptions(format: .json))
        let x = try #require(doc.root.children(named: "x").first)
        #expect(x.jsonString() == #"{"y":[1,2]}"#)
    }

    @Test func deepNestingWritesWithoutRecursion() throws {
        let depth = 9_000
        let input = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let doc = try Document(string: input, options: LoadOptions(format: .json))
        #expect(doc.jsonString() == input)
    }

    struct XMLCase: Sendable, CustomTestStringConvertible {
        let xml: String
        let json: String
        var testDescription: String { xml }
    }

    static let xmlCases: [XMLCase] = [
        XMLCase(xml: "<a>text</a>", json: #""text""#),
        XMLCase(xml: "<a/>", json: #""""#),
        XMLCase(xml: #"<Quote><Price currency="USD">189.97</Price></Quote>"#,
                json: #"{"Price":{"currency":"USD","_string":"189.97"}}"#),
        XMLCase(xml: """
            <rsp stat="ok">
              <auth><token>abc</token><user id="1" username="bob"/></auth>
              <lists><list id="1"/><list id="2"><filter>(priority:1)</filter></list></lists>
            </rsp>
            """,
                json: #"{"stat":"ok","auth":{"token":"abc","user":{"id":"1","username":"bob"}},"lists":{"list":[{"id":"1"},{"id":"2","filter":"(priority:1)"}]}}"#),
        XMLCase(xml: "<p>Hello <b>big</b> world</p>", json: #"{"b":"big","_string":"Hello  world"}"#),
        XMLCase(xml: #"<s:Envelope xmlns:s="urn:s"><s:Body><x>1</x><y>2</y><x>3</x></s:Body></s:Envelope>"#,
                json: #"{"s:Body":{"x":["1","3"],"y":"2"}}"#),
        XMLCase(xml: #"<r><n a="&quot;q&quot; &amp; &lt;">line1&#10;line2</n></r>"#,
                json: #"{"n":{"a":"\"q\" & <","_string":"line1\nline2"}}"#),
    ]

    @Test(arguments: xmlCases)
    func xmlMapsToJSON(_ c: XMLCase) throws {
        let doc = try Document(string: c.xml, options: LoadOptions(format: .xml))
        #expect(doc.jsonString() == c.json)
        // The mapping always yields valid JSON.
        _ = try Document(string: doc.jsonString(), options: LoadOptions(format: .json))
    }
}

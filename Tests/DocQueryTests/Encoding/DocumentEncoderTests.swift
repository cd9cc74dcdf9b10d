import DocQuery
import DocTree
import Foundation
import Testing

/// Building documents: the exact bytes the encoder writes for JSON and XML,
/// its strategies, and the errors of what cannot be written.
@Suite struct DocumentEncoderTests {
    struct Todo: Codable, Equatable {
        var id: Int
        var title: String
        var done: Bool
        var tags: [String]
    }

    static let todo = Todo(id: 7, title: "Write <docs> & more", done: false, tags: ["docs", "a\"b"])

    static func text(_ value: some Encodable, as format: DocumentFormat, _ encoder: DocumentEncoder = DocumentEncoder()) throws -> String {
        String(decoding: try encoder.encode(value, as: format), as: UTF8.self)
    }

    @Test func jsonCompactKeepsDeclarationOrder() throws {
        #expect(try Self.text(Self.todo, as: .json) == #"{"id":7,"title":"Write <docs> & more","done":false,"tags":["docs","a\"b"]}"#)
    }

    @Test func jsonIndented() throws {
        var encoder = DocumentEncoder()
        encoder.formatting = .indented(by: "    ")
        #expect(try encoder.encode(["a": [1, 2], "b": [:]] as EditValue, as: .json) == Array("""
            {
                "a": [
                    1,
                    2
                ],
                "b": {}
            }
            """.utf8))
    }

    @Test func xmlCompactWithAttributes() throws {
        var encoder = DocumentEncoder()
        encoder.attributeStrategy = .keys(["id"])
        encoder.rootElementName = "todo"
        #expect(try Self.text(Self.todo, as: .xml, encoder) == """
            <?xml version="1.0" encoding="UTF-8"?>
            <todo id="7"><title>Write &lt;docs> &amp; more</title><done>false</done><tags>docs</tags><tags>a"b</tags></todo>
            """)
    }

    @Test func xmlIndentedWithoutDeclaration() throws {
        struct Price: Codable { var currency: String; var amount: Decimal
            enum CodingKeys: String, CodingKey { case currency = "@currency", amount = "_string" } }
        struct Item: Codable { var name: String; var price: Price; var note: String? }
        var encoder = DocumentEncoder(formatting: .indented(by: "  "))
        encoder.writesXMLDeclaration = false
        encoder.rootElementName = "items"
        let items = ["item": [Item(name: "Tea", price: Price(currency: "KRW", amount: Decimal(string: "1200.50")!), note: nil)]]
        #expect(try Self.text(items, as: .xml, encoder) == """
            <items>
              <item>
                <name>Tea</name>
                <price currency="KRW">1200.5</price>
              </item>
            </items>

            """)
    }

    @Test func literalsBuildBothFormats() throws {
        let value: EditValue = ["@version": "2", "name": "x", "deps": ["a", "b"], "empty": nil, "n": 1.5]
        let json = try DocumentEncoder().encode(value, as: .json)
        #expect(String(decoding: json, as: UTF8.self) == #"{"@version":"2","name":"x","deps":["a","b"],"empty":null,"n":1.5}"#)
        let xml = try Document(value, as: .xml)
        #expect(xml.root.name == "root")
        #expect(xml["version"].string == "2")
        #expect(xml["deps"].strings == ["a", "b"])
        #expect(xml.root.attributes.count == 1)
        let editor = try DocumentEditor(value, as: .xml, using: DocumentEncoder(rootElementName: "project", writesXMLDeclaration: false))
        #expect(String(decoding: editor.bytes, as: UTF8.self)
            == #"<project version="2"><name>x</name><deps>a</deps><deps>b</deps><empty/><n>1.5</n></project>"#)
    }

    @Test func reservedAttributesKeyAndEscaping() throws {
        let value: EditValue = ["_attributes": ["a": "x\"y\tz\n", "b": 1], "_string": "1 ]]> 2\r"]
        let text = String(decoding: try DocumentEncoder(writesXMLDeclaration: false).encode(value, as: .xml), as: UTF8.self)
        #expect(text == #"<root a="x&quot;y&#9;z&#10;" b="1">1 ]]&gt; 2&#13;</root>"#)
        let doc = try Document(string: text)
        #expect(doc["a"].string == "x\"y\tz\n")
        #expect(doc.root.string == "1 ]]> 2\r")
    }

    @Test func snakeCaseKeys() throws {
        struct Row: Codable, Equatable { var sgName: String; var myURLPath: String; var _private_: Int }
        var encoder = DocumentEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let row = Row(sgName: "a", myURLPath: "b", _private_: 1)
        #expect(try Self.text(row, as: .json, encoder) == #"{"sg_name":"a","my_url_path":"b","_private_":1}"#)
    }

    @Test func datesByStrategy() throws {
        let date = Date(timeIntervalSince1970: 1_528_882_200.25)  // 2018-06-13T09:30:00.250Z
        #expect(try Self.text([date], as: .json) == #"["2018-06-13T09:30:00.250Z"]"#)
        #expect(try Self.text([Date(timeIntervalSince1970: -86_400)], as: .json) == #"["1969-12-31T00:00:00Z"]"#)
        var encoder = DocumentEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        #expect(try Self.text([date], as: .json, encoder) == "[1528882200.25]")
        encoder.dateEncodingStrategy = .millisecondsSince1970
        #expect(try Self.text([date], as: .json, encoder) == "[1528882200250]")
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode("day \(Int(date.timeIntervalSince1970) / 86_400)")
        }
        #expect(try Self.text([date], as: .json, encoder) == #"["day 17695"]"#)
        let seoul = TimeZone(identifier: "Asia/Seoul")!
        encoder.dateEncodingStrategy = .formatted("yyyyMMdd", timeZone: seoul)
        #expect(try Self.text([date], as: .json, encoder) == #"["20180613"]"#)
        encoder.dateEncodingStrategy = .formatted("yyyy-MM-dd'T'HH:mm:ss.SSSXXX", timeZone: seoul)
        #expect(try Self.text([date], as: .json, encoder) == #"["2018-06-13T18:30:00.250+09:00"]"#)
        encoder.dateEncodingStrategy = .formatted("d.M.yyyy H:m:s.SS x'h'", timeZone: TimeZone(identifier: "America/St_Johns")!)
        #expect(try Self.text([date], as: .json, encoder) == #"["13.6.2018 7:0:0.25 -0230h"]"#)
        encoder.dateEncodingStrategy = .formatted("X", timeZone: .gmt)
        #expect(try Self.text([date], as: .json, encoder) == #"["Z"]"#)
        encoder.dateEncodingStrategy = .formatted("EEEE", timeZone: .gmt)
        #expect(Self.failure { try encoder.encode([date], as: .json) }?.message.contains("the date format \"EEEE\" is not supported") == true)
        // The ends of the four-digit years, and past them an error, not a trap.
        #expect(try Self.text([Date(timeIntervalSince1970: -62_135_596_800)], as: .json) == #"["0001-01-01T00:00:00Z"]"#)
        #expect(try Self.text([Date(timeIntervalSince1970: 253_402_300_799.5)], as: .json) == #"["9999-12-31T23:59:59.500Z"]"#)
        for far in [Date(timeIntervalSince1970: 1e300), Date(timeIntervalSince1970: -1e20), Date(timeIntervalSince1970: .nan)] {
            #expect(Self.failure { try DocumentEncoder().encode([far], as: .json) }?.message.contains("no four-digit year") == true)
        }
    }

    @Test func numbersAndSpecialValues() throws {
        let value: [String: Double] = ["a": 0.1, "b": 1e300, "c": -0.0, "d": 3]
        #expect(try Self.text(value, as: .json) == #"{"a":0.1,"b":1e+300,"c":0,"d":3}"#)
        #expect(try Self.text(["f": Float(0.1)], as: .json) == #"{"f":0.1}"#)
        #expect(try Self.text(["u": UInt64.max], as: .json) == #"{"u":18446744073709551615}"#)
        let infinite = ["x": Double.infinity, "y": -.infinity, "z": .nan]
        #expect(try Self.text(infinite, as: .xml, DocumentEncoder(writesXMLDeclaration: false))
            == "<root><x>INF</x><y>-INF</y><z>NaN</z></root>")
        #expect(throws: EncodingError.self) { try DocumentEncoder().encode(infinite, as: .json) }
    }

    /// The problem an `EncodingError` states, and its coding path.
    static func failure(_ body: () throws -> Any) -> (path: String, message: String)? {
        do {
            _ = try body()
            return nil
        } catch let EncodingError.invalidValue(_, context) {
            return (context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: "/"), context.debugDescription)
        } catch {
            return ("", "\(error)")
        }
    }

    @Test func invalidNamesAndShapesAreRejected() throws {
        let encoder = DocumentEncoder()
        let badName = Self.failure { try encoder.encode(["items": ["unit price": 1]], as: .xml) }
        #expect(badName?.path == "items/unit price")
        #expect(badName?.message.contains("'unit price' is not an XML name") == true)
        #expect(Self.failure { try encoder.encode(["1st": 1], as: .xml) }?.message.contains("'1st' is not an XML name") == true)
        var rooted = encoder
        rooted.rootElementName = "my root"
        #expect(Self.failure { try rooted.encode(["a": 1], as: .xml) }?.message.contains("'my root'") == true)
        #expect(Self.failure { try encoder.encode([1, 2], as: .xml) }?.message.contains("one root element") == true)
        let nested = Self.failure { try encoder.encode(["m": [[1, 2], [3]]], as: .xml) }
        #expect(nested?.path == "m/[0]")
        #expect(nested?.message.contains("no arrays of arrays") == true)
        let attribute = Self.failure { try encoder.encode(EditValue(["@a": [1]]), as: .xml) }
        #expect(attribute?.message.contains("an attribute holds text") == true)
        let control = Self.failure { try encoder.encode(["t": "a\u{1}b"], as: .xml) }
        #expect(control?.message == "t: U+1 is not a character XML 1.0 can hold")
        let prefix = Self.failure { try encoder.encode(["s:Body": 1], as: .xml) }
        #expect(prefix?.message.contains("the prefix 's' of 's:Body' is not bound") == true)
        let twice = Self.failure { try encoder.encode(EditValue(["@a": 1, "_attributes": ["a": 2]]), as: .xml) }
        #expect(twice?.message.contains("the attribute 'a' is written twice") == true)
        let unnamed = Self.failure { try encoder.encode(EditValue(["_contents": [["a": 1]]]), as: .xml) }
        #expect(unnamed?.message == "_contents[0]: an element of _contents is a keyed value that names itself with _elementName")
        let renamed = Self.failure { try encoder.encode(EditValue(["b": ["_elementName": "c"]]), as: .xml) }
        #expect(renamed?.message == "b._elementName: _elementName must be the element's name, 'b'")
        // The same values are fine in JSON.
        #expect(try Self.text(["unit price": 1], as: .json) == #"{"unit price":1}"#)
    }

    @Test func boundPrefixesAreAccepted() throws {
        let value: EditValue = ["@xmlns:s": "urn:s", "s:Body": ["@s:id": "1", "x": 2]]
        let doc = try Document(value, as: .xml)
        #expect(doc["Body.x"].string == "2")
        #expect(doc["s:Body.id"].string == "1")
        let notAURI = Self.failure { try DocumentEncoder().encode(EditValue(["@xmlns:s": "two\nlines", "s:a": 1]), as: .xml) }
        #expect(notAURI?.message.contains("the namespace declarations do not load") == true)
    }

    @Test func customAttributeStrategy() throws {
        struct Link: Codable { var href: String; var text: String }
        struct Page: Codable { var href: String; var link: Link }
        var encoder = DocumentEncoder(writesXMLDeclaration: false)
        encoder.attributeStrategy = .custom { path in path.count == 2 && path.last?.stringValue == "href" }
        #expect(try Self.text(Page(href: "p", link: Link(href: "l", text: "t")), as: .xml, encoder)
            == #"<root><href>p</href><link href="l"><text>t</text></link></root>"#)
        // JSON has no attributes: the strategy is ignored.
        #expect(try Self.text(Page(href: "p", link: Link(href: "l", text: "t")), as: .json, encoder)
            == #"{"href":"p","link":{"href":"l","text":"t"}}"#)
    }
}

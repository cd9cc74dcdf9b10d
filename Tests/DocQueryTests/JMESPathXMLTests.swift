@testable import DocQuery
import Foundation
import TestSupport
import Testing

/// JMESPath over XML sees the document through the XML-to-JSON mapping of
/// `jsonString()`: these tests reshape feeds and a SOAP response, and check
/// that the view agrees with the JSON writer on every element of the
/// example documents.
@Suite struct JMESPathXMLTests {
    static func example(_ name: String) throws -> Document {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/documents/\(name)")
        return try Document(contentsOf: url)
    }

    static func json(_ expression: String, _ document: Document) throws -> String {
        try JMESPath(expression).jsonString(on: document)
    }

    @Test func atomFeedReshapesIntoTitleDatePairs() throws {
        let feed = try Self.example("feed.xml")
        #expect(try Self.json("entry[*].{title: title, date: updated}", feed) == """
            [{"title":"Atom-Powered Robots Run Amok","date":"2003-12-13T18:30:02Z"},\
            {"title":"Robots Sighted in Town","date":"2003-12-14T09:15:00Z"}]
            """)
        #expect(try Self.json("sort_by(entry, &updated)[-1].title", feed) == #""Robots Sighted in Town""#)
        #expect(try Self.json("link.href", feed) == #""http://example.org/""#)
        #expect(try Self.json("join(', ', entry[*].title)", feed) == #""Atom-Powered Robots Run Amok, Robots Sighted in Town""#)
        #expect(try Self.json("length(entry)", feed) == "2")
    }

    @Test func rssItemsFilterAndSort() throws {
        let rss = try Fixtures.document("rss")
        #expect(try Self.json("channel.item[*].title", rss) == #"["One","Two","Three"]"#)
        #expect(try Self.json("channel.item[1].category", rss) == #"["XML","JSON"]"#)
        #expect(try Self.json("channel.item[?contains(to_array(category), 'JSON')].title", rss) == #"["Two","Three"]"#)
        #expect(try Self.json("reverse(sort_by(channel.item, &pubDate))[0].title", rss) == #""Three""#)
        #expect(try Self.json("channel.item[?pubDate >= '2019'] | [*].{t: title, d: pubDate}", rss)
                == #"[{"t":"Two","d":"2019-01-02"},{"t":"Three","d":"2020-03-04"}]"#)
        #expect(try Self.json("channel.item[].category[]", rss) == #"["Swift","XML","JSON","JSON"]"#)
        #expect(try Self.json("version", rss) == #""2.0""#)
    }

    @Test func oneRepeatedElementIsAnObjectAndToArrayEvensItOut() throws {
        let one = try Document(string: "<feed><entry><title>A</title></entry></feed>")
        let two = try Document(string: "<feed><entry><title>A</title></entry><entry><title>B</title></entry></feed>")
        #expect(try Self.json("entry.title", one) == #""A""#)
        #expect(try Self.json("entry.title", two) == "null")
        #expect(try Self.json("to_array(entry)[*].title", one) == #"["A"]"#)
        #expect(try Self.json("to_array(entry)[*].title", two) == #"["A","B"]"#)
    }

    @Test func soapQuoteByQualifiedAndLocalNames() throws {
        let quote = try Self.example("quote.xml")
        #expect(try Self.json(#""soap:Body"."m:GetQuoteResponse"."m:Quote"."m:Symbol""#, quote) == #""AAPL""#)
        #expect(try Self.json("Body.GetQuoteResponse.Quote.Symbol", quote) == #""AAPL""#)
        #expect(try Self.json("Body.GetQuoteResponse.Quote.Price", quote) == #"{"currency":"USD","_string":"189.97"}"#)
        #expect(try Self.json("to_number(Body.GetQuoteResponse.Quote.Price._string)", quote) == "189.97")
        #expect(try Self.json("keys(@)", quote) == #"["soap:encodingStyle","soap:Body"]"#)
        #expect(try Self.json("Body.GetQuoteResponse.Quote.Volume > `50000000`", quote) == "null",
                "XML text is a string, never guessed to be a number")
        #expect(try Self.json("to_number(Body.GetQuoteResponse.Quote.Volume) > `50000000`", quote) == "true")
    }

    @Test func mixedContentAndAttributes() throws {
        let mixed = try Fixtures.document("mixed")
        #expect(try Self.json("p", mixed) == #"{"class":"x","b":"bold","_string":"Hello  world & more"}"#)
        #expect(try Self.json("p._string", mixed) == #""Hello  world & more""#)
        #expect(try Self.json("p.class", mixed) == #""x""#)
        #expect(try Self.json("empty", mixed) == #""""#)
        #expect(try Self.json("[empty, price]", mixed) == #"[""," 10 "]"#)
        #expect(try Self.json("*", mixed) == (try Self.json("values(@)", mixed)))
    }

    /// Every element of every example document: the view's members (via
    /// `merge(@)`, which rebuilds an object member by member) or its string
    /// agree with what `jsonString()` writes, and `type`/`length` agree too.
    @Test(arguments: ["feed.xml", "quote.xml", "lists.xml", "rsp.xml", "schedule.xml", "schedule-one.xml"])
    func viewAgreesWithTheJSONWriter(_ name: String) throws {
        let document = try Self.example(name)
        let object = try JMESPath("merge(@)"), current = try JMESPath("@"), kind = try JMESPath("type(@)")
        var checked = 0
        for index in 0..<UInt32(document.nodeCount) where document.node(at: index).kind == .element {
            let node = document.node(at: index)
            let (evaluator, type) = try kind.run(on: document, from: .node(index))
            let written = node.jsonString()
            if evaluator.string(type) == "object" {
                let (e, merged) = try object.run(on: document, from: .node(index))
                #expect(e.jsonString(merged) == written, "\(name) node \(index)")
            } else {
                #expect(evaluator.string(type) == "string")
                let (e, value) = try current.run(on: document, from: .node(index))
                #expect(e.jsonString(.string(e.string(value) ?? "")) == written)
            }
            checked += 1
        }
        #expect(checked >= 3)
    }
}

import DocQuery
import Foundation
import TestSupport
import Testing

/// Streaming XML where the router takes shortcuts: names compared once per
/// parser pointer (with more names than its table has slots), one builder
/// reused for every candidate, and candidates handed on from inside the
/// parse (a consumer that throws stops it at once).
@Suite struct XMLStreamingTests {
    /// An element with `count` distinct attribute names, a prefixed `k`
    /// and a plain one, repeated: far more names than the name-match tables
    /// start with, so they grow while the same names come back.
    static func manyNames(count: Int, elements: Int) -> String {
        var text = #"<r xmlns:p="urn:p">"#
        for e in 0..<elements {
            let names = (0..<count).map { " a\(($0 * 7 + e) % count)=\"\(e)-\($0)\"" }.joined()
            text += "<e\(names) k=\"plain\(e)\" p:k=\"prefixed\(e)\"><k>child\(e)</k></e>"
        }
        return text + "</r>"
    }

    @Test(arguments: ["e.k", "e.p:k", "e.a17", "e.a599", "e.a0._elementName", "e[?k == 'plain3'].a5", "e.k.@count"])
    func manyAttributeNamesStreamAsInMemory(_ path: String) throws {
        let text = Self.manyNames(count: 600, elements: 6)
        let document = try Document(data: Data(text.utf8))
        let expected = try PathQuery(path).evaluate(on: document).selectedMatches.map(StreamDifferentialTests.render)
        #expect(!expected.isEmpty)
        #expect(try StreamingTests.stream(path, text, slice: 4096) == expected)
        #expect(try StreamingTests.stream(path, text, slice: 5) == expected)
    }

    @Test func candidatesOfOneBuilderKeepTheirOwnValues() throws {
        // Names appear for the first time in late candidates, and each
        // candidate's document must keep its own text and names after the
        // builder moved on to the next ones.
        let text = "<r>" + (0..<50).map { "<i n\($0)=\"\($0)\" k=\"v\($0)\"><x\($0 % 7)>t\($0)</x\($0 % 7)></i>" }.joined() + "</r>"
        var documents: [(Match, String)] = []
        try PathQuery("i").streamMatches(ChunkedInput(bytes: Array(text.utf8), sliceSize: 64), options: LoadOptions()) {
            documents.append(($0, StreamDifferentialTests.render($0)))
        }
        let expected = try PathQuery("i").evaluate(on: Document(data: Data(text.utf8))).selectedMatches
            .map(StreamDifferentialTests.render)
        #expect(documents.map(\.1) == expected)
        // Rendered again once all are built: nothing was overwritten.
        #expect(documents.map { StreamDifferentialTests.render($0.0) } == expected)
        #expect(documents[49].0["n49"].string == "49")
        #expect(documents[3].0["x3"].string == "t3")
    }

    struct Stop: Error {}

    @Test func aConsumerThatThrowsStopsTheParseAtOnce() throws {
        // All candidates sit in one chunk; the consumer stops at the third.
        let text = "<r>" + (0..<100).map { "<i k=\"\($0)\"/>" }.joined() + "</r>"
        var seen: [String] = []
        #expect(throws: Stop.self) {
            try PathQuery("i.k").streamMatches(ChunkedInput(bytes: Array(text.utf8)), options: LoadOptions()) {
                seen.append($0.string ?? "")
                if seen.count == 3 { throw Stop() }
            }
        }
        #expect(seen == ["0", "1", "2"])
        // Malformed input after complete candidates: they are delivered, then the error.
        let (values, error) = try StreamingTests.stream("i.k", Array("<r><i k=\"1\"/><i k=\"2\"/><i k=\"3\"></r>".utf8), slice: nil)
        #expect(values == ["\"1\"", "\"2\"", "\"3\""])
        #expect(error is LoadError)
    }

    /// The stream router is a sink of the same events as the tree builder:
    /// defaulted attributes (XML 1.0 section 5.1), attribute values
    /// normalised through entities (3.3.3), CDATA line ends (2.11) and
    /// skipped external entities come out of a stream as out of a load.
    @Test(arguments: ["i.kind", "i", "i.v", "i.c", "i.kind._elementName"])
    func streamedCandidatesFollowTheSameXMLRules(_ path: String) throws {
        let text = """
            <!DOCTYPE r [
              <!ENTITY t "a&#9;b">
              <!ENTITY ext SYSTEM "file:///etc/passwd">
              <!ATTLIST i kind CDATA "plain">
            ]>
            <r><i v="&t;"><c><![CDATA[x\r\ny]]>&ext;</c></i><i kind="given" v="1&#13;2"/></r>
            """
        let document = try Document(data: Data(text.utf8))
        let expected = try PathQuery(path).evaluate(on: document).selectedMatches.map(StreamDifferentialTests.render)
        #expect(!expected.isEmpty)
        #expect(try StreamingTests.stream(path, text, slice: 3) == expected)
        #expect(try StreamingTests.stream(path, text, slice: nil) == expected)
        if path == "i.kind" { #expect(expected == ["\"plain\"", "\"given\""]) }
        if path == "i.v" { #expect(expected == ["\"a b\"", "\"1\\r2\""]) }
        if path == "i.c" { #expect(expected == ["\"x\\ny\""]) }
    }
}

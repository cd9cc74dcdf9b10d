import Testing
@testable import DocTree

@Suite struct XMLNamespaceTests {
    static let atom = """
        <?xml version="1.0" encoding="utf-8"?>
        <feed xmlns="http://www.w3.org/2005/Atom">
          <title>Example Feed</title>
          <entry>
            <title>First</title>
            <link href="http://example.org/1"/>
          </entry>
          <entry>
            <title>Second</title>
          </entry>
        </feed>
        """

    static let soap = """
        <?xml version="1.0"?>
        <soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"
                       xmlns:m="http://www.example.org/stock" soap:encodingStyle="urn:enc">
          <soap:Body>
            <m:GetQuoteResponse>
              <m:price>34.5</m:price>
            </m:GetQuoteResponse>
          </soap:Body>
        </soap:Envelope>
        """

    @Test func atomFeedWithDefaultNamespaceIsReachableByLocalName() throws {
        let feed = try loadXML(Self.atom).root
        #expect(feed.name == "feed")
        #expect(feed.namespaceURI == "http://www.w3.org/2005/Atom")
        let entries = feed.children(named: "entry")
        #expect(entries.count == 2)
        #expect(entries.map { $0.xmlFirst("title")?.string } == ["First", "Second"])
        #expect(entries.allSatisfy { $0.namespaceURI == "http://www.w3.org/2005/Atom" })
        // Attributes without a prefix have no namespace, even under a default one.
        let link = try #require(entries[0].xmlFirst("link"))
        #expect(link.attribute(named: "href")?.namespaceURI == nil)
        #expect(feed.xmlFirst("title")?.string == "Example Feed")
    }

    @Test func soapEnvelopeIsReachableByLocalAndQualifiedNames() throws {
        let envelope = try loadXML(Self.soap).root
        #expect(envelope.name == "soap:Envelope")
        #expect(envelope.localName == "Envelope")
        #expect(envelope.prefix == "soap")
        #expect(envelope.namespaceURI == "http://www.w3.org/2003/05/soap-envelope")
        let byLocal = try #require(envelope.xmlFirst("Body"))
        let byQualified = try #require(envelope.xmlFirst("soap:Body"))
        #expect(byLocal == byQualified)
        let price = byLocal.xmlFirst("GetQuoteResponse")?.xmlFirst("price")
        #expect(price?.string == "34.5")
        #expect(price?.name == "m:price")
        #expect(price?.namespaceURI == "http://www.example.org/stock")
        let style = try #require(envelope.attribute(named: "encodingStyle"))
        #expect(style.name == "soap:encodingStyle")
        #expect(style.namespaceURI == "http://www.w3.org/2003/05/soap-envelope")
        #expect(envelope.attribute(named: "soap:encodingStyle") == style)
        // xmlns declarations are not attributes.
        #expect(envelope.attributes.map(\.name) == ["soap:encodingStyle"])
    }

    struct URICase: Sendable, CustomTestStringConvertible {
        let element: String
        let uri: String?
        var testDescription: String { element }
    }

    @Test(arguments: [
        URICase(element: "plain", uri: nil),
        URICase(element: "d:rebound", uri: "urn:rebound"),
        URICase(element: "inner", uri: "urn:inner"),
        URICase(element: "undeclared", uri: nil),
    ])
    func namespaceURIsAreResolvedPerElement(_ row: URICase) throws {
        let xml = """
            <root xmlns="urn:default" xmlns:d="urn:d">
              <plain xmlns=""/>
              <d:x xmlns:d="urn:rebound"><d:rebound/></d:x>
              <wrap xmlns="urn:inner"><inner/></wrap>
              <w xmlns=""><undeclared/></w>
            </root>
            """
        let document = try loadXML(xml)
        let node = (0..<UInt32(document.nodeCount)).map(document.node(at:)).first { $0.name == row.element }
        #expect(try #require(node).namespaceURI == row.uri)
        #expect(document.root.namespaceURI == "urn:default")
    }

    @Test func namespaceURIsAreNotSplitIntoLocalNames() throws {
        let document = try loadXML(#"<a xmlns="urn:x:y"><b/></a>"#)
        // The URI is interned whole; its text after a colon is not a name.
        #expect(document.table.names.id(of: "x:y") == nil)
        #expect(document.root.children(named: "x:y").isEmpty)
    }

    @Test func undeclaredPrefixIsAnError() throws {
        let error = try #require(loadError("<a>\n  <p:b/>\n</a>"))
        #expect(error.kind == .invalidSyntax)
        #expect(error.location?.line == 2)
        #expect(error.message.contains("p"))
    }
    // Namespace URIs reach the tree decoded, like attribute values: libxml2
    // hands them over with `&#38;` for a literal `&` and internal entity
    // references left in place (the XML round-trip fuzz target's first find).

    struct DecodedURICase: Sendable, CustomTestStringConvertible {
        let xml: String
        let uri: String
        var testDescription: String { xml }
    }

    static let entityDTD = #"<!DOCTYPE f [<!ENTITY e "urn:x"><!ENTITY amp2 "a&#38;#38;b">]>"#

    @Test(arguments: [
        DecodedURICase(xml: #"<f xmlns="&amp;"/>"#, uri: "&"),
        DecodedURICase(xml: #"<f xmlns="urn:a&#38;b"/>"#, uri: "urn:a&b"),
        DecodedURICase(xml: #"<f xmlns="urn:&#x41;&#66;"/>"#, uri: "urn:AB"),
        DecodedURICase(xml: #"<f xmlns="urn:&apos;q&apos;"/>"#, uri: "urn:'q'"),
        DecodedURICase(xml: entityDTD + #"<f xmlns="&e;"/>"#, uri: "urn:x"),
        DecodedURICase(xml: entityDTD + #"<p:f xmlns:p="&e;/&amp;"/>"#, uri: "urn:x/&"),
        DecodedURICase(xml: entityDTD + #"<f xmlns="&amp2;"/>"#, uri: "a&b"),
    ])
    func elementNamespaceURIsAreDecoded(_ row: DecodedURICase) throws {
        let document = try loadXML(row.xml)
        #expect(document.root.namespaceURI == row.uri)
        try expectXMLRoundTrip(document)
    }

    @Test func attributeNamespaceURIsAreDecoded() throws {
        let document = try loadXML(Self.entityDTD + #"<f xmlns:p="&e;" xmlns:q="q&amp;r" p:a="1" q:b="2"/>"#)
        #expect(document.root.namespaceURI == nil)
        #expect(document.root.attribute(named: "p:a")?.namespaceURI == "urn:x")
        #expect(document.root.attribute(named: "q:b")?.namespaceURI == "q&r")
        try expectXMLRoundTrip(document)
    }

    @Test func sameURIWrittenTwoWaysIsOneNamespace() throws {
        // Two spellings of one URI bind the same namespace once decoded.
        let document = try loadXML(Self.entityDTD + #"<a xmlns="urn:x"><b xmlns="&e;"/><c xmlns="urn&#58;x"/></a>"#)
        let uris = document.root.children.map(\.namespaceURI)
        #expect(uris == ["urn:x", "urn:x"])
        #expect(document.root.namespaceURI == "urn:x")
    }

    @Test func namespaceURIEntitiesAreChargedToTheExpansionBudget() throws {
        var options = LoadOptions(format: .xml)
        options.maxEntityExpansion = 100
        let xml = #"<!DOCTYPE f [<!ENTITY a "0123456789"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><f xmlns="&b;"/>"#
        let error = try #require(loadError(xml, options))
        #expect(error.kind == .entityNotAllowed)
        #expect(error.message.contains("maxEntityExpansion"))
    }

    /// Writes `document` as XML, loads the output again, and expects the same
    /// names, namespace URIs and values in the same order.
    private func expectXMLRoundTrip(
        _ document: Document, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let written = try #require(document.root.xmlString(), sourceLocation: sourceLocation)
        let reloaded = try loadXML(written)
        func shape(_ doc: Document) -> [String] {
            (0..<UInt32(doc.nodeCount)).map(doc.node(at:)).map {
                "\($0.kind) \($0.name ?? "") \($0.namespaceURI ?? "-") \($0.string ?? "")"
            }
        }
        #expect(shape(reloaded) == shape(document), "\(written)", sourceLocation: sourceLocation)
    }
}

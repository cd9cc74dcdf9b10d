import Testing
import DocTree

@Suite struct XMLWriterTests {
    static let declaration = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"

    @Test(arguments: [
        #"<r a="1" b="x &amp; y"><c>t &lt; u</c><d/><e>mixed <f>in</f> text</e></r>"#,
        #"<root xmlns="urn:d" xmlns:a="urn:a"><a:item a:attr="A" attr="none">x</a:item><inner xmlns="urn:i"><item/></inner><plain xmlns=""><item/></plain></root>"#,
        #"<r><![CDATA[<not> & markup]]></r>"#,
    ])
    func xmlRoundTrips(_ xml: String) throws {
        let doc = try Document(string: xml, options: LoadOptions(format: .xml))
        let written = try #require(doc.xmlString())
        #expect(written.hasPrefix(Self.declaration))
        // Writing what was read and reading it again gives the same text and structure.
        let again = try Document(string: written, options: LoadOptions(format: .xml))
        #expect(again.xmlString() == written)
        #expect(again.jsonString() == doc.jsonString())
        #expect(again.nodeCount == doc.nodeCount)
    }

    @Test func cdataIsWrittenEscaped() throws {
        let doc = try Document(string: #"<r><![CDATA[<not> & markup]]></r>"#, options: LoadOptions(format: .xml))
        #expect(doc.root.xmlString() == "<r>&lt;not&gt; &amp; markup</r>")
    }

    @Test func subtreeDeclaresTheNamespacesItUses() throws {
        let xml = #"<s:Envelope xmlns:s="urn:soap" xmlns="urn:d"><s:Body><q:Quote xmlns:q="urn:q" s:mustUnderstand="1"><Price>1</Price></q:Quote></s:Body></s:Envelope>"#
        let doc = try Document(string: xml, options: LoadOptions(format: .xml))
        let quote = try #require(doc.root.children(named: "Body").first?.children(named: "Quote").first)
        let written = try #require(quote.xmlString())
        #expect(written == #"<q:Quote xmlns:q="urn:q" xmlns:s="urn:soap" s:mustUnderstand="1"><Price xmlns="urn:d">1</Price></q:Quote>"#)
        let reloaded = try Document(string: written, options: LoadOptions(format: .xml))
        #expect(reloaded.root.namespaceURI == "urn:q")
        #expect(reloaded.root.children(named: "Price").first?.namespaceURI == "urn:d")
    }

    @Test func attributeValuesEscapeQuotesAndLineBreaks() throws {
        let doc = try Document(string: #"<r a="&quot;&#10;&#9;&#13;"/>"#, options: LoadOptions(format: .xml))
        #expect(doc.root.xmlString() == #"<r a="&quot;&#10;&#9;&#13;"/>"#)
    }

    @Test func jsonNodesHaveNoXML() throws {
        let doc = try Document(string: "[1]", options: LoadOptions(format: .json))
        #expect(doc.xmlString() == nil)
        #expect(doc.root.xmlString() == nil)
    }

    @Test func keptCommentsAndProcessingInstructionsAreWritten() throws {
        let xml = "<!--top--><?pi data?><r><!--in-->x<?p?></r>"
        let options = LoadOptions(format: .xml, keepsComments: true, keepsProcessingInstructions: true)
        let doc = try Document(string: xml, options: options)
        #expect(doc.xmlString() == Self.declaration + "<!--top-->\n<?pi data?>\n<r><!--in-->x<?p?></r>")
    }
}

import Foundation
import Testing
@testable import DocTree

/// The tree an XML document becomes, written as an indented outline so a
/// table row shows the whole shape: `<name>` elements (with `{uri}` when
/// namespaced), `@name="value"` attributes, quoted text runs (`cdata`
/// marks a CDATA run), `<!--…-->` comments and `<?target data?>` PIs.
func outline(_ document: Document) -> String {
    var lines: [String] = []
    for index in 1..<UInt32(document.nodeCount) {
        let node = document.node(at: index)
        var depth = 0
        var parent = node.parent
        while let p = parent, p.kind != .document {
            depth += 1
            parent = p.parent
        }
        let namespace = node.namespaceURI.map { " {\($0)}" } ?? ""
        let line: String
        switch node.kind {
        case .element: line = "<\(node.name!)>\(namespace)"
        case .attribute: line = "@\(node.name!)=\(node.string!.debugDescription)\(namespace)"
        case .text: line = node.string!.debugDescription + (node.record.flags.contains(.cdata) ? " cdata" : "")
        case .comment: line = "<!--\(node.string!)-->"
        case .processingInstruction: line = "<?\(node.name!) \(node.string!)?>"
        default: line = "unexpected \(node.kind)"
        }
        lines.append(String(repeating: "  ", count: depth) + line)
    }
    return lines.joined(separator: "\n")
}

@Suite struct XMLTreeTests {
    struct ShapeCase: Sendable, CustomTestStringConvertible {
        let id: String
        let xml: String
        var keeps = false
        let outline: String
        var testDescription: String { id }
    }

    static let shapes: [ShapeCase] = [
        ShapeCase(
            id: "elements and attributes in document order",
            xml: #"<a x="1" y="2"><b/><c z="3">t</c></a>"#,
            outline: """
                <a>
                  @x="1"
                  @y="2"
                  <b>
                  <c>
                    @z="3"
                    "t"
                """),
        ShapeCase(
            id: "character references, predefined entities and CDATA",
            xml: "<a>x &lt; y &amp; &#65;&#x1F600;<![CDATA[<b> & ]]>z</a>",
            outline: """
                <a>
                  "x < y & A😀"
                  "<b> & " cdata
                  "z"
                """),
        ShapeCase(
            id: "adjacent CDATA sections merge",
            xml: "<a><![CDATA[]]]]><![CDATA[>]]></a>",
            outline: """
                <a>
                  "]]>" cdata
                """),
        ShapeCase(
            id: "mixed content keeps every run, whitespace-only ones too",
            xml: "<p>Hello <b>big</b> <i>and</i> world</p>",
            outline: """
                <p>
                  "Hello "
                  <b>
                    "big"
                  " "
                  <i>
                    "and"
                  " world"
                """),
        ShapeCase(
            id: "whitespace between child elements is dropped",
            xml: "<a>\n  <b>x</b>\n  <c/>\n</a>",
            outline: """
                <a>
                  <b>
                    "x"
                  <c>
                """),
        ShapeCase(
            id: "whitespace-only leaf text is kept exactly",
            xml: "<a>\n  <b> \t</b>\n  <c>\n</c>\n</a>",
            outline: """
                <a>
                  <b>
                    " \\t"
                  <c>
                    "\\n"
                """),
        ShapeCase(
            id: "whitespace around a late text run is kept (mixed content found at the end)",
            xml: "<p>\n<b>a</b>\n<i>b</i> end</p>",
            outline: """
                <p>
                  "\\n"
                  <b>
                    "a"
                  "\\n"
                  <i>
                    "b"
                  " end"
                """),
        ShapeCase(
            id: "CDATA whitespace between children is layout, as plain whitespace is",
            xml: "<a><b/><![CDATA[ ]]><c/></a>",
            outline: """
                <a>
                  <b>
                  <c>
                """),
        ShapeCase(
            id: "CDATA whitespace in a leaf element is kept, as plain whitespace is",
            xml: "<a><![CDATA[ ]]></a>",
            outline: """
                <a>
                  " " cdata
                """),
        ShapeCase(
            id: "skipped comments and PIs let the text around them merge",
            xml: "<a>x<!-- c -->y<?pi data?>z</a>",
            outline: """
                <a>
                  "xyz"
                """),
        ShapeCase(
            id: "kept comments and PIs, top-level ones under the document node",
            xml: "<?xml version=\"1.0\"?><?style href=\"s\"?><!--top--><a>x<!-- c -->y<?pi data?></a><!--end-->",
            keeps: true,
            outline: """
                <?style href="s"?>
                <!--top-->
                <a>
                  "x"
                  <!-- c -->
                  "y"
                  <?pi data?>
                <!--end-->
                """),
        ShapeCase(
            id: "namespace declarations are not attributes; xml: attributes are",
            xml: #"<a xmlns="urn:d" xmlns:p="urn:p" p:x="1" y="2" xml:lang="en"/>"#,
            outline: """
                <a> {urn:d}
                  @p:x="1" {urn:p}
                  @y="2"
                  @xml:lang="en" {http://www.w3.org/XML/1998/namespace}
                """),
        ShapeCase(
            id: "attribute values are normalised, line ends become LF",
            xml: "<a v=\"x\ty\r\nz\">1\r\n2\r3</a>",
            outline: """
                <a>
                  @v="x y z"
                  "1\\n2\\n3"
                """),
        ShapeCase(
            id: "internal entities expand to text and elements",
            xml: "<!DOCTYPE a [<!ENTITY e \"<i>in</i> &#38;#38;\">]><a>x&e;y</a>",
            outline: """
                <a>
                  "x"
                  <i>
                    "in"
                  " &y"
                """),
        ShapeCase(
            id: "entities in attribute values expand; &amp; stays one ampersand",
            xml: "<!DOCTYPE a [<!ENTITY e \"E\"><!ENTITY f \"[&e;]\">]><a v=\"&f;&amp;&#38;&lt;\"/>",
            outline: """
                <a>
                  @v="[E]&&<"
                """),
        ShapeCase(
            id: "ATTLIST defaults follow the specified attributes (XML 1.0 section 5.1)",
            xml: "<!DOCTYPE a [<!ATTLIST a d CDATA \"dflt\" x CDATA \"0\">]><a x=\"1\"/>",
            outline: """
                <a>
                  @x="1"
                  @d="dflt"
                """),
    ]

    @Test(arguments: shapes)
    func shape(_ row: ShapeCase) throws {
        let options = LoadOptions(format: .xml, keepsComments: row.keeps, keepsProcessingInstructions: row.keeps)
        let document = try loadXML(row.xml, options)
        #expect(outline(document) == row.outline)
        #expect(document.format == .xml)
    }

    @Test func attributesInOrderAndByName() throws {
        let root = try loadXML(#"<item id="7" name="attr"><name>first</name><id>child</id><name>second</name></item>"#).root
        #expect(root.attributes.map(\.name) == ["id", "name"])
        #expect(root.attributes.map(\.string) == ["7", "attr"])
        #expect(root.attribute(named: "name")?.string == "attr")
        #expect(root.attribute(named: "missing") == nil)
        // Attributes first, then child elements, in document order.
        #expect(root.children(named: "name").map(\.kind) == [.attribute, .element, .element])
        #expect(root.children(named: "name").map(\.string) == ["attr", "first", "second"])
        #expect(root.contents.map(\.name) == ["name", "id", "name"])
        #expect(root.children(named: "nothing").isEmpty)
    }

    @Test func elementStringIsOwnTextAndTextIsDeep() throws {
        let root = try loadXML("<p>Hello <b>big</b> world<!--x--></p>").root
        #expect(root.string == "Hello  world")
        #expect(root.text == "Hello big world")
        #expect(root.xmlFirst("b")?.string == "big")
        #expect(try loadXML("<e/>").root.string == "")
        #expect(try loadXML("<e></e>").root.string == "")
    }

    @Test func flagsSayWhatAnElementHolds() throws {
        let document = try loadXML("<a><b>t</b><c> </c><d><e/></d></a>")
        let flags = { (name: String) in document.root.xmlFirst(name)!.record.flags }
        #expect(document.root.record.flags.contains(.hasElementChildren))
        #expect(!document.root.record.flags.contains(.hasText))
        #expect(flags("b").contains(.hasText))
        #expect(!flags("c").contains(.hasText))
        #expect(document.root.xmlFirst("c")!.children.first!.record.flags.contains(.whitespace))
        #expect(flags("d") == [.hasElementChildren])
    }

    @Test func compactionMovesTextAndKeepsAttributeNamespaces() throws {
        // Whitespace before namespaced attributes forces them to move.
        let xml = """
            <r xmlns:p="urn:p">
              <a p:x="1" y="2">\u{20}\u{20}</a>
              <b p:z="3">text</b>
              <c><d p:w="4"/>
              </c>
            </r>
            """
        let document = try loadXML(xml)
        #expect(outline(document) == """
            <r>
              <a>
                @p:x="1" {urn:p}
                @y="2"
                "  "
              <b>
                @p:z="3" {urn:p}
                "text"
              <c>
                <d>
                  @p:w="4" {urn:p}
            """)
        // The text buffer holds no dropped whitespace.
        #expect(String(decoding: document.table.text, as: UTF8.self) == "12  3text4")
    }

    @Test func deepButAllowedNestingBuildsAndTearsDown() throws {
        let depth = 250
        let xml = String(repeating: "<n>", count: depth) + "bottom" + String(repeating: "</n>", count: depth)
        let document = try loadXML(xml)
        #expect(document.nodeCount == depth + 2)
        var node = document.root
        while let child = node.contents.first { node = child }
        #expect(node.string == "bottom")
    }

    @Test func loadsInParallel() async throws {
        let xml = "<a>" + (0..<200).map { "<b i=\"\($0)\">\($0)</b>" }.joined() + "</a>"
        let counts = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask { try loadXML(xml).root.contents.count }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(counts == Array(repeating: 200, count: 8))
    }
}

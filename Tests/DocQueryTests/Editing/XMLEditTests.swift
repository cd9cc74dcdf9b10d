import DocQuery
import DocTree
import Foundation
import Testing
import TestSupport

/// Editing XML: each operation on elements and attributes, the bytes
/// around every edit kept, and the errors of what XML editing refuses.
@Suite struct XMLEditTests {
    /// A Maven-style pom: declaration, comments, a default namespace,
    /// attributes over several lines in both quote styles, CDATA, an
    /// entity reference, an empty-element tag.
    static let pom = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- build file: keep this comment -->
        <project xmlns="http://maven.apache.org/POM/4.0.0"
                 xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
                 xsi:schemaLocation="http://maven.apache.org/POM/4.0.0 https://maven.apache.org/xsd/maven-4.0.0.xsd">
          <modelVersion>4.0.0</modelVersion>
          <!-- the version the release script bumps -->
          <version>1.0-SNAPSHOT</version>
          <name>Tom &amp; Jerry</name>
          <plugin id='compiler'
                  phase="compile"
                  skip="false"/>
          <description><![CDATA[uses <generics> & more]]></description>
          <packaging />
        </project>

        """

    func edited(_ text: String, _ edits: [Edit]) throws -> String {
        try BothWays.edited(text, edits)
    }

    func failure(_ text: String, _ edits: [Edit]) throws -> QueryError? {
        BothWays.failure(text, edits)
    }

    @Test func setElementTextChangesOnlyTheText() throws {
        let out = try edited(Self.pom, [.set("version", to: "2.0")])
        #expect(out == Self.pom.replacingOccurrences(of: "1.0-SNAPSHOT", with: "2.0"))
        #expect(try Document(string: out)["version"].string == "2.0")
    }

    /// Held whole, the document goes to libxml2's push parser in slices:
    /// given at once, more than 10 MB it has not parsed stops the parse
    /// ("Huge input lookup"), and an edit that streams from a file failed
    /// on the same bytes held whole.
    @Test func editsADocumentHeldWholeOfMoreThanTenMegabytes() throws {
        let item = "<a>" + String(repeating: "x", count: 1000) + "</a>\n"
        let text = "<r>\n" + String(repeating: item, count: 11_000) + "<b>1</b>\n</r>\n"
        var editor = try DocumentEditor(string: text)
        try editor.apply(.set("b", to: "2"))
        #expect(editor.bytes.count == text.utf8.count)
        #expect(String(decoding: editor.bytes.suffix(40), as: UTF8.self).hasSuffix("x</a>\n<b>2</b>\n</r>\n"))
        #expect(editor.document["b"].string == "2" && editor.document["a"].count == 11_000)
    }

    @Test func setEscapesMinimally() throws {
        let out = try edited(Self.pom, [.set("name", to: "Tom < Jerry & \"Spike\" 'x' >")])
        #expect(out.contains("<name>Tom &lt; Jerry &amp; \"Spike\" 'x' ></name>"))
        #expect(try Document(string: out)["name"].string == "Tom < Jerry & \"Spike\" 'x' >")
    }

    /// `]]>` may not stand in text: its `>` is escaped there, and only there.
    @Test func setEscapesTheEndOfACDATASectionInText() throws {
        let text = "<r a='1'><b/></r>"
        let out = try edited(text, [.set("b", to: "x]]>y ]>"), .set("a", to: "]]>")])
        #expect(out == "<r a=']]>'><b>x]]&gt;y ]></b></r>")
        let inserted = try edited(text, [.insert("]]>", into: "b"), .insert("]]]>", after: "b", key: "c")])
        #expect(inserted == "<r a='1'><b>]]&gt;</b><c>]]]&gt;</c></r>")
        let document = try Document(string: out)
        #expect(document["b"].string == "x]]>y ]>" && document["a"].string == "]]>")
    }

    @Test func setAttributeKeepsItsQuoteStyle() throws {
        let out = try edited(Self.pom, [.set("plugin.id", to: "it's \"q\""), .set("plugin.phase", to: "it's \"q\"")])
        #expect(out.contains("<plugin id='it&apos;s \"q\"'\n          phase=\"it's &quot;q&quot;\"\n"))
        let document = try Document(string: out)
        #expect(document["plugin.id"].string == "it's \"q\"")
        #expect(document["plugin.phase"].string == "it's \"q\"")
    }

    @Test func setNumbersAndBooleansAsText() throws {
        let out = try edited(Self.pom, [.set("plugin.skip", to: true), .set("modelVersion", to: 5)])
        #expect(out.contains("skip=\"true\"/>") && out.contains("<modelVersion>5</modelVersion>"))
    }

    @Test func setAnEmptyElementGivesItAnEndTag() throws {
        let out = try edited(Self.pom, [.set("packaging", to: "jar")])
        #expect(out.contains("  <packaging>jar</packaging>\n</project>"))
        #expect(try edited("<r><a x=\"1\"/></r>", [.set("a", to: "t")]) == "<r><a x=\"1\">t</a></r>")
    }

    @Test func setReplacesCDATAText() throws {
        let out = try edited(Self.pom, [.set("description", to: "plain")])
        #expect(out.contains("<description>plain</description>"))
        #expect(out.contains("<!-- build file: keep this comment -->"))
    }

    @Test func removeElementTakesItsLine() throws {
        let out = try edited(Self.pom, [.remove("version")])
        #expect(out == Self.pom.replacingOccurrences(of: "  <version>1.0-SNAPSHOT</version>\n", with: ""))
        // Not alone on its line: only the element goes.
        #expect(try edited("<r><a/><b>x</b></r>", [.remove("b")]) == "<r><a/></r>")
    }

    /// A comment after a removed element on its line takes the element's place, at its indentation.
    @Test func removeElementLeavesTheCommentAfterItInItsPlace() throws {
        #expect(try edited("<r>\n  <a/> <!-- note -->\n  <b/>\n</r>", [.remove("a")]) == "<r>\n  <!-- note -->\n  <b/>\n</r>")
        #expect(try edited("<r>\n  <a>1</a>\t<b/>\n</r>", [.remove("a")]) == "<r>\n  <b/>\n</r>")
        #expect(try edited("<r><c/> <a/> <!-- note --></r>", [.remove("a")]) == "<r><c/>  <!-- note --></r>")
    }

    @Test func removeAttributeTakesItsLeadingSpace() throws {
        let out = try edited(Self.pom, [.remove("plugin.phase")])
        #expect(out.contains("<plugin id='compiler'\n          skip=\"false\"/>"))
        #expect(try edited("<r a=\"1\" b='2'/>", [.remove("a")]) == "<r b='2'/>")
    }

    @Test func renameElementAndAttribute() throws {
        let out = try edited(Self.pom, [.rename("version", to: "revision"), .rename("plugin.skip", to: "disabled")])
        #expect(out.contains("<revision>1.0-SNAPSHOT</revision>"))
        #expect(out.contains("disabled=\"false\"/>"))
        #expect(try edited("<r><a >x</a ></r>", [.rename("a", to: "bb")]) == "<r><bb >x</bb ></r>")
    }

    @Test func insertChildElementFollowsItsSiblings() throws {
        let out = try edited(Self.pom, [.insert("jar", into: ".", key: "packagingType")])
        #expect(out.contains("  <packaging />\n  <packagingType>jar</packagingType>\n</project>"))
        let first = try edited(Self.pom, [.insert("g", into: ".", key: "groupId", at: 0)])
        #expect(first.contains("\">\n  <groupId>g</groupId>\n  <modelVersion>"))
        let after = try edited(Self.pom, [.insert("x & y", after: "version", key: "note")])
        #expect(after.contains("  <version>1.0-SNAPSHOT</version>\n  <note>x &amp; y</note>\n  <name>"))
        let before = try edited("<r><a/><b/></r>", [.insert("t", before: "b", key: "c")])
        #expect(before == "<r><a/><c>t</c><b/></r>")
        #expect(try Document(string: out)["packagingType"].string == "jar")
    }

    @Test func insertIntoAnElementWithoutChildren() throws {
        // On its own line in an indented document: one unit deeper (here 2).
        let out = try edited(Self.pom, [.insert("x", into: "packaging", key: "type")])
        #expect(out.contains("  <packaging>\n    <type>x</type>\n  </packaging>\n</project>"))
        let crlf = "<r>\r\n    <a></a>\r\n</r>\r\n"
        #expect(try edited(crlf, [.insert("1", into: "a", key: "b")]) == "<r>\r\n    <a>\r\n        <b>1</b>\r\n    </a>\r\n</r>\r\n")
        #expect(try edited("<r><a>t</a></r>", [.insert("1", into: "a", key: "b")]) == "<r><a>t<b>1</b></a></r>")
        #expect(try edited("<r><a>t</a></r>", [.insert(" & more", into: "a")]) == "<r><a>t &amp; more</a></r>")
    }

    /// Text inserted without a key goes at the end of the element's
    /// content, after the text that follows its last child element; with
    /// an index, just before that child element.
    @Test func insertTextGoesAtTheEndOfTheContent() throws {
        let out = try edited("<p>Hello <b>bold</b> world.</p>", [.insert(" More.", into: ".")])
        #expect(out == "<p>Hello <b>bold</b> world. More.</p>")
        #expect(try Document(string: out).root.children.map(\.string).last == " world. More.")
        #expect(try edited("<p>a<b/></p>", [.insert("c", into: ".")]) == "<p>a<b/>c</p>")
        #expect(try edited("<p>a<b/>c</p>", [.insert("x", into: ".", at: 0)]) == "<p>ax<b/>c</p>")
    }

    /// Comments at the end of the match's line belong to it: a new sibling
    /// on a line of its own goes after them, after the match or as the
    /// last child element alike.
    @Test func insertAfterPassesTheCommentsThatEndTheLine() throws {
        let text = "<r>\n  <a>1</a> <!-- one --><!-- two -->\n  <b>2</b>\n</r>\n"
        #expect(try edited(text, [.insert("x", after: "a", key: "c")])
            == "<r>\n  <a>1</a> <!-- one --><!-- two -->\n  <c>x</c>\n  <b>2</b>\n</r>\n")
        let last = "<r>\r\n  <a>1</a>\r\n  <b>2</b>  <!-- last -->\r\n</r>\r\n"
        let expected = "<r>\r\n  <a>1</a>\r\n  <b>2</b>  <!-- last -->\r\n  <c>x</c>\r\n</r>\r\n"
        #expect(try edited(last, [.insert("x", into: ".", key: "c")]) == expected)
        #expect(try edited(last, [.insert("x", after: "b", key: "c")]) == expected)
        // Not comments alone up to the line's end, or not a line of its own: just after the match.
        #expect(try edited("<r>\n  <a/> <!-- c --> <b/>\n</r>", [.insert("x", after: "a", key: "c")])
            == "<r>\n  <a/>\n  <c>x</c> <!-- c --> <b/>\n</r>")
        #expect(try edited("<r>\n  <a/> <!-- two\nlines -->\n</r>", [.insert("x", after: "a", key: "c")])
            == "<r>\n  <a/>\n  <c>x</c> <!-- two\nlines -->\n</r>")
        #expect(try edited("<r><a/><!-- c --></r>", [.insert("x", after: "a", key: "c")]) == "<r><a/><c>x</c><!-- c --></r>")
    }

    @Test func insertAttributeQuotedLikeItsSiblings() throws {
        let out = try edited(Self.pom, [.insert("no", into: "plugin", key: "@inherited")])
        #expect(out.contains("          skip=\"false\"\n          inherited=\"no\"/>"))
        #expect(try edited("<r><a x='1'/></r>", [.insert("a'b", into: "a", key: "@y")]) == "<r><a x='1' y='a&apos;b'/></r>")
        #expect(try edited("<r><a>t</a></r>", [.insert("1", into: "a", key: "@y")]) == "<r><a y=\"1\">t</a></r>")
        #expect(try Document(string: out)["plugin.inherited"].string == "no")
    }

    @Test func everyMatchIsEdited() throws {
        let text = "<r>\n  <i n=\"1\"/>\n  <i n=\"2\"/>\n  <j/>\n</r>\n"
        #expect(try edited(text, [.set("i.n", to: "0")]) == "<r>\n  <i n=\"0\"/>\n  <i n=\"0\"/>\n  <j/>\n</r>\n")
        #expect(try edited(text, [.remove("i")]) == "<r>\n  <j/>\n</r>\n")
    }

    @Test func untouchedMarkupStaysByteIdentical() throws {
        let text = """
            <?xml version="1.0"?>
            <!DOCTYPE r [<!ENTITY who "world">]>
            <r>
              <?pi data?>
              <a>&who;</a>
              <b   x = 'y' >hello &#65; <![CDATA[<c>]]></b>
            </r>
            """
        let out = try edited(text, [.set("a", to: "z")])
        #expect(out == text.replacingOccurrences(of: "<a>&who;</a>", with: "<a>z</a>"))
        let renamed = try edited(text, [.rename("b.x", to: "w")])
        #expect(renamed == text.replacingOccurrences(of: "x = 'y'", with: "w = 'y'"))
    }

    @Test func refusals() throws {
        #expect(try failure("<r><a><b/></a></r>", [.set("a", to: "x")])?.kind == .invalidEdit)
        #expect(try failure("<r/>", [.remove(".")])?.kind == .invalidEdit)
        #expect(try failure("<r a='1' b='2'/>", [.rename("a", to: "b")])?.kind == .invalidEdit)
        #expect(try failure("<r><a/></r>", [.rename("a", to: "1x")])?.kind == .invalidEdit)
        #expect(try failure("<r><a/></r>", [.insert(["x"], into: "a")])?.kind == .invalidEdit)
        #expect(try failure("<r><a x='1'/></r>", [.insert("2", into: "a", key: "@x")])?.kind == .invalidEdit)
        #expect(try failure("<r><a/></r>", [.insert("2", into: "a", key: "b c")])?.kind == .invalidEdit)
        #expect(try failure("<r><a/></r>", [.insert("2", into: "a", key: "b", at: 3)])?.kind == .invalidEdit)
        #expect(try failure("<r><a x='1'/></r>", [.insert("2", into: "a.x", key: "b")])?.kind == .invalidEdit)
        #expect(try failure("<r><a/></r>", [.set("zz", to: "x")])?.kind == .noMatch)
        #expect(try failure("<r><a>x</a></r>", [.remove("a"), .set("a", to: "y")])?.kind == .conflictingEdits)
        // A comment or processing instruction is in the bytes even when the load drops it: a set never drops it silently.
        #expect(try failure("<r><a>x<!--c--></a></r>", [.set("a", to: "y")])?.message.contains("holds a comment") == true)
        #expect(try failure("<r><a>x<?p?></a></r>", [.set("a", to: "y")])?.message.contains("holds a processing instruction") == true)
        // Matches inside matches of one edit overlap.
        #expect(try failure("<r><a><a/></a></r>", [.rename("..a", to: "b")])?.kind == .conflictingEdits)
        // An index from the end is counted in each element.
        #expect(try failure("<r><a/></r>", [.insert("2", into: "a", key: "b", at: -2)])?.message.contains("index -2 is outside the 0 child elements") == true)
        #expect(try edited("<r><a><c/></a><a/></r>", [.insert("2", into: "a[0]", key: "b", at: -1)]) == "<r><a><b>2</b><c/></a><a/></r>")
    }

    @Test func elementsFromAnEntityHaveNoSpanAndAreRefused() throws {
        let text = "<!DOCTYPE r [<!ENTITY e \"<c>in</c>\">]><r><a>&e;</a><b>x</b></r>"
        #expect(try failure(text, [.set("a.c", to: "x")])?.kind == .invalidEdit)
        #expect(try edited(text, [.set("b", to: "y")]) == text.replacingOccurrences(of: "<b>x</b>", with: "<b>y</b>"))
        // Beside such an element, as the last child or at its index, the
        // place is not known either: refused, never a crash.
        let last = "<!DOCTYPE r [<!ENTITY e \"<c>in</c>\">]><r><a>1</a>&e;</r>"
        #expect(try failure(last, [.insert("y", into: ".", key: "d")])?.kind == .invalidEdit)
        #expect(try failure(last, [.insert("y", into: ".", key: "d", at: 1)])?.kind == .invalidEdit)
        #expect(try edited(last, [.insert("y", into: ".", key: "d", at: 0)]).contains("<r><d>y</d><a>1</a>&e;</r>"))
    }

    @Test func legacyEncodingStaysInIt() throws {
        var bytes = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><r a=\"".utf8)
        bytes += [0xE9]  // é
        bytes += Array("\"><v>caf".utf8) + [0xE9] + Array("</v></r>".utf8)
        let editor = try DocumentEditor(bytes: bytes).applying([.set("v", to: "th\u{E9} \u{4E2D}")])
        var expected = Array(bytes[..<(bytes.count - 15)])
        expected += Array("<v>th".utf8) + [0xE9] + Array(" &#x4E2D;</v></r>".utf8)
        #expect(editor.bytes == expected)
        #expect(editor.document["v"].string == "th\u{E9} \u{4E2D}")
    }
}

/// An edit that changes nothing writes real XML documents back
/// byte-identical, and every element gets a span that checks.
@Suite struct XMLEditFidelityTests {
    static let documents: [URL] = {
        let bench = (try? SharedData.files(in: "bench-data/xml")) ?? []
        let examples = ((try? FileManager.default.contentsOfDirectory(atPath: SharedData.packageRoot.path + "/Examples/documents")) ?? [])
            .filter { $0.hasSuffix(".xml") }.sorted()
            .map { SharedData.packageRoot.appendingPathComponent("Examples/documents/\($0)") }
        return bench + examples
    }()

    /// The hostile XML suite's documents that load: legacy encodings,
    /// UTF-16, entities, DTDs, namespaces, CDATA, line endings.
    static let hostile: [URL] = ((try? SharedData.files(in: "conformance/xml-hostile")) ?? [])
        .filter { $0.pathExtension == "xml" && (try? DocumentEditor(contentsOf: $0)) != nil }

    @Test func theCorporaAreThere() {
        #expect(Self.documents.count >= 4 + 6)
        #expect(Self.hostile.count >= 20)
    }

    /// Renaming the root and every element and attribute that has a
    /// unique path to its own name changes no byte, whatever the encoding.
    @Test(arguments: hostile)
    func hostileDocumentsRoundTrip(_ url: URL) throws {
        let bytes = [UInt8](try Data(contentsOf: url))
        let editor = try DocumentEditor(bytes: bytes)
        let document = editor.document
        let root = document.root.kind == .element ? document.root : document.root.children.first { $0.kind == .element }!
        var edits: [Edit] = [.rename(".", to: root.name!)]
        for index in 1..<UInt32(document.nodeCount) {
            let node = document.node(at: index)
            guard node.kind == .element || node.kind == .attribute, node.parent?.kind != .document, let name = node.name,
                let path = PathQuery.canonicalPath(of: node),
                try PathQuery(path).evaluate(on: document).selectedMatches.count == 1
            else { continue }
            edits.append(.rename(path, to: name))
            if edits.count == 9 { break }
        }
        #expect(try editor.applying(edits).bytes == bytes, "\(url.lastPathComponent): \(edits.count) edits")
    }

    /// Renaming elements and attributes to their own names patches their
    /// names where the stream finds them and changes no byte.
    @Test(arguments: documents)
    func unchangingRenameIsByteIdentical(_ url: URL) throws {
        let bytes = [UInt8](try Data(contentsOf: url))
        let editor = try DocumentEditor(bytes: bytes)
        #expect(try editor.applying([]).bytes == bytes)
        let document = editor.document
        var generator = SplitMix64(seed: 18)
        var edits: [Edit] = []
        var used = Set<String>()
        for _ in 0..<200 where edits.count < 8 {
            let node = document.node(at: UInt32.random(in: 1..<UInt32(document.nodeCount), using: &generator))
            guard node.kind == .element || node.kind == .attribute, let name = node.name, node.parent?.kind != .document,
                let path = PathQuery.canonicalPath(of: node), used.insert(path).inserted,
                try PathQuery(path).evaluate(on: document).selectedMatches.count == 1
            else { continue }
            edits.append(.rename(path, to: name))
        }
        #expect(edits.count >= 4, "\(url.lastPathComponent)")
        #expect(try editor.applying(edits).bytes == bytes, "\(url.lastPathComponent): \(edits.count) edits")
    }
}

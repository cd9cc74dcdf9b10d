import Foundation
import Testing
@testable import DocTree

/// What XML 1.0 (Fifth Edition) asks of a non-validating processor, tested
/// from the spec's own sections: 2.11 (end-of-line handling), 3.3.3
/// (attribute-value normalisation, with the spec's example), 4.4 and 4.5
/// (entities and their replacement text) and 5.1 (defaulted attributes
/// from the internal subset). Each rule is checked both ways a document is
/// read: whole (`xmlParseDocument`) and in chunks (the push parser).
@Suite struct XMLSpecRulesTests {
    /// The ways a load reads its input.
    enum Reading: CaseIterable, CustomTestStringConvertible {
        case whole, chunksOf1, chunksOf7, chunksOf4096
        var testDescription: String { "\(self)" }
    }

    static func load(_ text: String, _ reading: Reading, options: LoadOptions = LoadOptions(format: .xml)) throws(LoadError) -> Document {
        let bytes = Array(text.utf8)
        let slice: Int
        switch reading {
        case .whole: return try loadXML(bytes: bytes, options)
        case .chunksOf1: slice = 1
        case .chunksOf7: slice = 7
        case .chunksOf4096: slice = 4096
        }
        return try Document(chunks: ChunkedInput(bytes: bytes, sliceSize: slice), charset: nil, options: options,
                            reopen: { ChunkedInput(bytes: bytes, sliceSize: slice) })
    }

    static func error(_ text: String, _ reading: Reading, options: LoadOptions = LoadOptions(format: .xml)) -> LoadError? {
        do {
            _ = try load(text, reading, options: options)
            return nil
        } catch {
            return error
        }
    }

    // MARK: 2.11 End-of-line handling

    /// "translating both the two-character sequence #xD #xA and any #xD that
    /// is not followed by #xA to a single #xA" — before parsing, so inside
    /// CDATA sections too.
    @Test(arguments: Reading.allCases)
    func lineEndsAreNormalisedEverywhere(_ reading: Reading) throws {
        let text = "<d><t>a\r\nb\rc</t><c><![CDATA[x\r\ny\rz\r\n]]></c><m>p\r\n<![CDATA[q\r]]>\r\nr</m></d>"
        let root = try Self.load(text, reading).root
        #expect(root.xmlFirst("t")?.string == "a\nb\nc")
        #expect(root.xmlFirst("c")?.string == "x\ny\nz\n")
        #expect(root.xmlFirst("m")?.string == "p\nq\n\nr")
    }

    /// libxml2's push parser hands a long CDATA section over in pieces; a
    /// CR LF pair split between two pieces is still one line end.
    @Test(arguments: Reading.allCases)
    func lineEndsInALongCDATASectionAreNormalised(_ reading: Reading) throws {
        var body = ""
        for k in 0..<400 { body += "\(k % 10)" + (k % 3 == 0 ? "\r\n" : k % 3 == 1 ? "\r" : "") }
        let expected = body.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        let root = try Self.load("<d><![CDATA[" + body + "]]></d>", reading).root
        #expect(root.string == expected)
        #expect(!root.string!.utf8.contains(0x0D))
    }

    /// A CR written as a character reference is not a line end: it stays.
    @Test(arguments: Reading.allCases)
    func characterReferenceToCRStaysCR(_ reading: Reading) throws {
        let root = try Self.load("<d>a&#13;b&#xD;&#10;c</d>", reading).root
        #expect(root.string == "a\rb\r\nc")
    }

    // MARK: 4.5 Construction of entity replacement text

    /// `<!ENTITY e "a&#13;b">`: the character reference is replaced when the
    /// literal becomes replacement text, which then holds a CR; included
    /// in content (4.4.2) that CR is data, not a line end.
    @Test(arguments: Reading.allCases)
    func crFromAnEntitysReplacementTextStaysCR(_ reading: Reading) throws {
        let text = """
            <!DOCTYPE d [<!ENTITY e "a&#13;b&#xD;&#xA;c"><!ENTITY m "<i>x&#13;y</i>z&#13;">]>
            <d><t>&e;</t><u>&m;</u></d>
            """
        let root = try Self.load(text, reading).root
        #expect(root.xmlFirst("t")?.string == "a\rb\r\nc")
        #expect(root.xmlFirst("u")?.xmlFirst("i")?.string == "x\ry")
        #expect(root.xmlFirst("u").flatMap { Array($0.children).last }?.string == "z\r")
    }

    /// "&#38;#38;" in an entity value is "&#38;" in the replacement text,
    /// which is a character reference where the entity is used.
    @Test(arguments: Reading.allCases)
    func escapedAmpersandInReplacementTextIsAReference(_ reading: Reading) throws {
        let text = #"<!DOCTYPE d [<!ENTITY e "AT&#38;#38;T">]><d a="&e;">&e;</d>"#
        let root = try Self.load(text, reading).root
        #expect(root.string == "AT&T")
        #expect(root.attribute(named: "a")?.string == "AT&T")
    }

    // MARK: 3.3.3 Attribute-value normalisation

    /// The spec's own example: with
    /// `<!ENTITY d "&#xD;">`, `<!ENTITY a "&#xA;">`, `<!ENTITY da "&#xD;&#xA;">`
    /// the whitespace an entity brings becomes a space each, while a
    /// character reference in the value itself gives its character.
    @Test(arguments: Reading.allCases)
    func theSpecsNormalisationExample(_ reading: Reading) throws {
        let text = """
            <!DOCTYPE d [
              <!ENTITY d "&#xD;">
              <!ENTITY a "&#xA;">
              <!ENTITY da "&#xD;&#xA;">
            ]>
            <d one="

            xyz" two="&d;&d;A&a;&#x20;&a;B&da;" three="&#xd;&#xd;A&#xa;&#xa;B&#xd;&#xa;"/>
            """
        let root = try Self.load(text, reading).root
        #expect(root.attribute(named: "one")?.string == "  xyz")
        #expect(root.attribute(named: "two")?.string == "  A   B  ")
        #expect(root.attribute(named: "three")?.string == "\r\rA\n\nB\r\n")
    }

    /// A tab and a line break from replacement text become spaces; nested
    /// entities are normalised the same way, recursively.
    @Test(arguments: Reading.allCases)
    func whitespaceFromNestedReplacementTextBecomesSpaces(_ reading: Reading) throws {
        let text = """
            <!DOCTYPE d [<!ENTITY t "a&#9;b"><!ENTITY n "[&t;
            &#38;#13;]">]>
            <d x="&t;" y="&n;" z="1&#9;2	3\r\n4"/>
            """
        let root = try Self.load(text, reading).root
        #expect(root.attribute(named: "x")?.string == "a b")
        // The line break in n's literal and t's tab become spaces; "&#38;#13;"
        // is the reference "&#13;" in n's replacement text: a CR.
        #expect(root.attribute(named: "y")?.string == "[a b \r]")
        #expect(root.attribute(named: "z")?.string == "1\t2 3 4")
    }

    /// "If the attribute type is not CDATA" the value also loses leading,
    /// trailing and repeated spaces: done for a value written literally.
    @Test(arguments: Reading.allCases)
    func declaredTokenTypesCollapseLiteralSpaces(_ reading: Reading) throws {
        let text = "<!DOCTYPE d [<!ATTLIST d t NMTOKENS #IMPLIED>]><d t=\"  a \t b\n\" c=\"  a  \"/>"
        let root = try Self.load(text, reading).root
        #expect(root.attribute(named: "t")?.string == "a b")
        #expect(root.attribute(named: "c")?.string == "  a  ")
    }

    // MARK: 5.1 Defaulted attributes

    /// An attribute declared with a default in the internal subset and not
    /// specified is supplied, after the specified ones; a specified value
    /// wins; #IMPLIED and #REQUIRED supply nothing; #FIXED supplies its value.
    @Test(arguments: Reading.allCases)
    func defaultsFromTheInternalSubsetAreSupplied(_ reading: Reading) throws {
        let text = """
            <!DOCTYPE doc [
              <!ENTITY e "from &#38;#38; entity">
              <!ATTLIST doc a1 CDATA "v1" a2 CDATA #IMPLIED a3 CDATA #FIXED "fixed" a4 CDATA "&e;">
              <!ATTLIST item kind (x|y) "y" id ID #REQUIRED>
            ]>
            <doc a0="given"><item id="i1"/><item id="i2" kind="x"/></doc>
            """
        let root = try Self.load(text, reading).root
        #expect(root.attributes.map(\.name) == ["a0", "a1", "a3", "a4"])
        #expect(root.attribute(named: "a1")?.string == "v1")
        #expect(root.attribute(named: "a2") == nil)
        #expect(root.attribute(named: "a3")?.string == "fixed")
        #expect(root.attribute(named: "a4")?.string == "from & entity")
        let items = root.children(named: "item")
        #expect(items.map { $0.attribute(named: "kind")?.string } == ["y", "x"])
    }

    /// A default for an element with a prefix, with a namespace declared by
    /// a default too, lands in that namespace.
    @Test func defaultedAttributesKeepTheirNamespace() throws {
        let text = """
            <!DOCTYPE p:doc [<!ATTLIST p:doc xmlns:p CDATA "urn:p" p:a CDATA "1">]>
            <p:doc/>
            """
        let root = try loadXML(text).root
        #expect(root.namespaceURI == "urn:p")
        let attribute = try #require(root.attribute(named: "p:a"))
        #expect(attribute.string == "1")
        #expect(attribute.namespaceURI == "urn:p")
    }

    // MARK: 4.4 External entities

    /// 4.4.3 "Included If Validating": a non-validating processor need not
    /// include an external parsed entity. The reference is left out, never
    /// read, and the document loads; ``Document/skippedEntities`` says
    /// where it stood.
    @Test(arguments: Reading.allCases)
    func externalEntityReferencesAreSkipped(_ reading: Reading) throws {
        let text = """
            <!DOCTYPE d [
              <!ENTITY passwd SYSTEM "file:///etc/passwd">
              <!ENTITY inner "[&passwd;]">
            ]>
            <d>a&passwd;b
              <i>&inner;</i></d>
            """
        let document = try Self.load(text, reading)
        #expect(document.root.xmlFirst("i")?.string == "[]")
        #expect(document.root.children.first?.string == "ab\n  ")
        #expect(!String(decoding: document.table.text, as: UTF8.self).contains("root:"))
        #expect(document.skippedEntities.map(\.name) == ["passwd", "passwd"])
        let first = try #require(document.skippedEntities.first)
        #expect(first.systemID == "file:///etc/passwd")
        #expect(first.location.line == 5)
        #expect(first.location.column == 5)
        let offset = try #require(text.range(of: "a&passwd;")).lowerBound.utf16Offset(in: text) + 1
        #expect(first.location.byteOffset == offset)
    }

    /// With ``LoadOptions/rejectsExternalEntities`` the same reference fails
    /// the load, located where it stands.
    @Test(arguments: Reading.allCases)
    func rejectingExternalEntitiesFailsTheLoad(_ reading: Reading) throws {
        var options = LoadOptions(format: .xml)
        options.rejectsExternalEntities = true
        let text = "<!DOCTYPE d [<!ENTITY x SYSTEM \"http://127.0.0.1:9/x\">]>\n<d>&x;</d>"
        let error = try #require(Self.error(text, reading, options: options))
        #expect(error.kind == .entityNotAllowed)
        #expect(error.message.contains("external entity '&x;'"), "\(error.message)")
        #expect(error.location?.line == 2)
    }

    /// 4.4.4 "Forbidden": an attribute value cannot reference an external
    /// entity, directly or through another entity.
    @Test(arguments: [
        "<!DOCTYPE d [<!ENTITY x SYSTEM \"x.xml\">]><d a=\"&x;\"/>",
        "<!DOCTYPE d [<!ENTITY x SYSTEM \"x.xml\"><!ENTITY i \"(&x;)\">]><d a=\"&i;\"/>",
    ])
    func externalEntityInAnAttributeValueIsAnError(_ text: String) throws {
        let error = try #require(Self.error(text, .whole))
        #expect(error.kind == .entityNotAllowed)
        #expect(error.location != nil)
    }

    // MARK: Input that ends early

    struct EndsEarly: Sendable, CustomTestStringConvertible {
        let xml: String
        let says: String
        let line: Int
        let column: Int
        var testDescription: String { xml.debugDescription }
    }

    /// Whichever way it is read, input that stops inside the root says what
    /// is missing and where the input ended.
    @Test(arguments: [
        EndsEarly(xml: "<a>", says: "Premature end of data in tag a", line: 1, column: 4),
        EndsEarly(xml: "<a>\n  <b>text</b>\n  <c>", says: "Premature end of data in tag c", line: 3, column: 6),
        EndsEarly(xml: "<?xml version=\"1.0\"?>\n", says: "Start tag expected", line: 2, column: 1),
    ])
    func truncatedInputSaysWhatIsMissing(_ row: EndsEarly) throws {
        for reading in Reading.allCases {
            let error = try #require(Self.error(row.xml, reading), "\(reading)")
            #expect(error.kind == .invalidSyntax)
            #expect(error.message.hasPrefix(row.says), "\(reading): \(error.message)")
            #expect(!error.message.contains("Extra content"), "\(reading): \(error.message)")
            #expect(error.location?.line == row.line, "\(reading)")
            #expect(error.location?.column == row.column, "\(reading)")
        }
    }

    /// Extra content after the root is still reported as such.
    @Test(arguments: Reading.allCases)
    func extraContentAfterTheRootIsStillExtraContent(_ reading: Reading) throws {
        let error = try #require(Self.error("<a/>x", reading))
        #expect(error.message.contains("Extra content at the end of the document"), "\(error.message)")
    }
}

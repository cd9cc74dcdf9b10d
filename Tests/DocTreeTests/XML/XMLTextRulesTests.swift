import Testing
@testable import DocTree

/// The byte-level rules ``XMLTextRules`` applies before any sink sees the
/// text, including the cases libxml2 already refuses on its own (which a
/// load therefore never shows).
@Suite struct XMLTextRulesTests {
    private func normalized(_ text: String, afterCR: Bool = false) -> String? {
        Array(text.utf8).withUnsafeBufferPointer { XMLTextRules.normalizingLineEnds($0, afterCR: afterCR) }
            .map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func lineEndsBecomeLFAndAPairSplitBetweenPiecesIsOne() {
        #expect(normalized("plain") == nil)
        #expect(normalized("a\r\nb\rc\r") == "a\nb\nc\n")
        // The piece before ended with CR: the LF that starts this one ends that pair.
        #expect(normalized("\nd", afterCR: true) == "d")
        #expect(normalized("e", afterCR: true) == "e")
    }

    private func protected(_ text: String) -> String? {
        Array(text.utf8).withUnsafeBufferPointer { XMLTextRules.protectingCarriageReturns($0) }
            .map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func carriageReturnsInCharacterDataBecomeReferencesAndMarkupIsLeftAlone() {
        #expect(protected("no CR") == nil)
        #expect(protected("a\rb") == "a&#13;b")
        #expect(protected("<i t='x\ry'>p\rq</i>\r") == "<i t='x\ry'>p&#13;q</i>&#13;")
        #expect(protected("<![CDATA[c\rd]]>\r<!--e\rf-->\r<?pi g\rh?>")
            == "<![CDATA[c\rd]]>&#13;<!--e\rf-->&#13;<?pi g\rh?>")
    }

    private func attribute(_ value: String, entities: [String: String] = [:]) throws(LoadError) -> String {
        var output: [UInt8] = []
        let bytes = Array(value.utf8)
        _ = try bytes.withUnsafeBufferPointer { (buffer) throws(LoadError) in
            try XMLTextRules.appendAttributeValue(buffer, to: &output, isReplacementText: false) { name in
                entities[String(decoding: name, as: UTF8.self)].map { .replacement(Array($0.utf8)) }
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    @Test func referencesAreDecodedAndReplacementWhitespaceBecomesSpace() throws {
        #expect(try attribute("a&#38;b&#x41;&#13;") == "a&bA\r")
        #expect(try attribute("[&e;]", entities: ["e": "x\ty\r\nz&#10;"]) == "[x y  z\n]")
        #expect(try attribute("&outer;", entities: ["outer": "(&inner;)", "inner": "\t"]) == "( )")
    }

    @Test(arguments: ["&#0;", "&#xD800;", "&#xFFFE;", "&#12a;", "&#;", "a&b"])
    func invalidReferencesAreErrors(_ value: String) {
        #expect(throws: LoadError.self) { try attribute(value) }
    }

    @Test func anEntityThatBringsALessThanSignIsAnError() {
        #expect(throws: LoadError.self) { try attribute("&e;", entities: ["e": "a<b"]) }
    }

    @Test func entitiesNestedBeyondTheLimitAreAnError() {
        #expect(throws: LoadError.self) { try attribute("&loop;", entities: ["loop": "&loop;"]) }
    }

    private func attribute(_ written: String, is value: String) -> Bool {
        Array(written.utf8).withUnsafeBufferPointer { XMLTextRules.attributeValue(written: $0, is: Array(value.utf8)) }
    }

    @Test func anAttributeWrittenPlainlyIsComparedAsWrittenAndOtherwiseAsItLoads() {
        #expect(attribute("ana", is: "ana"))
        #expect(!attribute("ana", is: "anna"))
        #expect(!attribute("a&amp;b", is: "a&amp;b"))
        #expect(attribute("a&amp;b", is: "a&b"))
        #expect(attribute("a&#x41;", is: "aA"))
        #expect(attribute("a\tb\r\nc", is: "a b c"))
        #expect(!attribute("a\tb", is: "a\tb"))
        // A reference to an entity the DTD gives has no value known here.
        #expect(!attribute("&e;", is: "&e;"))
    }
}

import Foundation
import Testing
@testable import DocTree

/// The fast paths of an XML load: `Data` parsed where it lies, names
/// interned from libxml2's prefix and local part, short attribute values
/// and text copied without a call. Each must give what the general path
/// gives.
@Suite struct XMLLoadPathTests {
    /// Loads `text` both ways: from `Data` (parsed in place) and from an
    /// array of bytes (the copying path every other source takes).
    private func loadBothWays(_ text: String, _ options: LoadOptions = LoadOptions()) throws -> (Document, Document) {
        let inPlace = try Document(data: Data(text.utf8), options: options)
        let copied = try Document(bytes: Array(text.utf8), charset: nil, options: options)
        return (inPlace, copied)
    }

    private func error(_ body: () throws(LoadError) -> Document) -> LoadError? {
        do {
            _ = try body()
            return nil
        } catch {
            return error
        }
    }

    @Test func dataParsedInPlaceEqualsTheCopiedBytes() throws {
        let text = """
            <?xml version="1.0"?>
            <r xmlns:p="urn:p" a="1"><p:x p:k="v">t</p:x><y>&#233;</y><!-- c --></r>
            """
        let (inPlace, copied) = try loadBothWays(text)
        #expect(inPlace.table.nodes.elementsEqual(copied.table.nodes))
        #expect(inPlace.table.text == copied.table.text)
        #expect(inPlace.table.names.strings == copied.table.names.strings)
        #expect(inPlace.root.xmlFirst("p:x")?.attribute(named: "p:k")?.string == "v")
        #expect(inPlace.root.xmlFirst("y")?.string == "é")
    }

    @Test func dataParsedInPlaceLocatesErrorsAsTheCopiedBytes() {
        let text = "<r>\n  <a>x</b>\n</r>"
        let inPlace = error { () throws(LoadError) in try Document(data: Data(text.utf8)) }
        let copied = error { () throws(LoadError) in try Document(bytes: Array(text.utf8), charset: nil, options: LoadOptions()) }
        #expect(inPlace != nil)
        #expect(inPlace?.location == copied?.location)
        #expect(inPlace?.location?.line == 2)
        #expect(inPlace?.message == copied?.message)
        #expect(inPlace?.snippet == copied?.snippet)
    }

    @Test func inputThatNeedsDecodingStillGoesThroughIt() throws {
        // A UTF-8 BOM, and UTF-16: neither is parsed in place, both load.
        let withBOM = Data([0xEF, 0xBB, 0xBF] + Array("<r>é</r>".utf8))
        #expect(try Document(data: withBOM).root.string == "é")
        var utf16: [UInt8] = [0xFF, 0xFE]
        for unit in "<r>é</r>".utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        #expect(try Document(data: Data(utf16)).root.string == "é")
        // Only white space, and input too large, fail as before.
        #expect(error { () throws(LoadError) in try Document(data: Data("  \n".utf8)) }?.message == "the input holds only white space")
        var small = LoadOptions()
        small.maxInputBytes = 4
        #expect(error { () throws(LoadError) in try Document(data: Data("<r/>  ".utf8), options: small) }?.kind == .tooLarge)
    }

    @Test func prefixedNamesShareTheirLocalPartsID() throws {
        let document = try loadXML("""
            <r xmlns:p="urn:p" xmlns:q="urn:q"><p:a p:b="1"/><q:a b="2"/><a/><b/></r>
            """)
        let names = document.table.names
        let local = try #require(names.id(of: "a"))
        for qualified in ["p:a", "q:a"] {
            let id = try #require(names.id(of: qualified))
            #expect(names.localNameIDs[Int(id)] == local)
        }
        #expect(names.localNameIDs[Int(try #require(names.id(of: "p:b")))] == names.id(of: "b"))
        #expect(names.localNameIDs[Int(local)] == local)
        #expect(names.hasPrefixedNames)
        // Each name is interned once.
        #expect(Set(names.strings).count == names.strings.count)
        #expect(document.root.children(named: "a").count == 3)
        #expect(document.root.children(named: "p:a").count == 1)
    }

    @Test func everyNameMapsToThePartAfterItsFirstColon() throws {
        // More names than the table reserves room for, half of them prefixed.
        var text = #"<r xmlns:p="urn:p">"#
        for k in 0..<500 { text += k.isMultiple(of: 2) ? "<p:n\(k) p:m\(k)=\"\(k)\"/>" : "<n\(k) m\(k)=\"\(k)\"/>" }
        text += "</r>"
        let names = try loadXML(text).table.names
        #expect(names.strings.count > 1000)
        // (A namespace URI is a name of its own, never split.)
        for (id, name) in names.strings.enumerated().dropFirst() where name != "urn:p" {
            let local = name.split(separator: ":", maxSplits: 1).last.map(String.init) ?? name
            #expect(names.strings[Int(names.localNameIDs[id])] == local, "\(name)")
            #expect(names.id(of: name) == UInt32(id))
        }
    }

    @Test func valuesOfEveryShortLengthAreCopiedExactly() throws {
        // Lengths 1 to 40 cover each way a value is copied and scanned for '&'.
        var text = "<r>"
        var expected: [String] = []
        for length in 1...40 {
            let value = String((0..<length).map { Character(UnicodeScalar(UInt8(0x41 + ($0 * 7 + length) % 26))) })
            expected.append(value)
            text += "<e v=\"\(value)\">\(value)</e>"
        }
        text += "</r>"
        let elements = Array(try loadXML(text).root.children(named: "e"))
        #expect(elements.map { $0.attribute(named: "v")?.string } == expected)
        #expect(elements.map(\.string) == expected)
    }

    @Test func referencesAreDecodedWhereverTheyStandInAValue() throws {
        // '&' first, last, and past the 32 bytes scanned without memchr.
        let long = String(repeating: "x", count: 40)
        let cases: [(written: String, value: String)] = [
            ("&amp;", "&"), ("a&amp;", "a&"), ("&lt;b", "<b"), ("\(long)&gt;", "\(long)>"),
            ("\(long.prefix(31))&amp;", "\(long.prefix(31))&"), ("&#38;&#38;", "&&"), (long, long),
        ]
        var text = "<r>"
        for (written, _) in cases { text += "<e v=\"\(written)\"/>" }
        text += "</r>"
        let values = try loadXML(text).root.children(named: "e").map { $0.attribute(named: "v")?.string }
        #expect(values == cases.map(\.value))
    }
}

import Testing
@testable import DocTree

/// Reading a start tag back from where libxml2's cursor stood at its
/// event (``XMLStartTag/init(before:in:offset:)``), which looks for the
/// last `<` eight bytes at a time.
@Suite struct XMLStartTagTests {
    @Test func theTagIsFoundWhereverItsLessThanFallsInTheWords() {
        // Every alignment of the `<` against the end, and padding before it.
        for padding in 0..<20 {
            for spaces in 0..<12 {
                let tag = "<a" + String(repeating: " ", count: spaces) + " k='v'/>"
                let text = Array((String(repeating: "x", count: padding) + tag).utf8)
                let cursor = text.count - 2
                let read = XMLStartTag(before: cursor, in: text)
                #expect(read?.start == padding, "padding \(padding), spaces \(spaces)")
                #expect(read?.isEmptyElement == true)
                #expect(read?.attributes.count == 1)
            }
        }
    }

    @Test func theLastLessThanStartsTheTagAndNoneGivesNothing() {
        let text = Array("<r><a b='1'>".utf8)
        #expect(XMLStartTag(before: text.count - 1, in: text)?.start == 3)
        let none = Array("a b='1'>".utf8)
        #expect(XMLStartTag(before: none.count - 1, in: none) == nil)
        // In a window whose first byte is at offset 100.
        let window = Array("xx<e f=\"g\">".utf8)
        let read = window.withUnsafeBufferPointer { XMLStartTag(before: 110, in: $0, offset: 100) }
        #expect(read?.start == 102)
        #expect(read?.name == 103..<104)
    }
}

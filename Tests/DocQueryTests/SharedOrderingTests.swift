import DocQuery
import Foundation
import Testing

/// The key-path language and JMESPath order numbers and text by the same
/// rules (DocTree's `ExactNumber` and `TextOrder`): numbers by their exact
/// value as written, text by code point.
@Suite struct SharedOrderingTests {
    /// Two integers one apart that are the same `Double`, and a number past
    /// `Double`'s range.
    static let numbers = #"{"a": 12345678901234567890, "b": 12345678901234567891, "huge": 1e400, "small": 5}"#

    @Test func jmesPathComparesNumbersExactly() throws {
        let doc = try Document(string: Self.numbers)
        #expect(try doc.query(JMESPath("a < b")).bool == true)
        #expect(try doc.query(JMESPath("a == b")).bool == false)
        #expect(try doc.query(JMESPath("a != b")).bool == true)
        #expect(try doc.query(JMESPath("huge > small")).bool == true)
        #expect(try doc.query(JMESPath("max_by([{v: a}, {v: b}], &v).v")).node?.jsonString() == "12345678901234567891")
        #expect(try doc.query(JMESPath("sort([b, a])[0]")).node?.jsonString() == "12345678901234567890")
        // A computed number against a node: by the computed number's shortest spelling.
        #expect(try doc.query(JMESPath("small == `5.0`")).bool == true)
        #expect(try doc.query(JMESPath("length('abcde') == small")).bool == true)
    }

    @Test func keyPathsAgreeOnTheSameNumbers() throws {
        let doc = try Document(string: #"[12345678901234567890, 12345678901234567891]"#)
        #expect(doc["@max"].node?.jsonString() == "12345678901234567891")
        #expect(try doc.query(JMESPath("max(@)")).double == 12345678901234567891.0)
        #expect(try doc.query(JMESPath("sort(@)[-1]")).node?.jsonString() == "12345678901234567891")
    }

    /// U+FFFF sorts before U+10000 by code point, but after it in UTF-16
    /// order; a precomposed "é" (U+00E9) sorts after "z" by code point,
    /// while Swift's `String` comparison would weigh the decomposed "é" as
    /// equal to it.
    @Test func textIsOrderedByCodePointInBothLanguages() throws {
        let doc = try Document(string: #"["\u00e9", "z", "e\u0301", "\uffff", "\ud800\udc00"]"#)
        let expected = ["e\u{301}", "z", "\u{e9}", "\u{ffff}", "\u{10000}"]
        #expect(try doc.query(JMESPath("sort(@)")).strings == expected)
        #expect(try doc.query(JMESPath("max(@)")).string == "\u{10000}")
        #expect(try doc.query(JMESPath("min(@)")).string == "e\u{301}")
        #expect(doc["@max"].string == "\u{10000}")
        #expect(doc["@min"].string == "e\u{301}")
        #expect(try doc.query(JMESPath("[?@ > 'z']")).strings == ["\u{e9}", "\u{ffff}", "\u{10000}"])
    }
}

import Testing
@testable import DocTree

/// The one caret renderer and the one display width every diagnostic uses.
@Suite struct CaretRendererTests {
    @Test(arguments: [
        ("lists.@cuont", 6..<12, "  lists.@cuont", "        ^~~~~~"),
        ("a.b", 3..<3, "  a.b", "     ^"),
        ("상영관명.@x", 5..<7, "  상영관명.@x", "           ^~"),
        ("a\tb", 2..<3, "  a b", "    ^"),
        ("cafe\u{301}.x", 5..<6, "  cafe\u{301}.x", "       ^"),
        ("ab", 5..<9, "  ab", "    ^"),
    ])
    func rendersUnderTheRange(_ text: String, _ range: Range<Int>, _ line: String, _ caret: String) {
        #expect(CaretRenderer.lines(text, range: range) == [line, caret])
    }

    @Test func styleDecoratesOnlyTheMarker() {
        struct Brackets: DiagnosticStyle {
            func error(_ text: String) -> String { text }
            func note(_ text: String) -> String { text }
            func caret(_ text: String) -> String { "[\(text)]" }
            func emphasis(_ text: String) -> String { text }
            func dim(_ text: String) -> String { text }
        }
        #expect(CaretRenderer.lines("ab", range: 1..<2, indent: "", style: Brackets()) == ["ab", " [^]"])
    }

    @Test(arguments: [
        ("abc", 3), ("상영관명", 8), ("ｆｕｌｌ", 8), ("e\u{301}", 1), ("a\u{200B}b", 2), ("\t", 0), ("🙂", 2),
    ])
    func displayWidth(_ text: String, _ width: Int) {
        #expect(DisplayWidth.of(text) == width)
    }

    @Test func padding() {
        #expect(DisplayWidth.padded("한", to: 4) == "한  ")
        #expect(DisplayWidth.padded("abcdef", to: 4) == "abcdef")
    }
}

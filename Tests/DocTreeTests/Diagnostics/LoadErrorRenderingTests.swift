import Foundation
import Testing
@testable import DocTree

/// `LoadError` renders itself (description, `localizedDescription`) the way
/// docq prints it after the file name: location, message, the snippet under
/// a line-number gutter and a caret under the bad spot.
@Suite struct LoadErrorRenderingTests {
    private func loadError(_ text: String, format: DocumentFormat = .json) -> LoadError? {
        #expect(throws: LoadError.self) { try Document(string: text, options: LoadOptions(format: format)) }
    }

    @Test func descriptionCarriesLocationSnippetAndCaret() throws {
        let error = try #require(loadError("{\n  \"a\": [1, 2,]\n}\n"))
        #expect(error.description == """
            2:14: expected a value, found ']'; a comma before a closing bracket is not JSON; for JSON with comments \
            and trailing commas, read it with LoadOptions.readsJSONWithComments (docq: -f jsonc)
               2 |   "a": [1, 2,]
                 |              ^
            """)
    }

    @Test func localizedDescriptionIsTheDescription() throws {
        let error = try #require(loadError("[1, 2,]"))
        #expect(error.localizedDescription == error.description)
        #expect((error as any Error).localizedDescription.hasPrefix("1:7: expected a value, found ']'; a comma before a closing bracket"))
        #expect(!error.localizedDescription.contains("The operation could not be completed"))
    }

    @Test("the caret lines up under wide characters by display width")
    func wideCharacters() throws {
        let error = try #require(loadError(#"{"상영관명": [1, 2,]}"#))
        let lines = error.description.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        // `{"` + four wide characters + `": [1, 2,` = 2 + 8 + 9 columns before the caret.
        #expect(lines[2] == "     | " + String(repeating: " ", count: 19) + "^")
    }

    @Test("on a long line the snippet is cut before the spot, shows … there, and the caret follows the cut")
    func longLine() throws {
        let prefix = "[" + String(repeating: "1, ", count: 40)   // 121 characters before the "]"
        let error = try #require(loadError(prefix + "]"))
        #expect(error.location?.column == 122)
        let lines = error.description.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        let snippet = try #require(error.snippet)
        #expect(snippet.count == 1 + SourceLocation.snippetLead + 1)
        #expect(snippet.hasPrefix("…1, 1"), "\(snippet)")
        #expect(lines[1] == "   1 | " + snippet)
        #expect(lines[2] == "     | " + String(repeating: " ", count: 1 + SourceLocation.snippetLead) + "^")
        #expect(snippet.last == "]")
    }

    @Test("a snippet never starts inside a character")
    func cutOnCharacters() throws {
        let text = "[\"" + String(repeating: "한", count: 70) + "\" x]"
        let error = try #require(loadError(text))
        let snippet = try #require(error.snippet)
        #expect(!snippet.contains("\u{FFFD}"))
        #expect(snippet.unicodeScalars.count == 1 + SourceLocation.snippetLead + 2)   // "…", 60 before, "x]" from the spot
        #expect(snippet.hasPrefix("…한"), "\(snippet)")
        #expect(error.description.hasSuffix("\n     | " + String(repeating: " ", count: 1 + 2 * 58 + 2) + "^"))
    }

    @Test("a line cut after the spot ends with …")
    func cutAfter() throws {
        let text = "[1 x, " + String(repeating: "2, ", count: 60) + "3]"
        let error = try #require(loadError(text))
        let snippet = try #require(error.snippet)
        #expect(snippet.hasPrefix("[1 x") && snippet.hasSuffix("…"), "\(snippet)")
        let lines = error.description.split(separator: "\n").map(String.init)
        #expect(lines[2] == "     |    ^", "\(lines)")
    }

    @Test func xmlErrorsToo() throws {
        let error = try #require(loadError("<a>\n<b></c>\n</a>\n", format: .xml))
        let lines = error.description.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[1] == "   2 | <b></c>")
        #expect(lines[2].hasPrefix("     | ") && lines[2].hasSuffix("^"))
    }

    @Test("without a snippet or a location the description is what there is")
    func partialErrors() {
        #expect(LoadError(.unreadableSource, "cannot read: gone").description == "cannot read: gone")
        #expect(LoadError(.invalidSyntax, "bad", snippet: "x y").description == "bad\n     | x y")
        let located = LoadError(.invalidSyntax, "bad", location: SourceLocation(byteOffset: 2, line: 12, column: 3), snippet: "x\ty")
        #expect(located.description == "12:3: bad\n  12 | x y\n     |   ^")
        #expect(located.localizedDescription == located.description)
    }
}

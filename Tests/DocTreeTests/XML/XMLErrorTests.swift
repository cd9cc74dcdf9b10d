import Foundation
import Testing
@testable import DocTree

@Suite struct XMLErrorTests {
    struct ErrorCase: Sendable, CustomTestStringConvertible {
        let id: String
        let xml: String
        let kind: LoadError.Kind
        let line: Int
        let column: Int
        /// Text the message must contain.
        let says: String
        /// The offending line the snippet must show.
        let snippet: String
        var maxDepth = 10_000
        var testDescription: String { id }
    }

    // Lines and columns are libxml2's (2.9.14; the hostile set checks the
    // same values hold on 2.14).
    static let cases: [ErrorCase] = [
        ErrorCase(id: "mismatched tags", xml: "<a>\n  <b>text\n</a>", kind: .invalidSyntax,
                  line: 3, column: 5, says: "mismatch", snippet: "</a>"),
        ErrorCase(id: "duplicate attribute", xml: #"<a x="1" x="2"/>"#, kind: .invalidSyntax,
                  line: 1, column: 15, says: "redefined", snippet: #"<a x="1" x="2"/>"#),
        ErrorCase(id: "two roots", xml: "<a/>\n<b/>", kind: .invalidSyntax,
                  line: 2, column: 1, says: "Extra content", snippet: "<b/>"),
        ErrorCase(id: "unquoted attribute", xml: "<a b=c/>", kind: .invalidSyntax,
                  line: 1, column: 6, says: "AttValue", snippet: "<a b=c/>"),
        ErrorCase(id: "truncated", xml: "<doc>\n  <item>tw", kind: .invalidSyntax,
                  line: 2, column: 11, says: "Premature end of data", snippet: "  <item>tw"),
        ErrorCase(id: "only whitespace", xml: "   ", kind: .invalidSyntax,
                  line: 1, column: 4, says: "Start tag expected", snippet: "   "),
        ErrorCase(id: "]]> in content", xml: "<a>]]></a>", kind: .invalidSyntax,
                  line: 1, column: 4, says: "]]>", snippet: "<a>]]></a>"),
        ErrorCase(id: "character reference to NUL", xml: "<a>&#0;</a>", kind: .invalidSyntax,
                  line: 1, column: 8, says: "invalid xmlChar value 0", snippet: "<a>&#0;</a>"),
        ErrorCase(id: "character reference to a surrogate", xml: "<a>&#xD800;</a>", kind: .invalidSyntax,
                  line: 1, column: 12, says: "55296", snippet: "<a>&#xD800;</a>"),
        ErrorCase(id: "undeclared entity", xml: "<a>\n  AT&amp;T &copy;\n</a>", kind: .entityNotAllowed,
                  line: 2, column: 18, says: "'&copy;' is not declared", snippet: "  AT&amp;T &copy;"),
        ErrorCase(id: "unknown declared encoding", xml: #"<?xml version="1.0" encoding="x-unknown"?><a/>"#,
                  kind: .unsupportedEncoding, line: 1, column: 41, says: "x-unknown",
                  snippet: #"<?xml version="1.0" encoding="x-unknown"?><a/>"#),
        ErrorCase(id: "maxDepth", xml: "<a>\n<b><c><d/></c></b></a>", kind: .nestingTooDeep,
                  line: 2, column: 9, says: "deeper than 3 levels", snippet: "<b><c><d/></c></b></a>", maxDepth: 3),
        ErrorCase(id: "maxDepth past libxml2's own 256", xml: String(repeating: "<n>", count: 300), kind: .nestingTooDeep,
                  line: 1, column: 900, says: "deeper than 299 levels (see LoadOptions.maxDepth)",
                  snippet: String(repeating: "<n>", count: 20), maxDepth: 299),
    ]

    @Test(arguments: cases)
    func malformedInputGivesALocatedError(_ row: ErrorCase) throws {
        let error = try #require(loadError(row.xml, LoadOptions(format: .xml, maxDepth: row.maxDepth)))
        #expect(error.kind == row.kind)
        #expect(error.location?.line == row.line)
        #expect(error.location?.column == row.column)
        #expect(error.message.contains(row.says), "\(error.message)")
        #expect(!error.message.contains("\n") && error.message == error.message.trimmingCharacters(in: .whitespaces))
        #expect(error.snippet?.contains(row.snippet) == true, "\(error.snippet ?? "nil")")
        #expect(error.description.hasPrefix("\(row.line):\(row.column): "))
    }

    @Test func emptyInputIsAnError() throws {
        let error = try #require(loadError(""))
        #expect(error.kind == .invalidSyntax)
        #expect(error.location?.line == 1)
    }

    @Test func byteOffsetPointsAtTheReportedColumn() throws {
        // Columns count characters, offsets bytes: "é" is one of the first, two of the second.
        let xml = "<a>\n<é>x</a>"
        let error = try #require(loadError(xml))
        let location = try #require(error.location)
        #expect(location.line == 2)
        let lineText = "<é>x</a>"
        let expectedOffset = 4 + String(lineText.prefix(location.column - 1)).utf8.count
        #expect(location.byteOffset == expectedOffset)
        #expect(location.column > 3)
        #expect(error.snippet == lineText)
    }

    @Test func nulByteIsAnErrorNotATruncation() throws {
        let bytes = Array("<doc>before".utf8) + [0] + Array("after</doc>".utf8)
        #expect {
            _ = try loadXML(bytes: bytes)
        } throws: { error in
            let error = error as! LoadError
            return error.kind == .invalidSyntax && error.location?.column == 12
        }
    }

    @Test func invalidUTF8IsAnEncodingError() throws {
        let bytes = Array("<doc>\n  <bad>abc".utf8) + [0xFF, 0xFE] + Array("</bad>\n</doc>".utf8)
        do {
            _ = try loadXML(bytes: bytes)
            Issue.record("loaded invalid UTF-8")
        } catch {
            #expect(error.kind == .invalidEncoding)
            #expect(error.location?.line == 2)
            #expect(error.location?.column == 11)
            #expect(error.location?.byteOffset == 16)
            #expect(error.message.contains("UTF-8"))
        }
    }

    @Test func depthErrorIsReportedAfterManyLevelsWithoutCrashing() throws {
        // Deeper than any stack could recurse: the parse stops at
        // LoadOptions.maxDepth (10,000) and the builder never recurses.
        let depth = 100_000
        let bytes = Array((String(repeating: "<n>", count: depth) + String(repeating: "</n>", count: depth)).utf8)
        do {
            _ = try loadXML(bytes: bytes)
            Issue.record("loaded 100 000 levels")
        } catch {
            #expect(error.kind == .nestingTooDeep)
            #expect(error.location != nil)
        }
    }
}

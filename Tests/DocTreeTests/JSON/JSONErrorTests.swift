import Foundation
import Testing
@testable import DocTree
import TestSupport

/// Malformed input: every error has a kind, a one-line message and the
/// line:column of the offending byte.
@Suite struct JSONErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let input: String
        let message: String
        let line: Int
        let column: Int
        var kind: LoadError.Kind = .invalidSyntax
        var testDescription: String { input.debugDescription }
    }

    /// What a strict read adds where the input looks like JSON with comments.
    static let trailingComma = "; a comma before a closing bracket is not JSON; for JSON with comments and trailing commas, read it with LoadOptions.readsJSONWithComments (docq: -f jsonc)"
    static let comment = "; comments are not JSON, and the input looks like JSON with comments: read it with LoadOptions.readsJSONWithComments (docq: -f jsonc)"

    @Test(arguments: [
        Case(input: "[1, 2,]", message: "expected a value, found ']'" + JSONErrorTests.trailingComma, line: 1, column: 7),
        Case(input: #"{"a":1,}"#, message: "expected a member name after ',', found '}'" + JSONErrorTests.trailingComma, line: 1, column: 8),
        Case(input: "[1 2]", message: "expected ',' or ']' after an array element, found '2'", line: 1, column: 4),
        Case(input: "[1x]", message: "expected ',' or ']' after an array element, found 'x'", line: 1, column: 3),
        Case(input: #"{"a":1 "b":2}"#, message: #"expected ',' or '}' after an object member, found '"'"#, line: 1, column: 8),
        Case(input: #"{"a" 1}"#, message: "expected ':' after the member name, found '1'", line: 1, column: 6),
        Case(input: "{1:2}", message: "expected a member name or '}', found '1'", line: 1, column: 2),
        Case(input: "{'a':1}", message: "expected a member name or '}', found '''", line: 1, column: 2),
        Case(input: "[01]", message: "leading zeros are not allowed", line: 1, column: 2),
        Case(input: "-012", message: "leading zeros are not allowed", line: 1, column: 1),
        Case(input: "[1.]", message: "expected a digit after the decimal point, found ']'", line: 1, column: 4),
        Case(input: "[1e+]", message: "expected a digit in the exponent, found ']'", line: 1, column: 5),
        Case(input: "[-]", message: "expected a digit after '-', found ']'", line: 1, column: 3),
        Case(input: "[.5]", message: "expected a value, found '.5'", line: 1, column: 2),
        Case(input: "[+1]", message: "expected a value, found '+1'", line: 1, column: 2),
        Case(input: "[NaN]", message: "expected a value, found 'NaN'", line: 1, column: 2),
        Case(input: "[tru]", message: "expected a value, found 'tru'", line: 1, column: 2),
        Case(input: "[True]", message: "expected a value, found 'True'", line: 1, column: 2),
        Case(input: #"["abc"#, message: "unterminated string", line: 1, column: 2),
        Case(input: #"["abc\"#, message: "unterminated string", line: 1, column: 2),
        Case(input: #"["a\qb"]"#, message: #"invalid escape '\q'"#, line: 1, column: 4),
        Case(input: #"["\x41"]"#, message: #"invalid escape '\x'"#, line: 1, column: 3),
        Case(input: #"["\u12G4"]"#, message: #"invalid escape '\u12G4': \u must be followed by four hexadecimal digits"#,
             line: 1, column: 3),
        Case(input: #"["\uD800"]"#,
             message: #"lone surrogate '\uD800': a high surrogate must be followed by a low surrogate escape (\uDC00…\uDFFF)"#,
             line: 1, column: 3),
        Case(input: #"["\ud800\u0041"]"#,
             message: #"lone surrogate '\ud800': a high surrogate must be followed by a low surrogate escape (\uDC00…\uDFFF)"#,
             line: 1, column: 3),
        Case(input: #"["\uDC00"]"#, message: #"lone surrogate '\uDC00': a low surrogate must follow a high surrogate"#,
             line: 1, column: 3),
        Case(input: "[\"a\tb\"]", message: "unescaped control character U+0009 in a string; write it as an escape",
             line: 1, column: 4),
        Case(input: "[\"line\nbreak\"]",
             message: #"unescaped line break in a string; write it as \n, or close the string with '"'"#, line: 1, column: 7),
        Case(input: "// comment\n[1]", message: "expected a value, found '/'" + JSONErrorTests.comment, line: 1, column: 1),
        Case(input: "[1] // comment", message: "expected the end of the input after the top-level value, found '/'" + JSONErrorTests.comment,
             line: 1, column: 5),
        Case(input: "[1]\n[2]", message: "expected the end of the input after the top-level value, found '['"
                + "; the input holds several JSON values, one per line (JSON Lines?): read it with DocumentStream",
             line: 2, column: 1),
        Case(input: #"{"a":1}}"#, message: "expected the end of the input after the top-level value, found '}'",
             line: 1, column: 8),
        Case(input: "", message: "the document is empty", line: 1, column: 1),
        Case(input: "  \n ", message: "the document is empty", line: 2, column: 2),
        Case(input: "[1,2", message: "expected ',' or ']' after an array element, found the end of the input",
             line: 1, column: 5),
        Case(input: #"{"a":"#, message: "expected a value, found the end of the input", line: 1, column: 6),
        Case(input: "{\n  \"a\": [1,\n    2,,\n  ]\n}", message: "expected a value, found ','", line: 3, column: 7),
        Case(input: "[\r\n1,\r\n]", message: "expected a value, found ']'" + JSONErrorTests.trailingComma, line: 3, column: 1),
        Case(input: #"["é", x]"#, message: "expected a value, found 'x'", line: 1, column: 7),
        Case(input: "[\u{0}]", message: "expected a value, found control character U+0000", line: 1, column: 2),
        Case(input: "[é]", message: "expected a value, found 'é'", line: 1, column: 2),
    ])
    func malformedInputIsLocated(_ row: Case) {
        let error = #expect(throws: LoadError.self) { try JSONTesting.scan(row.input) }
        #expect(error?.kind == row.kind)
        #expect(error?.message == row.message)
        #expect(error?.location?.line == row.line)
        #expect(error?.location?.column == row.column)
        #expect(error?.description.split(separator: "\n").first == "\(row.line):\(row.column): \(row.message)")
    }

    @Test func errorCarriesByteOffsetAndSnippet() {
        let input = "{\n  \"name\": \"Bob\",\n  \"age\": 042\n}"
        let error = #expect(throws: LoadError.self) { try JSONTesting.scan(input) }
        #expect(error?.location == SourceLocation(byteOffset: 28, line: 3, column: 10))
        #expect(error?.snippet == "  \"age\": 042")
    }

    // MARK: Invalid UTF-8

    struct EncodingCase: Sendable, CustomTestStringConvertible {
        let id: String
        let bytes: [UInt8]
        /// The offset the error names, and the bytes that show the problem.
        let offset: Int
        let shown: String
        /// Whether the input ends inside the character.
        var truncated = false
        var testDescription: String { id }
    }

    static let quoteOpen = Array(#"[""#.utf8)
    static let quoteClose = Array(#""]"#.utf8)

    @Test(arguments: [
        EncodingCase(id: "EUC-KR text", bytes: quoteOpen + [0xB0, 0xA1] + quoteClose, offset: 2, shown: "B0"),
        EncodingCase(id: "lone continuation byte", bytes: quoteOpen + [0x61, 0x80] + quoteClose, offset: 3, shown: "80"),
        EncodingCase(id: "overlong 2 bytes", bytes: quoteOpen + [0xC0, 0xAF] + quoteClose, offset: 2, shown: "C0"),
        EncodingCase(id: "overlong C1", bytes: quoteOpen + [0xC1, 0xBF] + quoteClose, offset: 2, shown: "C1"),
        EncodingCase(id: "overlong 3 bytes", bytes: quoteOpen + [0xE0, 0x80, 0xAF] + quoteClose, offset: 2, shown: "E0 80"),
        EncodingCase(id: "overlong 4 bytes", bytes: quoteOpen + [0xF0, 0x80, 0x80, 0xAF] + quoteClose, offset: 2, shown: "F0 80"),
        EncodingCase(id: "surrogate U+D800", bytes: quoteOpen + [0xED, 0xA0, 0x80] + quoteClose, offset: 2, shown: "ED A0"),
        EncodingCase(id: "surrogate U+DFFF", bytes: quoteOpen + [0xED, 0xBF, 0xBF] + quoteClose, offset: 2, shown: "ED BF"),
        EncodingCase(id: "past U+10FFFF", bytes: quoteOpen + [0xF4, 0x90, 0x80, 0x80] + quoteClose, offset: 2, shown: "F4 90"),
        EncodingCase(id: "F5 lead byte", bytes: quoteOpen + [0xF5, 0x80, 0x80, 0x80] + quoteClose, offset: 2, shown: "F5"),
        EncodingCase(id: "FF byte", bytes: quoteOpen + [0xFF] + quoteClose, offset: 2, shown: "FF"),
        EncodingCase(id: "Latin-1 e acute", bytes: quoteOpen + Array("caf".utf8) + [0xE9] + quoteClose, offset: 5, shown: "E9 22"),
        EncodingCase(id: "truncated before quote", bytes: quoteOpen + [0xE4, 0xB8] + quoteClose, offset: 2, shown: "E4 B8 22"),
        EncodingCase(id: "truncated at end", bytes: quoteOpen + [0xE4, 0xB8], offset: 2, shown: "E4 B8", truncated: true),
        EncodingCase(id: "six-byte form", bytes: quoteOpen + [0xFC, 0x83, 0xBF, 0xBF, 0xBF, 0xBF] + quoteClose, offset: 2, shown: "FC"),
        EncodingCase(id: "in a key", bytes: Array(#"{"ab"#.utf8) + [0xB0] + Array(#"":1}"#.utf8), offset: 4, shown: "B0"),
        EncodingCase(id: "after long ASCII", bytes: quoteOpen + Array(repeating: 0x61, count: 21) + [0x80] + quoteClose,
                     offset: 23, shown: "80"),
        EncodingCase(id: "outside a string", bytes: [0x5B, 0xB0, 0x5D], offset: 1, shown: "B0"),
        EncodingCase(id: "after the value", bytes: [0x5B, 0x5D, 0x20, 0xE5], offset: 3, shown: "E5", truncated: true),
        EncodingCase(id: "incomplete BOM", bytes: [0xEF, 0xBB, 0x7B, 0x7D], offset: 0, shown: "EF BB 7B"),
        EncodingCase(id: "escape then invalid", bytes: quoteOpen + [0x5C, 0xE9] + quoteClose, offset: 3, shown: "E9 22"),
    ])
    func invalidUTF8NamesTheByteAndTheOption(_ row: EncodingCase) {
        let error = #expect(throws: LoadError.self, "\(TestText.hex(row.bytes))") { try JSONTesting.scan(row.bytes) }
        #expect(error?.kind == .invalidEncoding)
        let what = row.truncated ? "the input ends inside a UTF-8 character" : "invalid UTF-8"
        #expect(error?.message == """
            \(what) at byte offset \(row.offset) (\(row.shown)); \
            if the document is in a legacy encoding, pass LoadOptions.encoding (e.g. "EUC-KR")
            """)
        #expect(error?.location?.byteOffset == row.offset)
    }

    @Test func wellFormedUTF8BoundariesAreAccepted() throws {
        let sequences: [[UInt8]] = [
            [0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xEE, 0x80, 0x80],
            [0xEF, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF],
        ]
        for sequence in sequences {
            let document = try JSONTesting.scan(Self.quoteOpen + sequence + Self.quoteClose)
            #expect(document.root.children.first?.string.map { Array($0.utf8) } == sequence, "\(TestText.hex(sequence))")
        }
    }

    // MARK: Depth

    @Test func hundredThousandOpeningArraysFailAtTheLimit() {
        let input = [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
        let error = #expect(throws: LoadError.self) { try JSONTesting.scan(input) }
        #expect(error?.kind == .nestingTooDeep)
        #expect(error?.message == "nesting deeper than 10000 levels of arrays and objects (see LoadOptions.maxDepth)")
        #expect(error?.location == SourceLocation(byteOffset: 10_000, line: 1, column: 10_001))
    }

    @Test(arguments: [
        ("[[[1]]]", 3, nil),
        ("[[[[1]]]]", 3, 3),
        (#"{"a":{"b":{}}}"#, 2, 10),
        (#"{"a":{"b":{}}}"#, 3, nil),
        ("1", 0, nil),
        ("[]", 0, 0),
    ] as [(String, Int, Int?)])
    func customMaxDepth(_ input: String, _ maxDepth: Int, _ failingOffset: Int?) {
        do {
            _ = try JSONTesting.scan(input, maxDepth: maxDepth)
            #expect(failingOffset == nil, "\(input) loaded with maxDepth \(maxDepth)")
        } catch {
            #expect(error.kind == .nestingTooDeep)
            #expect(error.location?.byteOffset == failingOffset, "\(input)")
        }
    }

    @Test func maxDepthReachesThroughThePublicOptions() {
        let error = #expect(throws: LoadError.self) {
            try Document(data: Data("[[[]]]".utf8), options: LoadOptions(format: .json, maxDepth: 2))
        }
        #expect(error?.kind == .nestingTooDeep)
        #expect(error?.location?.column == 3)
    }
}

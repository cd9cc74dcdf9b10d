import Testing
@testable import DocTree

/// The JSON readers share one error catalogue and one line rule: the
/// streaming reader says of a mistake exactly what the strict reader says,
/// at the same place; and input holding several values is recognised from
/// a typed result, never from an error message.
@Suite struct JSONReaderAgreementTests {
    /// Malformed documents whose mistake lies where the streaming reader
    /// reads itself (outside any candidate), each with the strict message.
    static let malformed: [(input: String, message: String)] = [
        (#"{"a" 1}"#, "expected ':' after the member name, found '1'"),
        (#"{"a":1 "b":2}"#, #"expected ',' or '}' after an object member, found '"'"#),
        ("[1 2]", "expected ',' or ']' after an array element, found '2'"),
        ("{,}", "expected a member name or '}', found ','"),
        (#"{"a":1,}"#, "expected a member name after ',', found '}'" + JSONErrorTests.trailingComma),
        ("[01]", "leading zeros are not allowed"),
        ("[1.]", "expected a digit after the decimal point, found ']'"),
        ("[1e+]", "expected a digit in the exponent, found ']'"),
        ("[-]", "expected a digit after '-', found ']'"),
        (#"["a\qb"]"#, #"invalid escape '\q'"#),
        (#"["\u12G4"]"#, #"invalid escape '\u12G4': \u must be followed by four hexadecimal digits"#),
        ("[\"a\tb\"]", "unescaped control character U+0009 in a string; write it as an escape"),
        ("[tru]", "expected a value, found 'tru'"),
        ("[True]", "expected a value, found 'True'"),
        ("{\"é\": [1,\n  2 3]}", "expected ',' or ']' after an array element, found '3'"),
        ("\r\n[\"é\",\r\n  \"ü\" x]", "expected ',' or ']' after an array element, found 'x'"),
        ("[1,", "expected a value, found the end of the input"),
        ("[1", "expected ',' or ']' after an array element, found the end of the input"),
        (#"{"a""#, "expected ':' after the member name, found the end of the input"),
        (#"{"a":1,"#, "expected a member name after ',', found the end of the input"),
        ("{", "expected a member name or '}', found the end of the input"),
        (#"["abc"#, "unterminated string"),
        ("", "the document is empty"),
        ("  \n ", "the document is empty"),
        ("\u{FEFF}", "the document is empty"),
    ]

    /// The strict reader's error for `bytes`.
    static func strictError(_ bytes: [UInt8]) -> LoadError? {
        do {
            _ = try JSONScanner.parse(bytes, options: LoadOptions())
            return nil
        } catch {
            return error
        }
    }

    /// The streaming reader's error for `bytes`, read `slice` bytes at a
    /// time, with a path that selects nothing (so every byte is read by
    /// the streaming reader itself).
    static func streamingError(_ bytes: [UInt8], slice: Int?) -> LoadError? {
        do {
            try StreamingLoad.run(
                ChunkedInput(bytes: bytes, sliceSize: slice),
                matcher: MemberChainMatcher(["nothing"]), options: LoadOptions()
            ) { _ in }
            return nil
        } catch .load(let error) {
            return error
        } catch {
            Issue.record("not a load error: \(error)")
            return nil
        }
    }

    @Test(arguments: malformed)
    func bothReadersSayTheSameAtTheSamePlace(_ input: String, _ message: String) throws {
        let bytes = Array(input.utf8)
        let strict = try #require(Self.strictError(bytes))
        #expect(strict.message == message)
        for slice in [nil, 1, 3] as [Int?] {
            let streaming = try #require(Self.streamingError(bytes, slice: slice), "slice \(String(describing: slice))")
            #expect(streaming.message == strict.message, "slice \(String(describing: slice))")
            #expect(streaming.kind == strict.kind)
            #expect(streaming.location == strict.location, "slice \(String(describing: slice))")
        }
    }

    /// A byte order mark is no text: both readers count columns after it,
    /// as a load of the whole document does once it has dropped the mark.
    @Test func byteOrderMarkTakesNoColumn() throws {
        for (input, line, column, snippet) in [("\u{FEFF}", 1, 1, ""), ("\u{FEFF}{\"a\" 1}", 1, 6, "{\"a\" 1}"), ("\u{FEFF}[1,\n x]", 2, 2, " x]")] {
            let strict = try #require(Self.strictError(Array(input.utf8)))
            #expect(strict.location?.line == line && strict.location?.column == column, "\(strict)")
            #expect((strict.snippet ?? "") == snippet, "\(strict)")
            let streaming = try #require(Self.streamingError(Array(input.utf8), slice: 1))
            #expect(streaming.location?.line == line && streaming.location?.column == column, "\(streaming)")
        }
    }

    @Test func invalidUTF8IsOneMistakeForBothReaders() throws {
        let bytes: [UInt8] = Array("[\"ab".utf8) + [0xFF] + Array("\"]".utf8)
        let strict = try #require(Self.strictError(bytes))
        let streaming = try #require(Self.streamingError(bytes, slice: 2))
        #expect(strict.kind == .invalidEncoding)
        #expect(strict.message.hasPrefix("invalid UTF-8 at byte offset 4 (FF);"))
        #expect(streaming.message == strict.message)
        #expect(streaming.location == strict.location)
    }

    /// A byte order mark makes the input checked as UTF-8 before it is
    /// parsed; the error is the one the parser gives while it reads.
    @Test(arguments: [
        [0xFF], [0xE2, 0x82], [0xED, 0xA0, 0x80],
    ] as [[UInt8]])
    func invalidUTF8IsOneMistakeCheckedBeforeOrWhileParsing(_ bad: [UInt8]) throws {
        // Three spaces stand where the mark is, so both errors are at one offset.
        let parsed = try #require(Self.strictError(Array("   [\"ab".utf8) + bad + Array("\"]".utf8)))
        let checked = #expect(throws: LoadError.self) {
            _ = try InputDecoding.prepare([0xEF, 0xBB, 0xBF] + Array("[\"ab".utf8) + bad + Array("\"]".utf8),
                                          charset: nil, options: LoadOptions())
        }
        #expect(parsed.kind == .invalidEncoding)
        #expect(checked?.kind == parsed.kind)
        #expect(checked?.message == parsed.message)
        #expect(checked?.location?.byteOffset == parsed.location?.byteOffset)
    }

    @Test func severalValuesAreATypedResult() throws {
        let lines = Array("{\"a\":1}\n{\"a\":2}\n".utf8)
        guard case .values(let second) = try JSONScanner.read(lines, options: LoadOptions()) else {
            Issue.record("two values read as one document")
            return
        }
        #expect(second == 8)
        #expect(try Document.oneDocument(bytes: lines, charset: nil, options: LoadOptions()) == nil)

        let one = Array("  {\"a\":1}\n\n".utf8)
        guard case .document(let document) = try JSONScanner.read(one, options: LoadOptions()) else {
            Issue.record("one value read as several")
            return
        }
        #expect(document.root.jsonString() == #"{"a":1}"#)
        #expect(try Document.oneDocument(bytes: one, charset: nil, options: LoadOptions()) != nil)
    }

    @Test func aMalformedFirstValueIsAnErrorNotAStream() {
        // The message of the mistake mentions neither JSON Lines nor a second value.
        #expect(throws: LoadError.self) { try JSONScanner.read(Array("{\"a\" 1}\n{}".utf8), options: LoadOptions()) }
        #expect(throws: LoadError.self) {
            try Document.oneDocument(bytes: Array("[1,]\n[2]".utf8), charset: nil, options: LoadOptions())
        }
    }

    @Test func aSecondValueInADocumentSaysWhereAndHints() throws {
        let error = try #require(Self.strictError(Array("{\"a\":1}\n{\"a\":2}".utf8)))
        #expect(error.location == SourceLocation(byteOffset: 8, line: 2, column: 1))
        #expect(error.message.hasPrefix("expected the end of the input after the top-level value, found '{'"))
        #expect(error.message.hasSuffix("(JSON Lines?): read it with DocumentStream"))
        let sameLine = try #require(Self.strictError(Array("1 2".utf8)))
        #expect(sameLine.message == "expected the end of the input after the top-level value, found '2'")
    }

    /// The one line rule: a line feed, a carriage return, or CR LF ends a
    /// line; columns count characters.
    @Test(arguments: [
        ("ab", 2, 1, 3),
        ("a\nb", 2, 2, 1),
        ("a\rb", 2, 2, 1),
        ("a\r\nb", 2, 2, 1),  // at the LF of CR LF: the CR already ended the line
        ("a\r\nb", 3, 2, 1),
        ("a\n\rb", 3, 3, 1),
        ("éé x", 5, 1, 4),
    ])
    func locationsFollowTheOneLineRule(_ text: String, _ offset: Int, _ line: Int, _ column: Int) {
        let bytes = Array(text.utf8)
        let location = bytes.withUnsafeBufferPointer { SourceLocation(offset: offset, in: $0) }
        #expect(location == SourceLocation(byteOffset: offset, line: line, column: column))
        var counter = LocationCounter(SourceLocation(byteOffset: 0, line: 1, column: 1))
        bytes.withUnsafeBufferPointer { counter.advance(over: UnsafeBufferPointer(rebasing: $0[..<offset])) }
        #expect(counter.location == location)
    }
}

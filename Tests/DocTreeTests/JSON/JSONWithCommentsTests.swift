import Foundation
import Testing
import TestSupport
@testable import DocTree

/// JSON with comments (`LoadOptions.readsJSONWithComments`) is the one scan
/// with comments and trailing commas allowed: every reader (a load, a
/// stream in chunks, JSON Lines, the key-path skimmer) reads the same
/// values as from the same text without them, errors point into the text
/// as written, and a strict read names the option.
@Suite struct JSONWithCommentsTests {
    static let withComments: LoadOptions = {
        var options = LoadOptions(format: .json)
        options.readsJSONWithComments = true
        return options
    }()

    /// JSON with comments, and the same values in strict JSON.
    static let readable: [(String, String)] = [
        ("// header\n{\"a\": 1} // footer", #"{"a":1}"#),
        ("/* a */ [ /* b */ 1 /* c */ , /* d */ 2 /* e */ ] /* f */", "[1,2]"),
        ("{ \"a\" /* before the colon */ : /* after it */ true }", #"{"a":true}"#),
        ("{\n  \"a\": 1, // one\n  // \"b\": 2,\n  \"c\": [3,],\n}\n", #"{"a":1,"c":[3]}"#),
        ("[1,2,]", "[1,2]"),
        ("{\"a\":{\"b\":[],},}", #"{"a":{"b":[]}}"#),
        ("[ /* nothing */ ]", "[]"),
        ("{ // nothing\n}", "{}"),
        ("1//", "1"),
        ("1/**/", "1"),
        ("[1/**/,/**/2]", "[1,2]"),
        ("[\"// not a comment\", \"/* nor this */\", \"http://x/*y*/\"]", #"["// not a comment","/* nor this */","http://x/*y*/"]"#),
        ("{\"a\":1 // CR ends a line comment\r,\"b\":2}", #"{"a":1,"b":2}"#),
        ("/* ünïcödé ─ 😀 */ \"é\"", #""é""#),
        ("/* * / ** */ [/***/]", "[]"),
        ("[[[1,],],]", "[[[1]]]"),
    ]

    @Test func readsCommentsAndTrailingCommas() throws {
        for (text, strict) in Self.readable {
            let document = try JSONScanner.parse(Array(text.utf8), options: Self.withComments)
            #expect(JSONTesting.render(document.root) == JSONTesting.render(try JSONTesting.scan(strict).root), "\(text)")
        }
    }

    @Test func strictReadingNamesTheOption() throws {
        for (text, _) in Self.readable where text.contains("/*") || text.contains("//") || text.contains(",]") || text.contains(",}") {
            let bytes = Array(text.utf8)
            if text.hasPrefix("[\"//") { continue }  // comments only inside strings: strict JSON
            do {
                _ = try JSONTesting.scan(bytes)
                Issue.record("strict JSON read \(text)")
            } catch {
                #expect(error.message.contains("LoadOptions.readsJSONWithComments"), "\(text): \(error.message)")
            }
        }
        #expect(throws: LoadError.self) { try JSONTesting.scan("// c\n{}") }
        do {
            _ = try JSONTesting.scan("{\n  // the size\n  \"size\": 1\n}")
        } catch {
            #expect(error.message == "expected a member name or '}', found '/'; comments are not JSON, and the input"
                + " looks like JSON with comments: read it with LoadOptions.readsJSONWithComments (docq: -f jsonc)")
            #expect(error.location?.line == 2 && error.location?.column == 3)
        }
        do {
            _ = try JSONTesting.scan("[1,\n 2,\n]")
        } catch {
            #expect(error.message.contains("a comma before a closing bracket is not JSON"), "\(error.message)")
            #expect(error.location?.line == 3 && error.location?.column == 1)
        }
        // A bracket after a colon is no trailing comma, and a lone '/' no comment: no hint.
        for text in [#"{"a":]"#, "[1 / 2]"] {
            do {
                _ = try JSONTesting.scan(text)
                Issue.record("read \(text)")
            } catch {
                #expect(!error.message.contains("LoadOptions.readsJSONWithComments"), "\(text): \(error.message)")
            }
        }
    }

    /// Malformed JSON with comments: the message, line and column.
    static let malformed: [(String, String, Int, Int)] = [
        ("{\n  \"a\": 1 /* open\n}", "unterminated comment: '/*' has no closing '*/'", 2, 10),
        ("[1, /", "expected a value, found '/'", 1, 5),
        ("[1 /x ]", "expected ',' or ']' after an array element, found '/'", 1, 4),
        ("[,]", "expected a value, found ','", 1, 2),
        ("{,}", "expected a member name or '}', found ','", 1, 2),
        ("[1,,]", "expected a value, found ','", 1, 4),
        ("{\"a\":1,,}", "expected a member name after ',', found ','", 1, 8),
        ("{\"a\": /* c */ }", "expected a value, found '}'", 1, 15),
        ("{\"a\" /* c */ 1}", "expected ':' after the member name, found '1'", 1, 14),
        ("// only a comment\n", "the document is empty", 2, 1),
        ("1 /* c */ 2", "expected the end of the input after the top-level value, found '2'", 1, 11),
        ("[1] ,", "expected the end of the input after the top-level value, found ','", 1, 5),
    ]

    @Test func malformedInputSaysWhereInTheTextAsWritten() throws {
        for (text, message, line, column) in Self.malformed {
            do {
                _ = try JSONScanner.parse(Array(text.utf8), options: Self.withComments)
                Issue.record("read \(text)")
            } catch {
                #expect(error.message == message, "\(text)")
                #expect(error.location?.line == line && error.location?.column == column, "\(text): \(String(describing: error.location))")
            }
        }
        // A comment's text must be UTF-8 too.
        do {
            _ = try JSONScanner.parse(Array("[1 /* ".utf8) + [0xFF] + Array(" */]".utf8), options: Self.withComments)
            Issue.record("read invalid UTF-8")
        } catch {
            #expect(error.kind == .invalidEncoding)
            #expect(error.location?.column == 7)
        }
    }

    @Test func spansPointIntoTheTextAsWritten() throws {
        let text = "/* x */ {\"a\" /* y */ : [1, /* z */ 2,], // w\n}"
        let (document, spans) = try JSONScanner.parseWithSpans(Array(text.utf8), options: Self.withComments)
        let bytes = Array(text.utf8)
        let a = try #require(document.root.children.first)
        #expect(String(decoding: bytes[spans.start(a.index)..<spans.end(a.index)], as: UTF8.self) == "[1, /* z */ 2,]")
        let two = try #require(Array(a.children).last)
        #expect(spans.start(two.index) == text.utf8.count - "2,], // w\n}".utf8.count)
        #expect(spans.keyStart(a.index) == 9)
        #expect(spans.start(document.root.index) == 8)
    }

    /// Streamed in chunks of every size, JSON with comments gives what a
    /// whole load gives: the same candidates, or the same error at the same place.
    @Test func streamingInChunksAgreesWithTheLoad() throws {
        let inputs = Self.readable.map(\.0) + Self.malformed.map(\.0)
            + ["{\"a\": [1, 2,], /* c */ \"a\": {\"b\": 3,}, // d\n}", "{\"a\":1} // one\n{\"a\":2 /* x */}"]
        for text in inputs {
            let bytes = Array(text.utf8)
            var whole: StreamChunkingTests.Outcome?
            for slice in [nil, 1, 2, 3, 7] {
                var outcome = StreamChunkingTests.Outcome()
                do {
                    try StreamingLoad.run(
                        ChunkedInput(bytes: bytes, sliceSize: slice), matcher: MemberChainMatcher(["a"]), options: Self.withComments
                    ) { candidate in
                        outcome.candidates.append(candidate.document.root.jsonString())
                    }
                } catch .load(let error) {
                    outcome.error = StreamChunkingTests.describe(error)
                } catch {
                    outcome.error = "\(error)"
                }
                if let whole {
                    #expect(outcome == whole, "\(text) in slices of \(slice ?? 0)")
                } else {
                    whole = outcome
                }
            }
            // A malformed document fails as its load does.
            if let error = whole?.error, !text.contains("{\"a\":1}\n") {
                do {
                    _ = try JSONScanner.parse(bytes, options: Self.withComments)
                    Issue.record("\(text) loaded, but streaming failed: \(error)")
                } catch where !error.message.hasPrefix("expected the end of the input") {
                    // (A second top-level value is a stream's next value, not an error.)
                    #expect(StreamChunkingTests.describe(error) == whole?.error, "\(text)")
                } catch {}
            }
        }
    }

    @Test func jsonLinesWithComments() throws {
        let text = "{\"a\": 1,} // one\n/* two: */ {\"a\": 2} // two\n"
        let values = DocumentStream(bytes: Array(text.utf8), options: Self.withComments).map { result in
            (try? result.get()).map { JSONTesting.render($0.root) } ?? "error"
        }
        #expect(values == [#"{"a":1}"#, #"{"a":2}"#])
        let strict = DocumentStream(bytes: Array(text.utf8), options: LoadOptions()).map { (try? $0.get()) == nil }
        #expect(strict.first == true)
        #expect(try JSONScanner.read(Array(text.utf8), options: Self.withComments).document == nil)
    }

    /// Comments before, between and after the records of a stream are no
    /// records, however the input is cut; an unterminated one after the
    /// last record is its error, where it begins.
    @Test func commentsBetweenAndAfterRecords() throws {
        let text = "// head\n{\"a\": 1}\n// between\n/* a block\n */\n[2,] /* beside */\n// the end\n/* last */ "
        for chunk in [1, 2, 3, 5, 8, 13, 4096] {
            let reader = RecordReader(
                input: ChunkedInput(bytes: Array(text.utf8), sliceSize: chunk), options: Self.withComments, chunkSize: chunk)
            let values = Array(AnyIterator { reader.next() }).map { (try? $0.get()).map { JSONTesting.render($0.root) } ?? "error" }
            #expect(values == [#"{"a":1}"#, "[2]"], "chunks of \(chunk)")
        }
        let open = Array(DocumentStream(bytes: Array("[1]\n// fine\n/* open".utf8), options: Self.withComments))
        #expect(open.count == 2)
        #expect(throws: LoadError.self) { try open.last?.get() }
        if case .failure(let error)? = open.last {
            #expect(error.message.hasPrefix("unterminated comment"), "\(error.message)")
            #expect(error.location?.line == 3 && error.location?.column == 1, "\(String(describing: error.location))")
        }
        // Strict JSON: a comment is still no record.
        #expect(Array(DocumentStream(bytes: Array("[1]\n// x".utf8), options: LoadOptions())).count == 2)
    }

    @Test func keyPathSkimmerReadsComments() throws {
        let skimmer = JSONKeyPathSkimmer(keys: [Array("a".utf8)], options: Self.withComments)
        let record = Array("{/* x */ \"a\": 1, \"b\": [2,],} // y".utf8)
        var spans: [Range<Int>] = []
        #expect(record.withUnsafeBufferPointer { skimmer.skim($0, into: &spans) })
        #expect(spans.map { String(decoding: record[$0], as: UTF8.self) } == ["1"])
        let strict = JSONKeyPathSkimmer(keys: [Array("a".utf8)], options: LoadOptions())
        spans = []
        #expect(!record.withUnsafeBufferPointer { strict.skim($0, into: &spans) })
    }

    @Test func strictJSONIsUnchangedByTheOption() throws {
        let text = #"{"a": [1, 2.5e3, "x\n", true, null], "b": {}}"#
        let strict = try JSONTesting.scan(text)
        let commented = try JSONScanner.parse(Array(text.utf8), options: Self.withComments)
        #expect(JSONTesting.render(strict.root) == JSONTesting.render(commented.root))
    }
}

@testable import DocQuery
import Foundation
import TestSupport
import Testing

/// The streaming evaluator's behaviour beyond equality with the in-memory
/// one: rejections, malformed and cut-off input, chunk boundaries, encodings,
/// and the async sequence.
@Suite struct StreamingTests {
    static func stream(_ path: String, _ text: String, slice: Int? = 3, options: LoadOptions = LoadOptions()) throws -> [String] {
        try stream(path, Array(text.utf8), slice: slice, options: options).values
    }

    /// The values streamed before the end or an error, and the error.
    static func stream(
        _ path: String, _ bytes: [UInt8], slice: Int? = 3, options: LoadOptions = LoadOptions()
    ) throws -> (values: [String], error: (any Error)?) {
        var values: [String] = []
        do {
            try PathQuery(path).streamMatches(ChunkedInput(bytes: bytes, sliceSize: slice), options: options) {
                values.append(StreamDifferentialTests.render($0))
            }
            return (values, nil)
        } catch {
            return (values, error)
        }
    }

    @Test(arguments: [
        ("a..b.@keys", "a stream folds only @count, @sum, @avg, @min and @max", 5..<10),
        ("a.@keys", "a stream folds only @count, @sum, @avg, @min and @max", 2..<7),
        ("a.@count.b", "only a last operator is folded", 2..<8),
    ])
    func rejectsWhatCannotStream(_ path: String, _ reason: String, _ range: Range<Int>) throws {
        let error = #expect(throws: QueryError.self) { try PathQuery(path).checkStreamable() }
        #expect(error?.kind == .notStreamable)
        #expect(error?.message.contains(reason) == true, "\(error?.message ?? "")")
        #expect(error?.range == range)
    }

    /// `bytes` through a pipe: input that cannot be read again.
    static func pipeInput(_ bytes: [UInt8]) -> ChunkedInput {
        var ends: [Int32] = [0, 0]
        precondition(pipe(&ends) == 0)
        // Small enough for the pipe's buffer: written whole before any read.
        precondition(bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) } == bytes.count)
        close(ends[1])
        return ChunkedInput(descriptor: ends[0], closesOnEnd: true, label: "(pipe)")
    }

    /// The values streamed from a pipe before the end or an error, and the error.
    static func streamFromPipe(_ path: String, _ text: String) throws -> (values: [String], error: (any Error)?) {
        var values: [String] = []
        do {
            try PathQuery(path).streamMatches(pipeInput(Array(text.utf8)), options: LoadOptions()) {
                values.append(StreamDifferentialTests.render($0))
            }
            return (values, nil)
        } catch {
            return (values, error)
        }
    }

    /// [0] after `tags` means the first element while `tags` is one array,
    /// and the first array once there are two: the stream bets on one, and
    /// when a second comes, input that can be read again is read again with
    /// the array as one value; a pipe is refused, with nothing handed on.
    @Test func aLoneArrayMetLateIsReadAgain() throws {
        let text = #"{"items":[{"tags":[1,2]},{"tags":[3]}]}"#
        for slice in [nil, 1, 3] {
            #expect(try Self.stream("items.tags[0]", text, slice: slice) == ["[1,2]"])
        }
        let piped = try Self.streamFromPipe("items.tags[0]", text)
        #expect(piped.values.isEmpty)
        #expect((piped.error as? QueryError)?.kind == .notStreamable)
        #expect((piped.error as? QueryError)?.message.contains("then more values") == true)
        // One array: its element, from a pipe too.
        #expect(try Self.stream("items.tags[1]", #"{"items":[{"tags":[1,2]}]}"#) == ["2"])
        #expect(try Self.streamFromPipe("items.tags[1]", #"{"items":[{"tags":[1,2]}]}"#).values == ["2"])
    }

    /// The elements of a first array that came through an array's elements
    /// are held until the value ends, since a second value would make them
    /// the wrong ones: from a pipe, a refusal comes before any of them; read
    /// again, the values before the one that lost the bet go out once, and
    /// each value is read as the tree reads it.
    @Test func aLoneArrayThroughElementsIsHeldUntilTheEnd() throws {
        let twoArrays = try Self.streamFromPipe("items.tags[0:2]", #"{"items":[{"tags":[1,2,3]},{"tags":[4]}]}"#)
        #expect(twoArrays.values.isEmpty)
        #expect((twoArrays.error as? QueryError)?.kind == .notStreamable)
        #expect(try Self.stream("items.tags[0:2]", #"{"items":[{"tags":[1,2,3]},{"tags":[4]}]}"#) == ["[1,2,3]", "[4]"])
        #expect(try Self.stream("items.tags[0:2]", #"{"items":[{"tags":[1,2,3]},{"x":0}]}"#) == ["1", "2"])
        let lines = #"{"items":[{"tags":[1,2,3]}]}"# + "\n" + #"{"items":[{"tags":[5,6]},{"tags":[7]}]}"# + "\n"
            + #"{"items":[{"tags":[8,9]}]}"# + "\n" + #"{"items":[{"tags":[0]},{"tags":[4]}]}"#
        let piped = try Self.streamFromPipe("items.tags[1]", lines)
        #expect(piped.values == ["2"])
        #expect((piped.error as? QueryError)?.kind == .notStreamable)
        // Two values lose the bet: the input is read three times, and each value's matches go out once, as the tree gives them.
        #expect(try Self.stream("items.tags[1]", lines) == ["2", "[7]", "9", "[4]"])
        for path in ["items.tags[1]", "items.tags[1].@count", "items.tags[0:1]", "items.tags[1:]"] {
            var expected: [String] = []
            for line in lines.split(separator: "\n") {
                guard case .values(let values) = StreamDifferentialTests.inMemory(path, try Document(data: Data(line.utf8))) else {
                    Issue.record("\(path) fails on \(line)")
                    continue
                }
                expected += values
            }
            for slice in [nil, 2, 5] {
                #expect(try Self.stream(path, lines, slice: slice) == expected, "\(path)")
            }
        }
    }

    /// A bet is lost on each of more top-level values than the input is read
    /// again for: the last reading's refusal stands, and every match before
    /// the value that refused went out once, in order.
    @Test func readingAgainIsBounded() throws {
        let lost = #"{"items":[{"tags":[1,2]},{"tags":[3]}]}"#
        let lines = Array(repeating: lost, count: StreamMatcher.rereadings + 2).joined(separator: "\n")
        let result = try Self.stream("items.tags[0]", Array(lines.utf8), slice: 7)
        #expect(result.values == Array(repeating: "[1,2]", count: StreamMatcher.rereadings))
        #expect((result.error as? QueryError)?.kind == .notStreamable)
    }

    /// `..name` streams: the outermost values with the name are candidates,
    /// built one at a time, and the ones inside each are found in it, so
    /// the matches come in document order, each once, as in memory.
    @Test(arguments: [
        ("..a", #"{"a":{"b":{"a":1,"c":{"a":[2,{"a":3}]}}},"z":[{"a":4}]}"#),
        ("..a.c", #"{"a":{"b":{"a":1,"c":{"a":[2,{"a":3}]}}},"z":[{"a":4}]}"#),
        ("..a[0]", #"{"a":{"b":{"a":1,"c":{"a":[2,{"a":3}]}}},"z":[{"a":4}]}"#),
        ("..a[-1]", #"{"x":{"a":[5,6]}}"#),
        ("..a..a", #"{"a":{"a":{"a":1}},"b":{"a":{"c":{"a":2}}}}"#),
        ("..a.@count", #"{"a":{"a":{"a":1}},"b":[{"a":2},[{"a":3}]]}"#),
        ("..a[?. > 1]", #"{"a":[1,2,3]}"#),
        ("z..*", #"{"z":[{"a":4},[5,{"b":6}]],"y":1}"#),
        ("..*.@sum", #"[1,[2,3],{"a":4}]"#),
        ("..\"k.1\"", #"{"x":{"k.1":1,"k\u002e1":{"k.1":2}}}"#),
        ("..a", #"<r><a x="1"><a/></a><b a="2"><c><a>3</a></c></b></r>"#),
        ("..a._string", #"<r><a>1<a>2</a></a><b a="3"/></r>"#),
        ("b..*", #"<r><b a="3"><c><d/></c>t</b><b/></r>"#),
        ("..c[1]", #"<r><c>1</c><b><c>2</c><c>3</c></b></r>"#),
    ])
    func descendantsStreamAsTheTreeGivesThem(_ path: String, _ text: String) throws {
        let expected = StreamDifferentialTests.inMemory(path, try Document(data: Data(text.utf8)))
        for slice in [nil, 1, 5] {
            #expect(StreamDifferentialTests.streamed(path, Array(text.utf8), slice: slice) == expected, "\(path) on \(text)")
        }
    }

    /// After `*` or a slice several values may reach an index or slice, so
    /// a first one that is an array is held until it is known to be alone:
    /// the stream gives what the tree gives, with no refusal.
    @Test(arguments: [
        ("a.*[2:4]", #"{"a":{"x":[1,2,3,4,5],"y":[6,7,8,9]}}"#),
        ("a.*[2:4]", #"{"a":{"x":[1,2,3,4,5]}}"#),
        ("a.*[1]", #"{"a":{"x":[1,2],"y":[3]}}"#),
        ("a.*[0].b", #"{"a":{"x":[{"b":1},{"b":2}]}}"#),
        ("a.*[0].b", #"{"a":{"x":{"b":1},"y":[{"b":2}]}}"#),
        ("a[0:2][1]", #"{"a":[[1,2],[3,4]]}"#),
        ("a[0:1][1]", #"{"a":[[1,2],[3,4]]}"#),
        ("a[1:][0]", #"{"a":[0,[1,2]]}"#),
        ("*[1]", #"{"x":[1,2],"y":[3,4]}"#),
        ("*[1]", #"{"x":[1,2]}"#),
    ])
    func aPositionAfterSeveralValuesCountsAsTheTreeDoes(_ path: String, _ text: String) throws {
        let expected = StreamDifferentialTests.inMemory(path, try Document(data: Data(text.utf8)))
        for slice in [nil, 1, 3] {
            #expect(StreamDifferentialTests.streamed(path, Array(text.utf8), slice: slice) == expected, "\(path) on \(text)")
        }
    }

    /// A filter after the rest's first step opens the one array that
    /// reaches it in the whole array, and tests each of several whole, as
    /// in memory, whichever batches they come in (each element's tags hold
    /// t1 but element 9's, a string).
    @Test func aLaterFilterOpensOnlyTheArrayThatReachesItAlone() throws {
        let elements = (0..<2_000).map { id in
            #"{"id": \#(id), "tags": \#(id == 9 ? "\"t1\"" : "[\"t0\", \"t1\"]"), "pad": "\#(String(repeating: "x", count: 60))"}"#
        }
        let bytes = Array("{\"items\": [\(elements.joined(separator: ",\n"))]}".utf8)
        let document = try Document(data: Data(bytes))
        for path in [
            "items[?id == 5].tags[?. == 't1']", "items[?id == 5 || id == 1990].tags[?. == 't1']", "items[?id == 9 || id == 1990].tags[?. == 't1']",
            "items[?id == 1990 || id == 1999].tags[?. == 't1']", "items[?id < 3].tags[?. == 't1']", "items[1:2].tags[?. == 't0']",
            "items[?id == 1999].tags[?. == 't0']", "items[?id == 1999].tags[?. == 't0'].@count",
        ] {
            let expected = StreamDifferentialTests.inMemory(path, document)
            for slice in [nil, 4093] {
                #expect(StreamDifferentialTests.streamed(path, bytes, slice: slice) == expected, "\(path)")
            }
        }
    }

    /// Every filter after the first step counts what reaches it over the
    /// whole top-level value: from several candidates (`a.*`), and through
    /// another such filter, in batches of a spread array too.
    @Test func everyLaterFilterOpensOnlyAnArrayThatReachesItAlone() throws {
        let pad = String(repeating: "x", count: 9_000)
        let elements = (0..<40).map { id in
            #"{"id": \#(id), "x": \#(id == 3 || id == 30), "tags": [["t1"], "t2", \#(id)], "pad": "\#(pad)"}"#
        }
        let members = #""p": {"x": false, "tags": ["t1", "t2"]}, "q": {"x": true, "tags": ["t1", "t3"]}, "r": [[1], 2]"#
        let text = #"{"items": [\#(elements.joined(separator: ",\n"))], "a": {\#(members)}}"#
        let bytes = Array(text.utf8)
        let document = try Document(data: Data(bytes))
        for path in [
            // One filter after the first step, its input from several candidates.
            "a.*[?x == true].tags[?. == 't1']", "a.*[?x].tags[?. == 't1']", "a.*[?. == 2]",
            // Two, over a spread array, from one element and from two in different batches.
            "items[?id == 5].tags[?. != 'x'][?. == 't1']", "items[?id == 5].tags[?. != 't2'][?. == 't1']",
            "items[?x == true].tags[?. != 'x'][?. == 't1']", "items[?id == 39].tags[?. != 'x'][?. == 't1'].@count",
            "items[?id > 36].tags[?. != 't2'][?. == 't1']",
        ] {
            let expected = StreamDifferentialTests.inMemory(path, document)
            for slice in [nil, 4093] {
                #expect(StreamDifferentialTests.streamed(path, bytes, slice: slice) == expected, "\(path)")
            }
        }
        // The first two paths over `a` alone: one candidate has `x`, then both do.
        let one = #"{"a": {\#(members)}}"#
        #expect(try Self.stream("a.*[?x == true].tags[?. == 't1']", one) == ["\"t1\""])
        let both = one.replacingOccurrences(of: #""x": false"#, with: #""x": true"#)
        #expect(try Self.stream("a.*[?x == true].tags[?. == 't1']", both) == [#"["t1","t2"]"#, #"["t1","t3"]"#])
    }

    /// An index or slice after a filter numbers what reaches it over the
    /// whole top-level value, in document order, across batches and
    /// candidates, and indexes into an array that reaches it alone; one
    /// from the end keeps the last values and decides at the end.
    @Test func indexesAndSlicesCountOverTheWholeValue() throws {
        let pad = String(repeating: "x", count: 9_000)
        let elements = (0..<40).map { id in
            #"{"id": \#(id), "x": \#(id % 7 == 3), "tags": ["t\#(id)", "u\#(id)"], "pad": "\#(pad)"}"#
        }
        let members = #""p": {"x": false, "tags": ["t1", "t2"]}, "q": {"x": true, "tags": ["t1", "t3"]}, "r": [[1], 2]"#
        let text = #"{"items": [\#(elements.joined(separator: ",\n"))], "a": {\#(members)}, "s": "abc"}"#
        let bytes = Array(text.utf8)
        let document = try Document(data: Data(bytes))
        let paths = [
            "items[?id > 5][0].id", "items[?id > 5][30].id", "items[?id > 5][2:4].tags", "items[?x == true][1:].id",
            "items[?x == true][:2].tags[1]", "items[?id > 5][2:9][1:3].id", "items[?id == 7].tags[1]", "items[?id == 7][0].tags[0:1]",
            "items[?id > 5].tags[1]", "items[?id > 5][99]", "items[?id > 5][3:1]", "items[?id > 5][1:4].id.@sum",
            "items[?id > 30].tags[?. != 'x'][1]", "a.*[?x == true].tags[1]", "a.*[1].tags", "a.*[?x][1:].tags[0]",
            "s._string[0]", "items[?id > 5][-1].id", "items[?id > 5][-3:].tags[0]", "items[?id > 5][:-30].id",
            "items[?id > 5][2:-30].id", "items[?id > 5][-33:-30].id", "items[?id == 7].tags[-1]", "items[?x == true][-2:][-1].id",
            "items[?id > 5][-99]", "a.*[?x][-1].tags[-1]", "items[?id > 30].tags[?. != 'x'][-3:-1]", "s._string[-1]",
            "items[?id > 5][-2:].id.@sum",
        ]
        for path in paths {
            let expected = StreamDifferentialTests.inMemory(path, document)
            for slice in [nil, 4093] {
                #expect(StreamDifferentialTests.streamed(path, bytes, slice: slice) == expected, "\(path)")
            }
        }
        // Counted in the whole array: the 31st element kept is the 37th.
        #expect(try Self.stream("items[?id > 5][30].id", text) == ["36"])
        #expect(try Self.stream("items[?id == 7].tags[1]", text) == [#""u7""#])
        #expect(try Self.stream("items[?id > 5][-2:].id", text) == ["38", "39"])
        // Malformed, the values before the mistake are not the last ones: nothing is decided from the end.
        let malformed = Array(#"{"items": [{"id": 7}, {"id": 8}, {"id": 9} x"#.utf8)
        let fromEnd = try Self.stream("items[?id > 5][-1].id", malformed)
        #expect(fromEnd.values.isEmpty && fromEnd.error is LoadError)
        #expect(try Self.stream("items[?id > 5][1].id", malformed).values == ["8"])
    }

    @Test func aPathThatEndsOnAnArrayMatchesItWholeButFiltersItElementByElement() throws {
        let text = #"{"items":[{"a":1},{"a":2},[3]]}"#
        // The library's match is the array, as in memory (one value)…
        #expect(try Self.stream("items", text) == [#"[{"a":1},{"a":2},[3]]"#])
        // …and a filter or a fold takes its elements.
        #expect(try Self.stream("items[?a > 1]", text) == [#"{"a":2}"#])
        #expect(try Self.stream("items.@count", text) == ["=3"])
        // For a consumer that prints, the array comes element by element between its edges.
        var events: [String] = []
        try PathQuery("items").streamMatches(
            ChunkedInput(bytes: Array(text.utf8), sliceSize: 5), options: LoadOptions(),
            printsArrays: true, arrayEdge: { events.append($0 == .open ? "[" : "]") }
        ) { events.append(StreamDifferentialTests.render($0)) }
        #expect(events == ["[", #"{"a":1}"#, #"{"a":2}"#, "[3]", "]"])
    }

    @Test func malformedInputMidStreamKeepsWhatCameBefore() throws {
        let text = "{\"a\":[{\"b\":1},\n{\"b\":2},\n{\"b\":3 x}]}"
        let result = try Self.stream("a.b", Array(text.utf8))
        // 3 is complete before the stray 'x' is read, so it is delivered too.
        #expect(result.values == ["1", "2", "3"])
        let error = try #require(result.error as? LoadError)
        #expect(error.location?.line == 3)
        #expect(error.location?.column == 8)
        #expect(error.message.contains("expected ',' or '}'"))
    }

    /// A byte order mark is no text: a mistake on the first line is at the
    /// column the whole document's load gives (it counted the mark as one).
    @Test func byteOrderMarkTakesNoColumn() throws {
        for text in [#"{"a" 1}"#, "[1, 2,]", "{\"a\":\n 1 x}", "\"é\" x"] {
            let bytes = InputHead.byteOrderMarkUTF8 + Array(text.utf8)
            let loaded = #expect(throws: LoadError.self) { try Document(data: Data(bytes)) }
            let expected = try #require(loaded?.location, "\(text)")
            for slice in [nil, 1, 2] as [Int?] {
                let streamed = try #require(try Self.stream("a", bytes, slice: slice).error as? LoadError, "\(text)")
                #expect(streamed.location?.line == expected.line, "\(text) in slices of \(slice ?? 0)")
                #expect(streamed.location?.column == expected.column, "\(text) in slices of \(slice ?? 0)")
            }
        }
    }

    /// Several top-level values (JSON Lines, concatenated JSON) are a
    /// stream of values: the path runs on each in turn, as on a document of
    /// its own, in whatever pieces the input arrives.
    @Test func severalValuesAreStreamedInTurn() throws {
        let records = [#"{"a":[1,2],"x":{"y":[1]}}"#, #"{"a":[3]}"#, #"{"b":0}"#, #"{"a":{"c":4}}"#, #"[{"a":5},{"a":6}]"#, "7"]
        let text = records[0] + "\n" + records[1] + "\r\n" + records[2] + "  " + records[3] + "\n\n" + records[4] + "\t" + records[5]
        for path in ["a", "a.@count", "a.c.@sum", "a[0]", "[1].a", "a.c", "x.y", "*", ".", "a[?_string == '3']"] {
            var expected: [String] = []
            for record in records {
                expected += try PathQuery(path).evaluate(on: Document(data: Data(record.utf8)))
                    .selectedMatches.map(StreamDifferentialTests.render)
            }
            for slice in [nil, 1, 4] as [Int?] {
                let result = try Self.stream(path, Array(text.utf8), slice: slice)
                #expect(result.values == expected, "\(path) in slices of \(slice ?? 0)")
                #expect(result.error == nil, "\(path): \(result.error.map { "\($0)" } ?? "")")
            }
        }
    }

    /// A malformed value ends the stream: the values before it are delivered.
    @Test func malformedValueEndsTheStream() throws {
        let (values, error) = try Self.stream("a", Array("{\"a\":1}\n{\"a\":}\n{\"a\":3}\n".utf8))
        #expect(values == ["1"])
        let loadError = try #require(error as? LoadError)
        #expect(loadError.location?.line == 2, "\(loadError)")
        #expect(loadError.location?.column == 6, "\(loadError)")
    }

    /// What a stream with `malformed` and `failed` gave: values, `error L:C`
    /// for each malformed value passed over and `failed` for each value whose
    /// evaluation failed, in order; a last `end …` when it ended with an error.
    static func passingOver(_ path: String, _ text: String, slice: Int = 3) throws -> [String] {
        var out: [String] = []
        do {
            try PathQuery(path).streamMatches(
                ChunkedInput(bytes: Array(text.utf8), sliceSize: slice), options: LoadOptions(),
                malformed: { out.append("error \($0.location.map { "\($0.line):\($0.column)" } ?? "-")") },
                failed: { _ in out.append("failed") }
            ) { out.append(StreamDifferentialTests.render($0)) }
        } catch {
            out.append("end \(error)")
        }
        return out
    }

    @Test func malformedOrFailingValuesOfAStreamArePassedOver() throws {
        let text = "{\"a\":1}\n{\"a\":}\n{\"a\":3}\n{\"a\":\"x\n{\"a\":4}\n{\"a\":5\n{\"a\":6}\n[}\n{\"a\":7}"
        for slice in [1, 3, 1000] {
            #expect(try Self.passingOver("a", text, slice: slice) == [
                "1", "error 2:6", "3", "error 4:8", "4",
                "5", "error 7:1",  // the record that lacks its '}' ends where the next line's begins
                "6", "error 8:2", "7",
            ], "slices of \(slice)")
        }
        // A fold over a malformed value gives nothing; the values around it fold as usual.
        #expect(try Self.passingOver("a.@count", "{\"a\":[1,2]}\n{\"a\":[1,}\n{\"a\":[3]}") == ["=2", "error 2:9", "=1"])
        // A malformed first value is not known to be one of a stream: it ends the run.
        let first = try Self.passingOver("a", "{\"a\":}\n{\"a\":3}\n")
        #expect(first.count == 1 && first[0].hasPrefix("end "), "\(first)")
        // A value whose evaluation fails gives nothing more; the values after it are evaluated.
        #expect(try Self.passingOver("a.@sum", "{\"a\":[1,2]}\n{\"a\":{\"c\":4}}\n{\"a\":[3]}") == ["=3", "failed", "=3"])
        let failing = "{\"a\":[{\"b\":[1]},{\"b\":{\"c\":1}},{\"b\":[5]}]}\n{\"a\":[{\"b\":[2]}]}"
        #expect(try Self.passingOver("a[?b.@sum > 1].b", failing) == ["failed", "[2]"])
        // Without the handler, the first malformed value ends the stream (as always).
        #expect(try Self.stream("a", Array(text.utf8)).values == ["1"])
    }

    @Test func malformedXMLMidStream() throws {
        let text = "<r>\n<i>1</i>\n<i>2</i>\n<i>3</j></r>"
        let result = try Self.stream("i", Array(text.utf8))
        #expect(result.values == ["\"1\"", "\"2\""])
        let error = try #require(result.error as? LoadError)
        #expect(error.location?.line == 4)
    }

    @Test(arguments: ["{\"a\":[1,2", "{\"a\":\"unterminated", "<r><i>1</i><i>2", "{\"a\":tru"])
    func truncatedInputFails(_ text: String) throws {
        let result = try Self.stream("a", Array(text.utf8))
        #expect(result.error is LoadError, "\(text)")
    }

    @Test(arguments: ["", "   \n\t ", "\u{FEFF}"])
    func emptyInputFails(_ text: String) throws {
        let error = try #require(try Self.stream("a", Array(text.utf8)).error as? LoadError)
        #expect(error.message.contains("empty"), "\(error.message)")
    }

    @Test func scalarsAndWholeDocument() throws {
        #expect(try Self.stream(".", "42") == ["42"])
        #expect(try Self.stream(".", #"  "text"  "#) == ["\"text\""])
        #expect(try Self.stream("a", #"{"a":null,"b":true}"#) == ["null"])
    }

    /// One array in all is a lone array: the operator takes its elements,
    /// as in memory; with a second value, the array is one value among them.
    @Test(arguments: [
        ("x.@sum", #"{"x":[1,2,3]}"#), ("x.@avg", #"{"x":[1,2,3]}"#), ("x.@max", #"{"x":[1,2,3]}"#),
        ("x.@min", #"{"x":["b","a"]}"#), ("x.@count", #"{"x":[1,2,3]}"#),
        ("x.y.@count", #"{"x":[{"y":[1,2]},{"y":3}]}"#),
    ])
    func operatorOnOneArrayMeansWhatItMeansInMemory(_ path: String, _ text: String) throws {
        let inMemory = try PathQuery(path).evaluate(on: Document(data: Data(text.utf8)))
            .selectedMatches.map(StreamDifferentialTests.render)
        #expect(try Self.stream(path, text) == inMemory)
        #expect(!inMemory.isEmpty)
    }

    /// A fold adds every value to one running sum, as in memory adds them
    /// all: integers past Int, decimals, large exponents, and values that
    /// cancel out.
    @Test(arguments: [
        #"{"x":[{"y":9223372036854775807},{"y":1},{"y":0.5}]}"#,
        #"{"x":[{"y":9e127},{"y":-9e127},{"y":1}]}"#,
        #"{"x":[{"y":"1.25"},{"y":null},{"y":2.5},{"y":1e-5}]}"#,
        #"{"x":[{"y":1e30},{"y":1}]}"#,
    ])
    func foldedSumsEqualInMemory(_ text: String) throws {
        for path in ["x.y.@sum", "x.y.@avg"] {
            let expected = try PathQuery(path).evaluate(on: Document(data: Data(text.utf8)))
                .selectedMatches.map(StreamDifferentialTests.render)
            #expect(try Self.stream(path, text) == expected, "\(path) on \(text)")
            #expect(!expected.isEmpty)
        }
    }

    @Test func tokensSplitAtEveryByte() throws {
        let text = #"{"k\u00e9y":[{"n":-12.5e+3,"s":"a\"b\\c\u0041\ud83d\ude00한글"},{"n":0,"s":"","t":[true,false,null]}]}"#
        let document = try Document(data: Data(text.utf8))
        for path in ["kéy.n", "kéy.s", "kéy.t", "kéy[1]", "kéy.*", "kéy.n.@sum", "kéy.n.@avg", "kéy.@count", "kéy.n.@min", "kéy.n.@max", "kéy.s.@max", "kéy.s.@min",
                     "kéy._elementName", "*._elementName"] {
            let expected = try PathQuery(path).evaluate(on: document).selectedMatches.map(StreamDifferentialTests.render)
            for slice in [1, 2, 5] {
                #expect(try Self.stream(path, text, slice: slice) == expected, "\(path) in slices of \(slice)")
            }
        }
    }

    @Test func koreanKeysAndValues() throws {
        let text = #"[{"상영관명":"MMC 만경관 1관","좌석수":98},{"상영관명":"동성아트홀","좌석수":120}]"#
        let document = try Document(data: Data(text.utf8))
        let expected = try PathQuery("상영관명").evaluate(on: document).selectedMatches.map(StreamDifferentialTests.render)
        #expect(expected.count == 2)
        #expect(try Self.stream("상영관명", text, slice: 1) == expected)
        let names = try Self.stream("[1].상영관명", text, slice: 1)
        #expect(names.count == 1 && names[0].contains("동성아트홀"))
        #expect(try Self.stream("좌석수.@sum", text, slice: 2) == ["=218"])
    }

    @Test func eucKRXML() throws {
        let text = "<?xml version=\"1.0\" encoding=\"EUC-KR\"?>\n<r><n>\u{D55C}\u{AE00}</n><n k=\"\u{AC12}\">x</n></r>"
        let encoded = try #require(Self.eucKR(text))
        let document = try Document(data: Data(encoded))
        for path in ["n", "n.k", "n._string", "n.@count"] {
            let expected = try PathQuery(path).evaluate(on: document).selectedMatches.map(StreamDifferentialTests.render)
            #expect(try Self.stream(path, encoded, slice: 5).values == expected, "\(path)")
        }
        #expect(try Self.stream("n", encoded).values.first?.contains("한글") == true)
    }

    /// `text` in EUC-KR, through iconv.
    static func eucKR(_ text: String) -> [UInt8]? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/iconv")
        process.arguments = ["-f", "UTF-8", "-t", "EUC-KR"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        guard (try? process.run()) != nil else { return nil }
        input.fileHandleForWriting.write(Data(text.utf8))
        try? input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? [UInt8](data) : nil
    }

    @Test func namespacedXMLAndAttributes() throws {
        let text = #"<feed xmlns="http://www.w3.org/2005/Atom" xmlns:g="urn:g"><entry g:id="1"><title>A</title></entry><entry g:id="2"><title>B</title><g:x>y</g:x></entry></feed>"#
        let document = try Document(data: Data(text.utf8))
        for path in ["entry.id", "entry.g:id", "entry.title", "entry.x", "entry[1]", "entry.*._elementName", "entry[?title == 'B'].id", "entry.id._elementName"] {
            let expected = try PathQuery(path).evaluate(on: document).selectedMatches.map(StreamDifferentialTests.render)
            #expect(try Self.stream(path, text, slice: 4) == expected, "\(path)")
        }
    }

    @Test func asyncSequenceDeliversInOrderAndStopsEarly() async throws {
        let items = (0..<2_000).map { "{\"v\":\($0)}" }.joined(separator: ",")
        let data = Data("{\"items\":[\(items)]}".utf8)
        var seen: [Int] = []
        for try await match in try PathQuery("items.v").stream(data: data) {
            seen.append(match.int ?? -1)
        }
        #expect(seen == Array(0..<2_000))
        var first: [Int] = []
        for try await match in try PathQuery("items.v").stream(data: data) {
            first.append(match.int ?? -1)
            if first.count == 3 { break }
        }
        #expect(first == [0, 1, 2])
        var failure: (any Error)?
        do {
            for try await _ in try PathQuery("a").stream(data: Data("{\"a\":1,".utf8)) {}
        } catch {
            failure = error
        }
        #expect(failure is LoadError)
    }

    @Test func streamsAFile() async throws {
        let url = SharedData.packageRoot.appendingPathComponent("Examples/documents/lists.xml")
        var names: [String] = []
        for try await match in try PathQuery("lists.list.name").stream(contentsOf: url) { names.append(match.string ?? "") }
        #expect(names == ["Inbox", "High Priority", "Personal"])
    }
}

extension StreamingTests {
    @Test func invalidUTF8InASkippedStringIsLocated() throws {
        var bytes = Array("{\"a\":[1],\n \"b\":\"ok \u{D55C} ".utf8)
        bytes += [0xFF]
        bytes += Array("\"}".utf8)
        let result = try Self.stream("a", bytes, slice: 2)
        let error = try #require(result.error as? LoadError)
        #expect(error.kind == .invalidEncoding)
        #expect(error.location?.line == 2)
        #expect(error.location?.column == 12)
    }
}

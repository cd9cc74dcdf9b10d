import Foundation
import Testing
@testable import DocTree
import TestSupport

/// Streams of JSON documents: records, malformed records and where the
/// stream resumes after them, and the locations of their errors.
@Suite struct DocumentStreamTests {
    /// Each record as compact JSON, or `error line:column` for a malformed one.
    static func records(_ text: String) -> [String] {
        records(DocumentStream(data: Data(text.utf8)))
    }

    static func records(_ stream: DocumentStream) -> [String] {
        stream.map(describe)
    }

    static func describe(_ record: Result<Document, LoadError>) -> String {
        switch record {
        case .success(let document): document.root.jsonString()
        case .failure(let error): "error \(error.location.map { "\($0)" } ?? "-")"
        }
    }

    @Test func jsonLinesYieldOneDocumentPerLine() {
        #expect(Self.records("{\"a\":1}\n{\"a\":2}\n[3]\n") == [#"{"a":1}"#, #"{"a":2}"#, "[3]"])
    }

    @Test func valuesSeparatedByAnyWhiteSpaceAreRecords() {
        #expect(Self.records("1 2\t\"three\" true null {\"x\":[]}[4]") ==
                ["1", "2", "\"three\"", "true", "null", #"{"x":[]}"#, "[4]"])
    }

    @Test func recordsMaySpanLines() {
        let text = "{\n  \"a\": [\n    1,\n    2\n  ]\n}\n{\n  \"b\": \"}{\"\n}\n"
        #expect(Self.records(text) == [#"{"a":[1,2]}"#, #"{"b":"}{"}"#])
    }

    @Test func emptyAndBlankStreamsYieldNothing() {
        #expect(Self.records("").isEmpty)
        #expect(Self.records(" \n\r\n\t\n").isEmpty)
    }

    @Test func blankLinesAndCRLFAreSkipped() {
        #expect(Self.records("\r\n{\"a\":1}\r\n\r\n\n{\"a\":2}\r\n") == [#"{"a":1}"#, #"{"a":2}"#])
    }

    @Test func malformedRecordInTheMiddleIsReportedAndTheStreamGoesOn() {
        let text = "{\"a\":1}\n{\"a\": oops}\n{\"a\":3}\n"
        #expect(Self.records(text) == [#"{"a":1}"#, "error 2:7", #"{"a":3}"#])
    }

    @Test func errorsAreLocatedInTheWholeInput() throws {
        let text = "[1]\r\n[2] {\"k\": [1,]}\n[3]"
        let results = Array(DocumentStream(data: Data(text.utf8)))
        #expect(results.count == 4)
        let error = try #require(results[2].failureValue)
        #expect(error.location == SourceLocation(byteOffset: 18, line: 2, column: 14))
        #expect(error.message.contains("expected a value"))
    }

    @Test func recordMissingItsClosingBracketCostsOnlyItsLine() {
        #expect(Self.records("{\"a\":1}\n{\"a\": [1, 2\n{\"a\":3}\n") == [#"{"a":1}"#, "error 3:1", #"{"a":3}"#])
        #expect(Self.records("[1]\n{\"a\": {\"b\": 2}\n[3]\n") == ["[1]", "error 3:1", "[3]"])
    }

    /// A record cut short by a line that begins a value fails as a one-shot
    /// load of it and that line does: the error names what the line holds
    /// and quotes it (it said "found the end of the input", quoting nothing).
    @Test func recordCutShortByTheNextValueNamesWhatCutIt() throws {
        for (text, cut) in [("{\"a\":1}\n{\n  \"n\": 2,\n{\"a\": 3}\n", "{\n  \"n\": 2,\n{\"a\": 3}"),
                            ("[1]\n[\n  2\n-3.5e2 ]\n", "[\n  2\n-3.5e2 ]")] {
            let results = Array(DocumentStream(data: Data(text.utf8)))
            let error = try #require(results[1].failureValue, "\(text)")
            let alone = try #require(#expect(throws: LoadError.self) { try Document(data: Data(cut.utf8)) })
            #expect(error.message == alone.message, "\(text)")
            #expect(error.snippet == alone.snippet, "\(text)")
            #expect(error.location?.line == 4 && error.location?.column == alone.location?.column, "\(error)")
        }
    }

    @Test func unterminatedStringCostsOnlyItsLine() {
        #expect(Self.records("[1]\n[\"abc\n[3]\n") == ["[1]", "error 2:2", "[3]"])
        #expect(Self.records("\"abc\n4\n") == ["error 1:1", "4"])
    }

    @Test func mistakeInsideALineCostsTheRestOfThatLine() {
        // The record ends at the line break after its error, not where its brackets would balance.
        #expect(Self.records("{\"a\": tru, \"b\": [1]}\n{\"c\": 3}\n") == ["error 1:7", #"{"c":3}"#])
        #expect(Self.records("[1, oops\n  2]\n[3]") == ["error 1:5", "2", "error 2:4", "[3]"])
    }

    @Test func recordOverManyLinesEndsWhereTheScanSays() throws {
        let text = "[\n" + (0..<500).map { "  {\"k\": \"\($0)\"}" }.joined(separator: ",\n") + "\n] [1]\n"
        let url = try Self.temporaryFile(text)
        defer { try? FileManager.default.removeItem(at: url) }
        for chunkSize in [1, 100] {
            let results = try Self.records(file: url, chunkSize: chunkSize).map(Self.describe)
            #expect(results.count == 2, "chunk size \(chunkSize)")
            #expect(results.last == "[1]", "chunk size \(chunkSize)")
        }
    }

    @Test func strayClosingBracketIsOneMalformedRecord() {
        #expect(Self.records("{\"a\":1}}\n[2]") == [#"{"a":1}"#, "error 1:8", "[2]"])
    }

    @Test func recordCutOffAtTheEndIsAnError() {
        #expect(Self.records("{\"a\":1}\n{\"a\": [1, 2") == [#"{"a":1}"#, "error 2:12"])
        #expect(Self.records("[1]\n\"abc") == ["[1]", "error 2:1"])
        #expect(Self.records("[1] tru") == ["[1]", "error 1:5"])
    }

    @Test func byteOrderMarkAtTheStartIsSkipped() {
        #expect(Self.records("\u{FEFF}[1]\n[2]") == ["[1]", "[2]"])
    }

    /// Each record of a file read in chunks of `chunkSize` bytes.
    static func records(file url: URL, chunkSize: Int) throws -> [Result<Document, LoadError>] {
        let reader = RecordReader(input: try ChunkedInput(path: url.path), options: LoadOptions(), chunkSize: chunkSize)
        return Array(AnyIterator { reader.next() })
    }

    static func temporaryFile(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("stream-\(UUID().uuidString).jsonl")
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test func veryLongRecordAcrossManyChunks() throws {
        let long = String(repeating: "x", count: 3 * 4096 + 17)
        let items = (0..<4_000).map { "\($0)" }.joined(separator: ",\n")
        let text = "[0]\n\"\(long)\"\n[\n\(items)\n]\n{\"end\":true}\n"
        let url = try Self.temporaryFile(text)
        defer { try? FileManager.default.removeItem(at: url) }
        let results = try Self.records(file: url, chunkSize: 1000)
        #expect(results.count == 4)
        #expect(try results[1].get().root.string?.utf8.count == long.utf8.count)
        #expect(try results[2].get().root.children.count == 4_000)
        #expect(try results[3].get().root.jsonString() == #"{"end":true}"#)
    }

    /// A record longer than ``RecordReader/longRecord``, over many lines and
    /// chunks: read on until the buffer holds twice as much, then parsed whole.
    @Test func longMultiLineRecordAcrossChunks() throws {
        let items = (0..<20_000).map { "  {\"n\": \($0)}" }.joined(separator: ",\n")
        let text = "[0]\n[\n\(items)\n] 7\n[1, oops\n"
        #expect(text.utf8.count > 4 * RecordReader.longRecord)
        let url = try Self.temporaryFile(text)
        defer { try? FileManager.default.removeItem(at: url) }
        for chunkSize in [4096, 65_536] {
            let results = try Self.records(file: url, chunkSize: chunkSize)
            #expect(results.count == 4)
            #expect(try results[1].get().root.children.count == 20_000)
            #expect(try results[1].get().root.jsonString().hasSuffix(#"{"n":19999}]"#))
            #expect(try results[2].get().root.jsonString() == "7")
            #expect(results[3].failureValue?.location == SourceLocation(byteOffset: text.utf8.count - 5, line: 20_004, column: 5))
        }
    }

    @Test func fileStreamsMatchDataStreamsAcrossChunkBoundaries() throws {
        // Records of growing size, so that record ends fall at many offsets of a chunk.
        var text = ""
        var k = 0
        while k < 300 {
            text += "{\"n\":\(k),\"s\":\"\(String(repeating: "é", count: k % 37))\"}\n"
            if k % 50 == 25 { text += "{\"broken\": }\r\n\n" }
            k += 1
        }
        let url = try Self.temporaryFile(text)
        defer { try? FileManager.default.removeItem(at: url) }
        let expected = Self.records(text)
        #expect(expected.count == 306)
        #expect(expected.filter { $0.hasPrefix("error") }.count == 6)
        for chunkSize in [1, 7, 64, 1000] {
            let fromFile = try Self.records(file: url, chunkSize: chunkSize).map(Self.describe)
            #expect(fromFile == expected, "chunk size \(chunkSize)")
        }
        #expect(Self.records(DocumentStream(contentsOf: url)) == expected)
    }

    /// Streams put together from valid and malformed pieces (numbers and
    /// literals that a chunk may cut, records over several lines, strings
    /// left open): read from a file in chunks of any size, they give the
    /// records, errors and error locations that reading them whole gives.
    @Test func chunkedReadingMatchesWholeReadingOnMixedStreams() throws {
        let pieces = [
            #"{"a":1}"#, "[1,2]", #"{"a": [1, 2"#, #""abc"#, "tru", "true", "null", "12345", "-3.5e2", "}", ",",
            "{\"a\":\n 10}", "[\n1,\n22\n]", #"{"a": oops}"#, "[1,]", "01", #""x\q""#, #""é""#, "1.", "[1 2]",
        ]
        let separators = ["\n", " ", "\r\n", "", "\n\n", "\t", "\r"]
        var generator = SplitMix64(seed: 17)
        for round in 0..<40 {
            var text = ""
            for _ in 0..<(1 + Int(generator.next() % 12)) {
                text += pieces[Int(generator.next() % UInt64(pieces.count))]
                text += separators[Int(generator.next() % UInt64(separators.count))]
            }
            let url = try Self.temporaryFile(text)
            defer { try? FileManager.default.removeItem(at: url) }
            let whole = Array(DocumentStream(data: Data(text.utf8))).map(Self.describeWithMessage)
            for chunkSize in [1, 2, 3, 5, 8] {
                let chunked = try Self.records(file: url, chunkSize: chunkSize).map(Self.describeWithMessage)
                #expect(chunked == whole, "round \(round), chunk size \(chunkSize): \(text.debugDescription)")
            }
        }
    }

    /// A record as compact JSON, or its error's location and message.
    static func describeWithMessage(_ record: Result<Document, LoadError>) -> String {
        guard case .failure(let error) = record else { return describe(record) }
        return "error \(error.location.map { "\($0)" } ?? "-") \(error.message)"
    }

    @Test func unreadableFileYieldsOneFailure() {
        let results = Array(DocumentStream(contentsOf: URL(fileURLWithPath: "/nonexistent/events.jsonl")))
        #expect(results.count == 1)
        #expect(results.first?.failureValue?.kind == .unreadableSource)
        #expect(results.first?.failureValue?.message.contains("No such file or directory") == true)
    }

    @Test func fileHandleStreamReadsToTheEnd() throws {
        let pipe = Pipe()
        pipe.fileHandleForWriting.write(Data("[1]\n[2]\n".utf8))
        try pipe.fileHandleForWriting.close()
        #expect(Self.records(DocumentStream(fileDescriptor: pipe.fileHandleForReading.fileDescriptor)) == ["[1]", "[2]"])
    }

    @Test func maxDepthAppliesToEachRecord() {
        let results = Array(DocumentStream(data: Data("[[1]]\n[2]".utf8), options: LoadOptions(maxDepth: 1)))
        #expect(results.first?.failureValue?.kind == .nestingTooDeep)
        #expect(results.count == 2)
    }

    @Test func recordOverTheNodeLimitEndsWhereItsValueEnds() {
        var options = LoadOptions()
        options.maxNodeCount = 3
        let text = "[1,2,3] [4]\n[\n5,\n6\n]\n[7]"
        let results = Array(DocumentStream(data: Data(text.utf8), options: options))
        #expect(results.map(Self.describe) == ["error 1:5", "[4]", "error -", "[7]"])
        #expect(results[0].failureValue?.kind == .tooLarge)
    }

    @Test func singleDocumentIsAStreamOfOne() {
        #expect(Self.records("{\n  \"a\": 1\n}\n") == [#"{"a":1}"#])
    }
}

extension Result {
    var failureValue: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

/// Inputs the `stream` fuzz target flagged, kept in Fuzz/Regressions.
@Suite struct DocumentStreamFuzzRegressionTests {
    /// 16 KB of `[{"":` nesting that never closes, with one stray quote
    /// that turns the rest inside out, on one line: the stream ends, and
    /// every malformed record cut out of the line is an error located on
    /// it, in order. (The fuzzer flagged it as slow: each record parsed the whole
    /// rest of the line again; a line is now tried as one value once.)
    @Test func deepUnclosedNestingGivesLocatedErrorsInOrder() throws {
        let url = SharedData.packageRoot.appendingPathComponent("Fuzz/Regressions/stream-deep-unclosed.json")
        let records = Array(DocumentStream(data: try Data(contentsOf: url)))
        #expect(!records.isEmpty)
        // Quoted runs such as ":[{" are values of their own; the rest are errors.
        let locations = records.compactMap { record -> DocTree.SourceLocation?? in
            if case .failure(let error) = record { return .some(error.location) }
            return nil
        }
        #expect(!locations.isEmpty)
        var lastColumn = 0
        for location in locations {
            guard let location else {
                Issue.record("an error without a location")
                return
            }
            #expect(location.line == 1)
            #expect(location.column > lastColumn, "columns go backwards at \(location)")
            lastColumn = location.column
        }
    }
}

import DocQuery
import Foundation
import TestSupport
import Testing

/// The streaming JSON scanner reads each chunk with the one scan, resumed
/// where a chunk ends inside a token. Input read in one piece is scanned
/// in one go; input read a byte at a time stops and resumes at every
/// token. Both must give the same matches and the same error, at the same
/// line and column.
@Suite struct StreamFastPathTests {
    /// Documents whose skipped parts (`x`, `w`) or candidates (`a.b`) hold
    /// mistakes and tokens that cross chunk edges: each must fail or pass
    /// as it does byte by byte.
    static let inputs: [String] = [
        #"{"x":{"y":[1,2,{"z":"é한"}]},"a":[{"b":1}],"w":tru}"#,
        "{\"x\":{\r\n\"y\":\"ü\"\r\n},\r\n\"a\":[{\"b\":2}] x}",
        "{\"x\":{\n\"y\":[\n1,\n2]},\n\"a\":{\"b\":\"ok\"},\n\"w\":{\"v\":\"é\" 1}}",
        #"{"x":[01],"a":{"b":1}}"#,
        #"{"x":[-],"a":{"b":1}}"#,
        #"{"x":[1.],"a":{"b":1}}"#,
        #"{"x":[1e],"a":{"b":1}}"#,
        #"{"x":[1,],"a":{"b":1}}"#,
        #"{"x":{"k" 1},"a":{"b":1}}"#,
        #"{"x":{"k":1,},"a":{"b":1}}"#,
        #"{"x":{1:2},"a":{"b":1}}"#,
        #"{"x":["\q"],"a":{"b":1}}"#,
        #"{"x":["\u12G4"],"a":{"b":1}}"#,
        #"{"x":["\u00e9\ud83d\ude00"],"a":{"b":1}}"#,
        "{\"x\":[\"tab\there\"],\"a\":{\"b\":1}}",
        #"{"x":[nul],"a":{"b":1}}"#,
        #"{"x":[truex],"a":{"b":1}}"#,
        #"{"x":[1 2],"a":{"b":1}}"#,
        #"{"x":[1}],"a":{"b":1}}"#,
        #"{"a":[{"b":{"c":01}},{"b":2}]}"#,
        #"{"a":[{"b":[1,2}},{"b":2}]}"#,
        #"{"a":[{"b":{"c":"é"}},{"b":[true,false,null,-0.5e+3]}]}"#,
        #"{"x":[[[[[[1]]]]]],"a":{"b":[[[[2]]]]}}"#,
        #"{"x":{"y":[1,2]},"a":{"b":1}} {"a":{"b":2}}"#,
        #"{"x":[1,2"#,
        #"{"a":{"b":[1,2"#,
        #"{"a":{"b":12"#,
    ]

    static let invalidUTF8: [[UInt8]] = [
        Array(#"{"x":[""#.utf8) + [0xC3, 0x28] + Array(#""],"a":{"b":1}}"#.utf8),
        Array(#"{"x":[""#.utf8) + [0xED, 0xA0, 0x80] + Array(#""],"a":{"b":1}}"#.utf8),
        Array(#"{"a":{"b":""#.utf8) + [0xF4, 0x90, 0x80, 0x80] + Array(#""}}"#.utf8),
    ]

    @Test(arguments: ["a.b", "a", "x", "w", "a.b.c", "*"])
    func wholeAndByteByByteAgree(_ path: String) throws {
        for bytes in Self.inputs.map({ Array($0.utf8) }) + Self.invalidUTF8 {
            let whole = try StreamingTests.stream(path, bytes, slice: nil)
            let byByte = try StreamingTests.stream(path, bytes, slice: 1)
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(whole.values == byByte.values, "\(path) on \(text)")
            #expect(whole.error as? LoadError == byByte.error as? LoadError, "\(path) on \(text)")
            #expect((whole.error == nil) == (byByte.error == nil), "\(path) on \(text)")
        }
    }

    /// The location after skipped lines (CR LF, LF) and non-ASCII text.
    @Test func errorAfterSkippedLinesIsLocated() throws {
        let text = "{\"x\":{\r\n\"y\":\"ü\"\r\n},\r\n\"é\":\"한\", \"a\":[{\"b\":2}] x}"
        let result = try StreamingTests.stream("a.b", Array(text.utf8), slice: nil)
        #expect(result.values == ["2"])
        let error = try #require(result.error as? LoadError)
        #expect(error.location?.line == 4, "\(error)")
        #expect(error.location?.column == 24, "\(error)")
    }

    /// Deeper than ``LoadOptions/maxDepth`` fails at the same bracket
    /// whether the deep value is skipped or is a candidate.
    @Test func maxDepthHoldsOnTheFastPath() throws {
        var options = LoadOptions()
        options.maxDepth = 4
        for text in [#"{"x":[[[[1]]]],"a":1}"#, #"{"a":[[[[1]]]]}"#, #"{"x":[[[1]]],"a":[[[2]]]}"#] {
            let whole = try StreamingTests.stream("a", Array(text.utf8), slice: nil, options: options)
            let byByte = try StreamingTests.stream("a", Array(text.utf8), slice: 1, options: options)
            #expect(whole.values == byByte.values, "\(text)")
            #expect(whole.error as? LoadError == byByte.error as? LoadError, "\(text)")
        }
        let error = try StreamingTests.stream("a", Array(#"{"x":[[[[1]]]],"a":1}"#.utf8), slice: nil, options: options).error
        #expect((error as? LoadError)?.kind == .nestingTooDeep)
    }

    /// Each candidate is evaluated once, as one of several: a filter tests
    /// an array candidate as one value, as in memory where the candidates
    /// together are the sequence; a single array candidate is a lone array.
    @Test(arguments: [
        ("*[?0 == 1]", #"{"x":[1,2],"y":[3]}"#),
        ("*[?@count > 1]", #"{"x":[1,2],"y":[3]}"#),
        ("x[?_string == '2']", #"{"x":[1,2]}"#),
        ("x[?_string == '2']", #"{"x":[1,2],"y":[3]}"#),
        ("a.b[?c > 1].c", #"{"a":[{"b":[{"c":1},{"c":2}]},{"b":{"c":3}}]}"#),
        ("a.b[?c > 1].c", #"{"a":[{"b":[{"c":1},{"c":2}]}]}"#),
    ])
    func filtersOnArrayCandidatesMatchInMemory(_ path: String, _ text: String) throws {
        let inMemory = try PathQuery(path).evaluate(on: Document(data: Data(text.utf8)))
            .selectedMatches.map(StreamDifferentialTests.render)
        for slice in [nil, 1] as [Int?] {
            #expect(try StreamingTests.stream(path, text, slice: slice) == inMemory, "\(path) on \(text)")
        }
    }
}

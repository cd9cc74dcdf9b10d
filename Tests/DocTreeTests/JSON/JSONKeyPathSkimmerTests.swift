import DocTree
import Testing
import TestSupport

/// The skimmer answers a chain of keys on a JSON record from its bytes
/// exactly as following those keys through the parsed document's objects
/// does, leaves every case it cannot be sure of to the parser, and never
/// accepts malformed JSON. (That a key path's evaluation is this walk is
/// DocQuery's `PathQueryKeyChainTests`.)
@Suite struct JSONKeyPathSkimmerTests {
    /// A dotted chain of plain keys as the skimmer takes it.
    private func keys(_ path: String) -> [[UInt8]] {
        path.split(separator: ".", omittingEmptySubsequences: false).map { Array($0.utf8) }
    }

    /// The spans the skimmer selects, as text; `nil` when it leaves the record undecided.
    private func skim(_ path: String, _ record: String, options: LoadOptions = LoadOptions()) throws -> [String]? {
        let keys = keys(path)
        let skimmer = JSONKeyPathSkimmer(keys: keys, options: options)
        let bytes = Array(record.utf8)
        var spans: [Range<Int>] = [0..<0]  // kept: the skimmer appends
        let decided = bytes.withUnsafeBufferPointer { skimmer.skim($0, into: &spans) }
        #expect(spans.first == 0..<0)
        guard decided else {
            #expect(spans.count == 1, "an undecided record leaves the spans as they were")
            return nil
        }
        return spans.dropFirst().map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    /// The values `keys` reach through the document's objects (every
    /// member so named, in order), as their source bytes: what docq prints
    /// for a path of keys when no array lies on the way.
    private func followed(_ keys: [[UInt8]], in document: Document) -> [[UInt8]] {
        var nodes = [document.root]
        for key in keys {
            let name = String(decoding: key, as: UTF8.self)
            nodes = nodes.flatMap { $0.kind == .object ? $0.children(named: name) : [] }
        }
        return nodes.map { node in node.document.table.withSpan(of: node.record) { Array($0) } }
    }

    /// ``followed(_:in:)`` on `record` parsed, as text.
    private func evaluated(_ path: String, _ record: String) throws -> [String] {
        let document = try Document(bytes: Array(record.utf8), charset: nil, options: LoadOptions())
        return followed(keys(path), in: document).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func selectsLeavesAsTheEvaluatorDoes() throws {
        let cases: [(String, String)] = [
            ("a.b", #"{"a":{"b":1}}"#),
            ("a.b", #" { "a" : { "x":[1,{"b":2}], "b" : "two" } , "b": 3 } "#),
            ("a.b", #"{"a":{"b":-1.5e+3}}"#),
            ("a.b", #"{"a":{"b":true}}"#),
            ("a.b", #"{"a":{"b":false}}"#),
            ("a.b", #"{"a":{"b":null}}"#),
            ("a.b", #"{"a":{"b":"도윤 \u00e9 ok"}}"#.replacingOccurrences(of: #"\u00e9"#, with: "é")),
            ("a.b", #"{"a":{"c":1}}"#),
            ("a.b", #"{"a":1}"#),
            ("a.b", #"{"a":"b"}"#),
            ("a.b", #"{"a":{}}"#),
            ("a", #"{"a":1}"#),
            ("a", "42"),
            ("a", #""a""#),
            ("k\u{e9}y", #"{"kéy":7,"ke\u0301y":8}"#.replacingOccurrences(of: #"\u0301"#, with: "\u{301}")),
            ("a.b", #"{"x":"\"}{","a":{"y":"\\","b":"ok"}}"#),
        ]
        for (path, record) in cases {
            let skimmed = try skim(path, record)
            #expect(skimmed != nil, "\(path) on \(record) should be decided")
            #expect(try skimmed == evaluated(path, record), "\(path) on \(record)")
        }
    }

    @Test func leavesToTheParserWhatItCannotBeSureOf() throws {
        let cases: [(String, String)] = [
            ("a.b", #"{"a":[{"b":1},{"b":2}]}"#),  // a key step over an array maps
            ("a", #"{"a":{"b":1}}"#),  // a container to print
            ("a", #"{"a":[1]}"#),
            ("a", #"{"a":"x\ny"}"#.replacingOccurrences(of: "\n", with: #"\n"#)),  // escaped text
            ("a", #"{"a":1,"a":2}"#),  // a repeated key
            ("a", #"{"\u0061":1}"#),  // an escaped key on the path
            ("a", #"[1,2]"#),
        ]
        for (path, record) in cases {
            #expect(try skim(path, record) == nil, "\(path) on \(record)")
        }
        // An escaped key off the path is fine.
        #expect(try skim("a", #"{"b":{"\u0061":1},"a":2}"#) == ["2"])
        // The load limits: depth and node count.
        let deep = String(repeating: "[", count: 10) + String(repeating: "]", count: 10)
        #expect(try skim("a", #"{"a":1,"d":\#(deep)}"#) == ["1"])
        #expect(try skim("a", #"{"a":1,"d":\#(deep)}"#, options: LoadOptions(maxDepth: 8)) == nil)
        var few = LoadOptions()
        few.maxNodeCount = 4
        #expect(try skim("a", #"{"a":1,"b":[1,2,3,4,5]}"#, options: few) == nil)
        let deeper = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        // No bound of its own: the strict scan keeps an explicit stack.
        #expect(try skim("a", #"{"a":1,"d":\#(deeper)}"#) == ["1"])
    }

    @Test func rejectsMalformedRecords() throws {
        let malformed = [
            "", " ", #"{"a":1"#, #"{"a":1}}"#, #"{"a":1} 2"#, #"{"a":01}"#, #"{"a":1.}"#, #"{"a":-}"#, #"{"a":1e}"#,
            #"{"a":tru}"#, #"{"a":nul}"#, #"{"a":truex}"#, #"{"a":"x}"#, #"{"a":"\x"}"#, #"{"a":"\ud800"}"#,
            "{\"a\":\"\u{1}\"}", #"{"a" 1}"#, #"{"a":1,}"#, #"{,"a":1}"#, #"{a:1}"#, #"{"a":[1,]}"#, #"{"a":[1 2]}"#,
            #"{"a":1 "b":2}"#, "{\"a\":1}\u{0}", #"{"a":+1}"#, #"{"a":.5}"#, "{\"a\":1}\u{a0}",
        ]
        for record in malformed {
            #expect(try skim("a", record) == nil, "\(record)")
        }
        // Bytes that are not UTF-8, inside a selected string and elsewhere.
        let skimmer = JSONKeyPathSkimmer(keys: [Array("a".utf8)], options: LoadOptions())
        for bad: [UInt8] in [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xE4, 0xB8]] {
            for record in [Array(#"{"a":""#.utf8) + bad + Array(#""}"#.utf8), Array(#"{"b":""#.utf8) + bad + Array(#"","a":1}"#.utf8)] {
                var spans: [Range<Int>] = []
                #expect(!record.withUnsafeBufferPointer { skimmer.skim($0, into: &spans) }, "\(record)")
            }
        }
    }

    /// Random byte edits of valid records: whenever the skimmer decides,
    /// the strict parser accepts the record and following the keys agrees.
    @Test func neverDecidesWhatTheParserRejects() throws {
        let seeds = [
            #"{"id":1,"actor":{"id":543444,"login":"user543444","name":"Smith 도윤","admin":false},"payload":{"size":2,"commits":[{"sha":"b7","msg":"a\"b"}],"x":null},"n":-0.5e-3}"#,
            #"{"actor":{"id":"x"},"actor2":[1,2,{"id":3}],"e":{}}"#,
        ].map { Array($0.utf8) }
        let alphabet = Array(#"{}[],:"\ -.0123456789eEtrufalsn"#.utf8) + [0x00, 0x0A, 0x80, 0xC3, 0xA9, 0xFF]
        let skimmer = JSONKeyPathSkimmer(keys: [Array("actor".utf8), Array("id".utf8)], options: LoadOptions())
        var generator = SplitMix64(seed: 9)
        var decided = 0
        for round in 0..<20_000 {
            var record = seeds[round % seeds.count]
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let at = Int.random(in: 0..<record.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: record[at] = alphabet.randomElement(using: &generator)!
                case 1: record.remove(at: at)
                default: record.insert(alphabet.randomElement(using: &generator)!, at: at)
                }
            }
            var spans: [Range<Int>] = []
            guard record.withUnsafeBufferPointer({ skimmer.skim($0, into: &spans) }) else { continue }
            decided += 1
            let text = String(decoding: record, as: UTF8.self)
            let document = try #require(try? Document(bytes: record, charset: nil, options: LoadOptions()), "decided a record the parser rejects: \(text)")
            let expected = followed(keys("actor.id"), in: document)
            #expect(spans.map { Array(record[$0]) } == expected, "\(text)")
        }
        #expect(decided > 1000, "the edits leave enough records valid to test agreement")
    }
}

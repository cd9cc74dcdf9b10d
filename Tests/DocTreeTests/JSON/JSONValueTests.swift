import Foundation
import Testing
@testable import DocTree

/// What the scanner builds from valid input: kinds, structure, order,
/// strings, keys and the raw spans behind them.
@Suite struct JSONValueTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let input: String
        /// ``JSONTesting/render(_:)`` of the root.
        let rendered: String
        var testDescription: String { input }
    }

    @Test(arguments: [
        Case(input: "{}", rendered: "{}"),
        Case(input: "[]", rendered: "[]"),
        Case(input: "0", rendered: "0"),
        Case(input: "-0", rendered: "-0"),
        Case(input: "\"\"", rendered: "\"\""),
        Case(input: "true", rendered: "true"),
        Case(input: "false", rendered: "false"),
        Case(input: "null", rendered: "null"),
        Case(input: " \t\r\n [ 1 , 2 ] \n\t\r ", rendered: "[1,2]"),
        Case(input: "[[[]],[{}],{}]", rendered: "[[[]],[{}],{}]"),
        Case(input: #"{"a":{"b":[1,{"c":[]}]},"d":2}"#, rendered: #"{"a":{"b":[1,{"c":[]}]},"d":2}"#),
        Case(input: #"[true,false,null,"x",-1.5e+3]"#, rendered: #"[true,false,null,"x",-1.5e+3]"#),
        Case(input: #"{"a":1,"a":2,"b":3,"a":[4]}"#, rendered: #"{"a":1,"a":2,"b":3,"a":[4]}"#),
        Case(input: #"{"":0,"":{"":""}}"#, rendered: #"{"":0,"":{"":""}}"#),
        Case(input: "{\n  \"indented\" : [\n    1,\n    2\n  ]\n}\n", rendered: #"{"indented":[1,2]}"#),
    ])
    func buildsTheTree(_ row: Case) throws {
        let document = try JSONTesting.scan(row.input)
        #expect(JSONTesting.render(document.root) == row.rendered)
        #expect(document.format == .json)
        // Through the public entry point too.
        #expect(JSONTesting.render(try Document(string: row.input).root) == row.rendered)
    }

    @Test func containersStoreChildCountAndSubtreeEnd() throws {
        let document = try JSONTesting.scan(#"{"a":[1,[2,3],{}],"b":null}"#)
        let nodes = document.table.nodes
        // document, object, a:array, 1, array, 2, 3, object, b:null
        #expect(nodes.map(\.kind) == [.document, .object, .array, .number, .array, .number, .number, .object, .null])
        #expect(nodes.map(\.a)[0...2] == [9, 9, 8])
        #expect(nodes[0].b == 1)
        #expect(nodes[1].b == 2)
        #expect(nodes[2].b == 3)
        #expect(nodes[4].b == 2 && nodes[4].a == 7)
        #expect(nodes[7].b == 0 && nodes[7].a == 8)
        #expect(document.parentTable.parents == [ParentTable.none, 0, 1, 2, 2, 4, 4, 2, 1])
        #expect(document.root.children(named: "b").first?.parent == document.root)
    }

    @Test func duplicateKeysAreKeptInOrder() throws {
        let root = try JSONTesting.scan(#"{"k":1,"x":true,"k":"two","k":[3]}"#).root
        let members = root.children(named: "k")
        #expect(members.map(\.kind) == [.number, .string, .array])
        #expect(members.map { $0.string } == ["1", "two", nil])
        #expect(root.children.map(\.name) == ["k", "x", "k", "k"])
        #expect(root.children.count == 4)
    }

    struct DuplicateCase: Sendable, CustomTestStringConvertible {
        let json: String
        /// The objects, in document order, that repeat a key.
        let flagged: [Bool]
        var testDescription: String { json }
    }

    static let duplicateCases: [DuplicateCase] = [
        DuplicateCase(json: #"{"a":1,"b":2}"#, flagged: [false]),
        DuplicateCase(json: #"{"a":1,"a":2}"#, flagged: [true]),
        DuplicateCase(json: #"{"a":{"a":1},"b":2}"#, flagged: [false, false]),
        // The inner object used "a" last; the outer one still repeats it.
        DuplicateCase(json: #"{"a":1,"b":{"a":2},"a":3}"#, flagged: [true, false]),
        DuplicateCase(json: #"{"b":{"a":2},"a":3,"c":[{"a":1,"x":{"a":0}},{"a":1}]}"#, flagged: [false, false, false, false, false]),
        DuplicateCase(json: #"[{"a":1},{"a":2}]"#, flagged: [false, false]),
        DuplicateCase(json: #"{"x":[{"k":1,"k":2}],"k":0}"#, flagged: [false, true]),
        DuplicateCase(json: #"{"x":[[{"k":[{"k":1}]}]],"y":{},"k":0,"x":1}"#, flagged: [true, false, false, false]),
    ]

    /// Objects that repeat a key carry the flag that tells key lookups not
    /// to stop at the first match; no other object does.
    @Test(arguments: duplicateCases)
    func duplicateKeysAreFlagged(_ testCase: DuplicateCase) throws {
        let document = try JSONTesting.scan(testCase.json)
        var objects: [Node] = []
        var pending = [document.root]
        while let node = pending.popLast() {
            if node.kind == .object { objects.append(node) }
            pending.append(contentsOf: node.children.reversed())
        }
        #expect(objects.map { $0.record.flags.contains(.duplicateKeys) } == testCase.flagged)
    }

    struct KeyCase: Sendable, CustomTestStringConvertible {
        let json: String
        let keys: [String]
        var testDescription: String { json }
    }

    @Test(arguments: [
        KeyCase(json: #"{"":1}"#, keys: [""]),
        KeyCase(json: #"{"a\"b":1,"a\\b":2,"a\/b":3}"#, keys: ["a\"b", "a\\b", "a/b"]),
        KeyCase(json: #"{"\u0061":1,"a":2}"#, keys: ["a", "a"]),
        KeyCase(json: #"{"\n\t\r\b\f":1}"#, keys: ["\n\t\r\u{8}\u{C}"]),
        KeyCase(json: #"{"\u0000":1}"#, keys: ["\u{0}"]),
        KeyCase(json: #"{"é":1,"\u00e9":2,"\u00E9":3}"#, keys: ["é", "é", "é"]),
        KeyCase(json: #"{"상영관명":"MMC","日本語":2}"#, keys: ["상영관명", "日本語"]),
        KeyCase(json: #"{"\uD834\uDD1E":1,"𝄞":2}"#, keys: ["𝄞", "𝄞"]),
        KeyCase(json: #"{"a very long key that is more than eight bytes":1,"a very long key that is more than eight bytez":2}"#,
                keys: ["a very long key that is more than eight bytes", "a very long key that is more than eight bytez"]),
    ])
    func keysAreDecodedAndInterned(_ row: KeyCase) throws {
        let root = try JSONTesting.scan(row.json).root
        #expect(root.children.map(\.name) == row.keys)
        for key in Set(row.keys) {
            #expect(root.children(named: key).count == row.keys.filter { $0 == key }.count, "\(key)")
        }
    }

    /// `"é"` (U+00E9) and `"e\u0301"` are equal as Swift strings but are two
    /// different keys (JSONTestSuite's `object_key_nfc_nfd`).
    @Test func canonicallyEquivalentKeysStayDistinct() throws {
        let root = try JSONTesting.scan("{\"\u{E9}\":\"NFC\",\"e\u{301}\":\"NFD\"}").root
        let names = root.children.map { Array(($0.name ?? "").utf8) }
        #expect(names == [[0xC3, 0xA9], [0x65, 0xCC, 0x81]])
        #expect(root.children(named: "\u{E9}").map { $0.string } == ["NFC"])
        #expect(root.children(named: "e\u{301}").map { $0.string } == ["NFD"])
    }

    @Test func repeatedKeysShareOneNameID() throws {
        // The second "ab" sits within eight bytes of the end, so its cache
        // prefix is read byte by byte; it must still hit the first one's id.
        let document = try JSONTesting.scan(#"[{"ab":1,"cd":2},{"ab":3}]"#)
        #expect(document.table.names.strings == ["", "ab", "cd"])
        let ids = document.table.nodes.filter { $0.kind == .number }.map(\.nameID)
        #expect(ids == [1, 2, 1])
    }

    @Test func manyDistinctKeysSurviveCacheGrowth() throws {
        let count = 5_000
        var json = "{"
        for k in 0..<count { json += (k == 0 ? "" : ",") + "\"key\(k)\(String(repeating: "x", count: k % 13))\":\(k)" }
        json += "}"
        // Twice, so every key is also looked up after the cache has grown.
        let document = try JSONTesting.scan("[\(json),\(json)]")
        #expect(document.table.names.strings.count == count + 1)
        for object in document.root.children {
            for (k, member) in object.children.enumerated() {
                guard member.name == "key\(k)\(String(repeating: "x", count: k % 13))", member.int == k else {
                    Issue.record("member \(k) is \(member.name ?? "nil") = \(member.string ?? "nil")")
                    return
                }
            }
        }
    }

    struct StringCase: Sendable, CustomTestStringConvertible {
        let json: String
        let value: String
        let escaped: Bool
        var testDescription: String { json }
    }

    @Test(arguments: [
        StringCase(json: #""""#, value: "", escaped: false),
        StringCase(json: #""plain ascii""#, value: "plain ascii", escaped: false),
        StringCase(json: #""\"""#, value: "\"", escaped: true),
        StringCase(json: #""\\""#, value: "\\", escaped: true),
        StringCase(json: #""\/""#, value: "/", escaped: true),
        StringCase(json: #""\b\f\n\r\t""#, value: "\u{8}\u{C}\n\r\t", escaped: true),
        StringCase(json: #""A\u0000B""#, value: "A\u{0}B", escaped: true),
        StringCase(json: #""\u00e9\u00E9""#, value: "éé", escaped: true),
        StringCase(json: #""\uD834\uDD1E""#, value: "𝄞", escaped: true),
        StringCase(json: #""\uFFFF\u10FF""#, value: "\u{FFFF}\u{10FF}", escaped: true),
        StringCase(json: #""日本語 & 한국어 ü €""#, value: "日本語 & 한국어 ü €", escaped: false),
        StringCase(json: #""😀 in the middle 😀""#, value: "😀 in the middle 😀", escaped: false),
        StringCase(json: "\"\u{7F}\u{80}\u{7FF}\u{800}\u{D7FF}\u{E000}\u{FFFD}\u{10000}\u{10FFFF}\"",
                   value: "\u{7F}\u{80}\u{7FF}\u{800}\u{D7FF}\u{E000}\u{FFFD}\u{10000}\u{10FFFF}", escaped: false),
    ])
    func stringsDecodeAndKeepTheirRawSpan(_ row: StringCase) throws {
        let node = try JSONTesting.element("[\(row.json)]")
        #expect(node.kind == .string)
        #expect(node.string == row.value)
        let record = node.record
        #expect(record.flags.contains(.escaped) == row.escaped)
        // The span is the raw text between the quotes, straight from the input.
        #expect(String(decoding: node.document.table.bytes(of: record), as: UTF8.self) == String(row.json.dropFirst().dropLast()))
    }

    /// Strings of every length up to 40 with a special byte at every
    /// position, so the eight-byte fast path meets each special byte at
    /// every alignment and near the end of the input.
    @Test func specialBytesAtEveryPositionAndAlignment() throws {
        let specials: [(raw: String, decoded: String)] = [("\\\"", "\""), ("\\\\", "\\"), ("é", "é"), ("\\u00e9", "é"), ("𝄞", "𝄞")]
        for length in 0...40 {
            for position in 0...length {
                for special in specials {
                    let before = String(repeating: "a", count: position)
                    let after = String(repeating: "b", count: length - position)
                    let json = "\"" + before + special.raw + after + "\""
                    let expected = before + special.decoded + after
                    let asValue = try JSONTesting.scan(json).root
                    let asKey = try JSONTesting.scan("{\(json):0}").root.children.first
                    guard asValue.string == expected, asKey?.name == expected else {
                        Issue.record("\(json) read as \(asValue.string ?? "nil") / \(asKey?.name ?? "nil")")
                        return
                    }
                }
            }
        }
    }

    @Test func literalsKeepTheirSpan() throws {
        let document = try JSONTesting.scan("[true,false,null]")
        let spans = document.root.children.map { String(decoding: document.table.bytes(of: $0.record), as: UTF8.self) }
        #expect(spans == ["true", "false", "null"])
        #expect(document.root.children.map { $0.string } == ["true", "false", nil])
        #expect(document.root.children.map(\.isNull) == [false, false, true])
    }

    @Test func utf8ByteOrderMarkIsSkipped() throws {
        let document = try JSONTesting.scan([0xEF, 0xBB, 0xBF] + Array(#"{"a":"b"}"#.utf8))
        #expect(JSONTesting.render(document.root) == #"{"a":"b"}"#)
    }

    @Test func inputBufferIsTheTextBuffer() throws {
        let input = Array(#"{"key": "value", "n": 12.50}"#.utf8)
        let document = try JSONTesting.scan(input)
        #expect(document.table.text == input)
        let number = try #require(document.root.children(named: "n").first)
        #expect(number.record.a == 22 && number.record.b == 5)
        #expect(number.record.flags.contains(.fractional))
    }

    /// Nesting is bounded only by `maxDepth`: the scanner keeps an explicit
    /// stack, so a depth no thread stack could recurse through loads.
    @Test func deepNestingWithinTheLimitLoads() throws {
        let depth = 100_000
        let json = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
        let document = try JSONTesting.scan(json, maxDepth: depth)
        #expect(document.nodeCount == depth + 2)
        var node = document.root
        var levels = 1
        while let child = node.children.first, child.kind == .array {
            node = child
            levels += 1
        }
        #expect(levels == depth)
        #expect(node.children.first?.int == 1)
    }
}

import DocQuery
import DocTree
import Foundation
import Testing
import TestSupport

/// A streamed `insert` at the end of an array that keys reach: the stream
/// hands the array on in batches, and the new element goes before its
/// closing bracket, byte for byte where the in-memory editor puts it.
@Suite struct JSONStreamedAppendTests {
    static let values: [EditValue] = [7, "é \"q\"\n", nil, [], [1, ["x": true]], ["k": [1, 2], "m": [:]]]

    /// Whether `node` is an array reached from the root by keys through objects only.
    static func isKeyedArray(_ node: Node) -> Bool {
        guard node.kind == .array else { return false }
        var current = node.parent
        while let ancestor = current, ancestor.kind != .document {
            guard ancestor.kind == .object else { return false }
            current = ancestor.parent
        }
        return true
    }

    @Test func sameBytesAsTheEditorOnEveryKeyedArray() throws {
        var generator = SplitMix64(seed: 0xA99E)
        let chunks: [Int?] = [1, 2, 5, 64, 4096, nil]
        var compared = 0
        for url in StreamedEditTests.documents {
            let input = [UInt8](try Data(contentsOf: url))
            guard let editor = try? DocumentEditor(bytes: input) else { continue }
            let document = editor.document
            for index in 1..<Int(document.nodeCount) {
                let node = document.node(at: UInt32(index))
                guard Self.isKeyedArray(node), let path = PathQuery.canonicalPath(of: node) else { continue }
                let value = Self.values[Int.random(in: 0..<Self.values.count, using: &generator)]
                let edit = Edit.insert(value, into: path)
                let chunk = input.count < 2_000 ? chunks[Int.random(in: 0..<chunks.count, using: &generator)] : nil
                let expected = Result { try editor.applying([edit]).bytes }
                let actual = Result { try StreamedEditTests.streamed([edit], input, chunk: chunk).bytes }
                switch (expected, actual) {
                case (.success(let want), .success(let got)):
                    #expect(got == want, "\(url.lastPathComponent): \(path) with chunks of \(chunk ?? 0)")
                    compared += 1
                case (.failure, .failure):
                    break
                case (.success, .failure(let error)):
                    Issue.record("\(url.lastPathComponent): \(path): streamed failed: \(error)")
                case (.failure(let error), .success):
                    Issue.record("\(url.lastPathComponent): \(path): streamed succeeded where the editor failed: \(error)")
                }
            }
        }
        #expect(compared >= 60, "compared \(compared)")
    }

    /// Arrays of every neighbourhood: pretty and compact, one element and
    /// many, batches split across chunks, CRLF, white space before `]`.
    @Test(arguments: [
        "[1, 2, 3]",
        "[ 1 ]",
        "[1]",
        "{\"items\": [\n    {\"id\": 1},\n    {\"id\": 2}\n  ]\n}\n",
        "{\r\n  \"a\": {\r\n    \"items\": [\r\n      1,\r\n      2\r\n    ]\r\n  }\r\n}",
        "{\"items\":[\"x\"]  , \"b\": {\"c\": 1}}",
        "{\"items\": [\n  [1, 2]\n]}",
        "{\n  \"items\": [ \n   ],\n  \"b\": {\"c\": 1}\n}",
        "{\"items\": [], \"b\": {\"c\": 1}}",
        "[]",
        "{\"items\": [ ], \"b\": [\n\t1\n]}",
    ])
    func appendsAtEveryChunkSize(_ text: String) throws {
        let input = Array(text.utf8)
        let path = text.hasPrefix("[") ? "." : text.contains("\"a\"") ? "a.items" : "items"
        for value in Self.values {
            let edit = Edit.insert(value, into: path)
            let want = try DocumentEditor(bytes: input).applying([edit]).bytes
            for chunk in [1, 2, 3, 7, nil] as [Int?] {
                #expect(try StreamedEditTests.streamed([edit], input, chunk: chunk).bytes == want, "\(text) chunk \(chunk ?? 0)")
            }
        }
    }

    /// A long array goes by in many batches; the new element still follows
    /// the last one, laid out as the gap between the first two.
    @Test func appendsToALongArray() throws {
        let elements = (0..<20_000).map { "    {\"id\": \($0), \"name\": \"n\($0)\"}" }
        let input = Array(("{\n  \"items\": [\n" + elements.joined(separator: ",\n") + "\n  ]\n}\n").utf8)
        let edit = Edit.insert(["id": 20_000], into: "items")
        let want = try DocumentEditor(bytes: input).applying([edit]).bytes
        let (got, counts) = try StreamedEditTests.streamed([edit], input, chunk: 4096)
        #expect(got == want)
        #expect(counts == [1])
    }

    @Test func whatDoesNotStreamSaysSo() throws {
        func kind(_ edit: Edit, _ text: String) -> QueryError.Kind? {
            do {
                _ = try StreamedEditTests.streamed([edit], Array(text.utf8))
                return nil
            } catch {
                return (error as? QueryError)?.kind
            }
        }
        // Not an array reached by keys through objects.
        #expect(kind(.insert(1, into: "a"), #"{"a": {"b": 1}}"#) == .notStreamable)
        #expect(kind(.insert(1, into: "a.b"), #"{"a": [{"b": [1]}]}"#) == .notStreamable)
        // Several values (JSON Lines): each has a layout of its own.
        #expect(kind(.insert(1, into: "a"), "{\"a\": [1]}\n{\"a\": [2]}\n") == .notStreamable)
        #expect(kind(.set("a", to: ["x": 1]), "{\"a\": [1]}\n{\"a\": [2]}\n") == .notStreamable)
        // Nothing matched.
        #expect(kind(.insert(1, into: "z"), #"{"a": [1]}"#) == .noMatch)
        // Forms that do not stream are refused before reading.
        let at = Edit.insert(1, into: "a", at: 0)
        #expect((try? StreamedEdit([at])) == nil || kind(at, #"{"a": [1, 2]}"#) == .notStreamable)
        // A key streams into an object (JSONStreamedCreationTests); given for an array, it fails as in memory.
        #expect(kind(.insert(1, into: "a", key: "k"), #"{"a": [1, 2]}"#) == .invalidEdit)
        // Beside an element an index names, it goes by in batches (each
        // waits for the next) and is the editor's.
        let before = Edit.insert(1, before: "a[1]")
        let input = Array(#"{"a": [1, 2]}"#.utf8)
        #expect(try StreamedEditTests.streamed([before], input).bytes == DocumentEditor(bytes: input).applying([before]).bytes)
        #expect(try StreamedEdit([before]).spreadsJSONArrays)
    }
}

/// A structured value set on a member or element of the root streams,
/// laid out as the in-memory editor lays it out.
@Suite struct JSONStreamedRootSetTests {
    @Test(arguments: [
        "{\n  \"a\": 1,\n  \"config\": {\"x\": 1},\n  \"z\": [1, 2]\n}\n",
        "{\"a\":1,\"config\":{\"x\":1},\"z\":[1, 2]}",
        "{\"a\": 1, \"config\": null}",
        "{\r\n\t\"config\": 0,\r\n\t\"b\": {\r\n\t\t\"c\": 1\r\n\t}\r\n}",
        "[\n  1,\n  {\"config\": 2},\n  3\n]",
        "[1,2,3]",
    ])
    func sameBytesAsTheEditor(_ text: String) throws {
        let input = Array(text.utf8)
        let values: [EditValue] = [["k": [1, ["m": "v"]], "n": nil], [1, [2, 3], [:]]]
        for path in ["config", "*", "[1]"] {
            for value in values {
                let edit = Edit.set(path, to: value)
                let expected = Result { try DocumentEditor(bytes: input).applying([edit]).bytes }
                for chunk in [1, 3, nil] as [Int?] {
                    let actual = Result { try StreamedEditTests.streamed([edit], input, chunk: chunk).bytes }
                    switch (expected, actual) {
                    case (.success(let want), .success(let got)):
                        #expect(got == want, "\(path) in \(text) chunk \(chunk ?? 0)")
                    case (_, .failure(let error as QueryError)) where error.kind == .notStreamable:
                        // A key or '*' into the elements of a root array: their layout is their own.
                        #expect(text.hasPrefix("[") && path != "[1]", "\(path) in \(text): \(error)")
                    case (.failure, .failure):
                        break
                    case (.success, .failure(let error)):
                        Issue.record("\(path) in \(text): streamed failed: \(error)")
                    case (.failure(let error), .success):
                        Issue.record("\(path) in \(text): streamed succeeded where the editor failed: \(error)")
                    }
                }
            }
        }
    }
}

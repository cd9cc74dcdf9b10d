import DocQuery
import DocTree
import Foundation
import Testing
import TestSupport

/// The streamed JSON edit of any operation, and of several edits as one
/// transaction, against the in-memory editor: the same edits on the same
/// bytes give the same bytes, whatever the chunk boundaries, or fail alike.
@Suite struct JSONStreamedTransactionTests {
    static let values: [EditValue] = [
        7, "new", nil, [], [:], [1, "two", [:]], ["k": [1, 2, ["x": nil]], "e": [:]], [["id": 1, "tags": ["a", "b"]]],
    ]

    /// `edits` streamed over `input` in chunks of `chunk`, and what the
    /// in-memory editor makes of them: equal, or both failing; `nil` when
    /// they do not stream (here or only once read).
    static func compare(_ edits: [Edit], _ input: [UInt8], editor: DocumentEditor, chunk: Int?) -> Bool? {
        guard (try? StreamedEdit(edits)) != nil else { return nil }
        let expected = Result { try editor.applying(edits).bytes }
        let actual = Result { try StreamedEditTests.streamed(edits, input, chunk: chunk).bytes }
        switch (expected, actual) {
        case (_, .failure(let error as QueryError)) where error.kind == .notStreamable:
            return nil
        case (.success(let want), .success(let got)):
            #expect(got == want, "\(edits) in chunks of \(chunk ?? 0):\n\(String(decoding: got, as: UTF8.self))")
            return true
        case (.failure, .failure):
            return false
        case (.success, .failure(let error)):
            Issue.record("\(edits): streamed failed: \(error)")
        case (.failure(let error), .success):
            Issue.record("\(edits): streamed succeeded where the editor failed: \(error)")
        }
        return false
    }

    /// Random transactions of one to three edits (set to any value, insert
    /// into, before and after, rename, remove) below one random container,
    /// on every document of the streamed edit's corpus.
    @Test func sameBytesAsTheEditorForEveryOperation() throws {
        var generator = SplitMix64(seed: 0x7A5C)
        let chunks: [Int?] = [1, 2, 3, 5, 64, nil]
        var compared = 0
        var failedAlike = 0
        var skipped = 0
        var several = 0
        for url in StreamedEditTests.documents {
            let input = [UInt8](try Data(contentsOf: url))
            guard let editor = try? DocumentEditor(bytes: input) else { continue }
            let document = editor.document
            let table = document.table
            // Containers below the root's members: their descendants share a prefix.
            let containers = (1..<UInt32(document.nodeCount)).filter { i in
                let kind = document.node(at: i).kind
                return (kind == .object || kind == .array) && table.subtreeEnd(i) > i + 1
                    && (PathQuery.canonicalPath(of: document.node(at: i))?.contains { $0 == "." || $0 == "[" } ?? false)
            }
            guard !containers.isEmpty else { continue }
            let sizes = input.count < 3_000 ? chunks : [64, 1000, nil]
            for _ in 0..<min(input.count > 10_000 ? 250 : 60, containers.count * 3) {
                let container = containers[Int.random(in: 0..<containers.count, using: &generator)]
                let inside = Array((container + 1)..<table.subtreeEnd(container))
                var edits: [Edit] = []
                for _ in 0..<Int.random(in: 1...3, using: &generator) {
                    let node = document.node(at: inside[Int.random(in: 0..<inside.count, using: &generator)])
                    guard let path = PathQuery.canonicalPath(of: node) else { continue }
                    let value = Self.values[Int.random(in: 0..<Self.values.count, using: &generator)]
                    let isMember = node.parent?.kind == .object
                    let key: String? = isMember ? "n\(Int.random(in: 0..<3, using: &generator))" : nil
                    switch Int.random(in: 0..<7, using: &generator) {
                    case 0, 1: edits.append(.set(path, to: value))
                    case 2: edits.append(.remove(path))
                    case 3: edits.append(.rename(path, to: "r\(Int.random(in: 0..<3, using: &generator))"))
                    case 4: edits.append(.insert(value, before: path, key: key))
                    case 5: edits.append(.insert(value, after: path, key: key))
                    default:
                        let into = node.kind == .object || node.kind == .array
                        let at: Int? = Bool.random(using: &generator) ? nil : Int.random(in: 0..<2, using: &generator)
                        edits.append(.insert(value, into: into ? path : path, key: node.kind == .object ? "n0" : nil, at: at))
                    }
                }
                guard !edits.isEmpty else { continue }
                let chunk = sizes[Int.random(in: 0..<sizes.count, using: &generator)]
                switch Self.compare(edits, input, editor: editor, chunk: chunk) {
                case nil: skipped += 1
                case true?:
                    compared += 1
                    if edits.count > 1 { several += 1 }
                case false?: failedAlike += 1
                }
            }
        }
        #expect(compared >= 200, "compared \(compared), skipped \(skipped), failed alike \(failedAlike)")
        #expect(several >= 100, "several \(several)")
        #expect(failedAlike >= 60, "failed alike \(failedAlike)")
    }

    /// An `Encodable` and a node of another document (XML too) are set as in memory.
    @Test func encodablesAndNodesOfOtherDocuments() throws {
        struct Todo: Encodable {
            var id: Int
            var title: String
            var done: Bool
            var tags: [String]
        }
        let input = Array("{\n  \"data\": {\n    \"todo\": null,\n    \"node\": 0,\n    \"xml\": 0\n  }\n}\n".utf8)
        let other = try Document(string: #"{"x": [1, {"y": "z"}], "w": 1.50}"#)
        let xml = try Document(string: "<a k='v'><b>1</b><b>2</b></a>")
        let edits: [Edit] = [
            .set("data.todo", to: try EditValue(encoding: Todo(id: 1, title: "é", done: false, tags: ["a"]))),
            .set("data.node", to: EditValue(other.root)),
            .set("data.xml", to: EditValue(xml.root)),
        ]
        let want = try DocumentEditor(bytes: input).applying(edits).bytes
        for chunk in [1, 3, nil] {
            let (got, counts) = try StreamedEditTests.streamed(edits, input, chunk: chunk)
            #expect(String(decoding: got, as: UTF8.self) == String(decoding: want, as: UTF8.self))
            #expect(counts == [1, 1, 1])
        }
    }

    /// Each operation on a pretty and a compact document, spelled out.
    @Test func everyOperationStreams() throws {
        let pretty = "{\r\n    \"config\": {\r\n        \"name\": \"x\",\r\n        \"list\": [1, 2],\r\n"
            + "        \"opts\": {}\r\n    },\r\n    \"n\": 1\r\n}\r\n"
        let compact = #"{"config":{"name":"x","list":[1,2],"opts":{}},"n":1}"#
        let edits: [[Edit]] = [
            [.set("config.name", to: ["a": [1, 2], "b": [:]])],
            [.set("config.list", to: [["id": 1]])],
            [.rename("config.name", to: "title")],
            [.insert(["v": true], into: "config.opts", key: "extra")],
            [.insert(3, into: "config.list"), .insert(0, into: "config.list", at: 0)],
            [.insert("before", before: "config.list[1]"), .insert("after", after: "config.list[1]")],
            [.insert(nil, before: "config.name", key: "first")],
            [.set("config.name", to: 1), .remove("config.list[0]"), .rename("config.list", to: "items")],
        ]
        for text in [pretty, compact] {
            let input = Array(text.utf8)
            let editor = try DocumentEditor(bytes: input)
            for edit in edits {
                _ = try StreamedEdit(edit)
                let want = try editor.applying(edit).bytes
                for chunk in [1, 2, 3, 4, 7, 100] {
                    let (got, counts) = try StreamedEditTests.streamed(edit, input, chunk: chunk)
                    #expect(String(decoding: got, as: UTF8.self) == String(decoding: want, as: UTF8.self), "\(edit)")
                    #expect(counts.allSatisfy { $0 > 0 })
                }
            }
        }
    }

    /// A long array below the root's object is edited element by element,
    /// and the counts add up across elements.
    @Test func anArrayOfRecordsIsEditedElementByElement() throws {
        let records = (0..<300).map { #"{"id": \#($0), "name": "n\#($0)"}"# }.joined(separator: ",\n    ")
        let input = Array("{\n  \"items\": [\n    \(records)\n  ]\n}\n".utf8)
        let edits: [Edit] = [.set("items.name", to: ["first": "a"]), .rename("items.id", to: "key"), .insert(true, after: "items.id", key: "ok")]
        let editor = try DocumentEditor(bytes: input)
        let want = try editor.applying(edits).bytes
        for chunk in [1, 13, 4096, nil] {
            let (got, counts) = try StreamedEditTests.streamed(edits, input, chunk: chunk)
            #expect(got == want)
            #expect(counts == [300, 300, 300])
        }
        // A filter takes the array whole, as one value.
        let filtered: [Edit] = [
            .set("items[?id == 7].name", to: [1, 2]), .remove("items[?id > 297].name"),
            .set("items[?id == $id].name", to: 0, parameters: ["id": 5]),
        ]
        let (got, counts) = try StreamedEditTests.streamed(filtered, input, chunk: 7)
        #expect(got == (try editor.applying(filtered).bytes))
        #expect(counts == [1, 2, 1])
    }

    /// Overlapping edits are rejected as in memory; a miss of one edit in
    /// the whole document is an error; a keys-only set that matches nothing
    /// does not stream; edits that share no prefix are refused up front.
    @Test func failuresAreTheEditorsOrSayTheyCannotStream() throws {
        let input = Array(#"{"a": {"b": {"c": 1}, "d": [1, 2]}}"#.utf8)
        #expect { try StreamedEditTests.streamed([.remove("a.b"), .set("a.b.c", to: 2)], input) } throws: {
            ($0 as? QueryError)?.kind == .conflictingEdits
        }
        #expect { try StreamedEditTests.streamed([.set("a.b.c", to: 2), .remove("a.x")], input) } throws: {
            ($0 as? QueryError)?.kind == .noMatch
        }
        #expect { try StreamedEditTests.streamed([.set("a.b.z", to: 2), .set("a.d", to: 1)], input) } throws: {
            ($0 as? QueryError)?.kind == .notStreamable
        }
        #expect { try StreamedEditTests.streamed([.rename("a.b", to: "d")], input) } throws: {
            ($0 as? QueryError)?.kind == .invalidEdit
        }
        #expect(throws: QueryError.self) { try StreamedEdit([.set("a.b", to: 1), .set("x.y", to: 2)], options: LoadOptions(format: .json)) }
    }

    /// A spacing the document settles only past the bytes the layout probe
    /// keeps is never guessed: here the root's own gap (`,`, first in the
    /// order of opening brackets) comes after a first member larger than
    /// the probe's limit, whose array shows `, `. The edit does not stream,
    /// and the in-memory editor, which sees the whole document, spaces the
    /// new content by the root.
    @Test func aLayoutSettledPastTheProbesBytesIsNotGuessed() throws {
        // Past the probe's 4 MiB.
        let elements = Array(repeating: "1, 2", count: (4 << 20) / 6 + 1000).joined(separator: ", ")
        let input = Array("{\"a\":{\"big\":[\(elements)],\"c\":{\"b\":[1]}},\"z\":0}".utf8)
        let edits: [Edit] = [.insert(2, into: "a.c.b"), .insert(3, into: "a.c.b")]
        let want = try DocumentEditor(bytes: input).applying(edits).bytes
        #expect(String(decoding: want.suffix(40), as: UTF8.self).contains("[1,2,3]"))
        #expect { try StreamedEditTests.streamed(edits, input) } throws: { ($0 as? QueryError)?.kind == .notStreamable }
    }

    /// New content whose spacing depends on a part of the document not read
    /// yet is written for each spacing it may take until the document
    /// settles it; a spacing none of them has does not stream.
    @Test func aLayoutSettledLaterIsWaitedFor() throws {
        // Compact output inside a one-line array; the spacing after commas shows only in the array after it.
        for (later, streams) in [("[1, 2]", true), ("[1,2]", true), ("[1,  2]", false)] {
            let input = Array("{\n  \"a\": {\"b\": [1]},\n  \"z\": \(later)\n}".utf8)
            let edits: [Edit] = [.insert(2, into: "a.b"), .insert(3, into: "a.b")]
            let want = try DocumentEditor(bytes: input).applying(edits).bytes
            for chunk in [1, 5, nil] {
                if streams {
                    #expect(try StreamedEditTests.streamed(edits, input, chunk: chunk).bytes == want)
                } else {
                    #expect { try StreamedEditTests.streamed(edits, input, chunk: chunk) } throws: {
                        ($0 as? QueryError)?.kind == .notStreamable
                    }
                }
            }
        }
    }
}

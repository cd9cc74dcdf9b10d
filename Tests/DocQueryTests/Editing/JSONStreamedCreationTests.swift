import DocQuery
import DocTree
import Foundation
import Testing
import TestSupport

/// A keys-only `set` that matches nothing creates what is missing while it
/// streams, before the closing brace of the deepest object its keys reach,
/// and an insert with a key puts its member before the closing brace of
/// the object its keys reach, with the bytes the held-whole editor writes;
/// where nothing can be created or inserted it fails as that editor does.
struct JSONStreamedCreationTests {
    /// The edit streamed over `text` in chunks of `chunk` bytes: its output and summary.
    private static func streamed(_ edit: Edit, _ text: String, chunk: Int?) throws -> (text: String, summary: EditSummary) {
        var out: [UInt8] = []
        let summary = try StreamedEdit([edit], options: LoadOptions()).run(ChunkedInput(bytes: Array(text.utf8), sliceSize: chunk)) {
            out.append(contentsOf: $0)
        }
        return (String(decoding: out, as: UTF8.self), summary)
    }

    static let documents = [
        "{}",
        "{ }",
        "{\"x\":1}",
        "{\"a\":{\"b\":1}}",
        "{\n  \"x\": 1,\n  \"y\": {\n    \"z\": true\n  }\n}\n",
        "{\n    \"only\": 1\n}",
        "{\n\t\"a\": {},\n\t\"b\": 2\n}",
        "{\"a\": {\n  }, \"q\" : 1}",
        "{\r\n  \"a\": {\"k\": 1},\r\n  \"b\": 2\r\n}\r\n",
        "{\n  \"y\": {}\n}",
        "\u{FEFF}{\"y\": {\"z\": 1}, \"w\": [1, 2]}",
    ]

    /// Every document, with paths that miss at each depth: the same bytes
    /// as held whole, in chunks of 1, 7 and 4,096 bytes, and a summary
    /// that says one member was created and nothing replaced.
    @Test(arguments: ["a", "a.c", "y.new", "new.deep.key", "a.b.c", "y.z.deeper"])
    func createsWhatTheTreeCreates(_ path: String) throws {
        for document in Self.documents {
            for value: EditValue in [7, "é \"q\"", nil, [:], []] {
                let edit = Edit.set(path, to: value)
                let held: DocumentEditor
                do {
                    held = try DocumentEditor(bytes: Array(document.utf8)).applying([edit])
                } catch {
                    continue
                }
                var editor = try DocumentEditor(bytes: Array(document.utf8))
                let summary = try editor.apply(edit)
                for chunk in [1, 7, 4096] {
                    let (text, streamedSummary) = try Self.streamed(edit, document, chunk: chunk)
                    #expect(text == String(decoding: held.bytes, as: UTF8.self), "\(path) = \(value) on \(document.debugDescription), chunks of \(chunk)")
                    #expect(streamedSummary == summary, "\(path) on \(document.debugDescription)")
                }
            }
        }
    }

    /// Over the corpus (the parsing suite's accepted documents, GitHub
    /// events, the examples), a member missing from each object that keys
    /// reach, one level deep and two: the held-whole editor's bytes, or its
    /// error, in chunks of every size.
    @Test func theCorpusCreatesAsTheTreeDoes() throws {
        var generator = SplitMix64(seed: 0xC4EA7E)
        let chunks: [Int?] = [1, 7, 64, 4096, nil]
        var created = 0
        var failedAlike = 0
        let objects = ["citm_catalog.json", "twitter.json"].compactMap { try? SharedData.url("bench-data/json/\($0)") }
        #expect(objects.count == 2)
        for url in StreamedEditTests.documents + objects {
            let input = [UInt8](try Data(contentsOf: url))
            guard let editor = try? DocumentEditor(bytes: input) else { continue }
            let document = editor.document
            // A large document edits slowly held whole (in a debug build): fewer objects there.
            let most = input.count < 100_000 ? 40 : 12
            var prefixes: [String] = [""]
            for i in 1..<UInt32(document.nodeCount) where prefixes.count < most && document.node(at: i).kind == .object {
                if let path = PathQuery.canonicalPath(of: document.node(at: i)), (try? PathQuery(path))?.isKeyChain == true {
                    prefixes.append(path)
                }
            }
            for prefix in prefixes {
                for suffix in ["zzNew", "zzNew.deeper"] {
                    let path = prefix.isEmpty ? suffix : prefix + "." + suffix
                    guard (try? PathQuery(path))?.isKeyChain == true else { continue }
                    let edit = Edit.set(path, to: "new")
                    let chunk = input.count < 2_000 ? chunks[Int.random(in: 0..<chunks.count, using: &generator)] : 4096
                    let expected = Result { try editor.applying([edit]).bytes }
                    let actual = Result { try StreamedEdit([edit]).run(ChunkedInput(bytes: input, sliceSize: chunk)) { _ in } }
                    switch (expected, actual) {
                    case (.success(let want), .success):
                        let got = try Self.streamed(edit, String(decoding: input, as: UTF8.self), chunk: chunk).text
                        #expect(Array(got.utf8) == want, "\(url.lastPathComponent): \(path) in chunks of \(chunk ?? 0)")
                        created += 1
                    case (.failure(let held), .failure(let streamed)):
                        #expect("\(held)" == "\(streamed)", "\(url.lastPathComponent): \(path)")
                        failedAlike += 1
                    case (.success, .failure(let error)):
                        Issue.record("\(url.lastPathComponent): \(path): streamed failed: \(error)")
                    case (.failure(let error), .success):
                        Issue.record("\(url.lastPathComponent): \(path): streamed created where the editor failed: \(error)")
                    }
                }
            }
        }
        #expect(created >= 60, "created \(created), failed alike \(failedAlike)")
        #expect(failedAlike >= 10, "failed alike \(failedAlike)")
    }

    /// A non-empty array or object below the root's members goes through
    /// the transaction, which holds what the prefix reaches and creates
    /// nothing; a second reading creates it, after what the first wrote is
    /// taken back (with nothing to take it back, it is refused).
    @Test(arguments: ["a.c", "y.new", "y.z.w", "a.b.c"])
    func aStructuredValueBelowTheRootsMembersIsCreatedInASecondReading(_ path: String) throws {
        let document = "{\n  \"a\": {\"b\": {}},\n  \"y\": {\n    \"z\": {\n      \"q\": 1\n    }\n  }\n}\n"
        let edit = Edit.set(path, to: ["n": [1, ["m": 2]]])
        let held = try DocumentEditor(bytes: Array(document.utf8)).applying([edit])
        for chunk in [1, 4096] {
            var out: [UInt8] = []
            var restarts = 0
            let summary = try StreamedEdit([edit]).run(ChunkedInput(bytes: Array(document.utf8), sliceSize: chunk), restart: {
                restarts += 1
                out = []
            }, to: { out.append(contentsOf: $0) })
            #expect(out == held.bytes, "\(path): \(String(decoding: out, as: UTF8.self))")
            #expect(summary.created == 1)
            #expect(restarts == 1)
        }
        #expect { try Self.streamed(edit, document, chunk: nil) } throws: { ($0 as? QueryError)?.kind == .notStreamable }
    }

    /// Creation counts as created, not replaced; a path that matches is
    /// replaced, and creates nothing.
    @Test func theSummarySaysWhatWasCreated() throws {
        let created = try Self.streamed(.set("b", to: 2), #"{"a": 1}"#, chunk: nil)
        #expect(created.text == #"{"a": 1, "b": 2}"#)
        #expect(created.summary.created == 1)
        #expect(created.summary.replaced == 0)
        #expect(created.summary.matches == [0])
        let replaced = try Self.streamed(.set("a", to: 2), #"{"a": 1}"#, chunk: nil)
        #expect(replaced.text == #"{"a": 2}"#)
        #expect(replaced.summary.created == 0)
        #expect(replaced.summary.replaced == 1)
    }

    /// A member far longer than the bytes the output holds back comes
    /// before the new one: what separates members was learnt as they began.
    @Test(arguments: [1, 2])
    func aLongMemberBeforeTheNewOne(members: Int) throws {
        let long = String(repeating: "x", count: 100_000)
        let document = members == 1
            ? "{\n  \"long\": \"\(long)\"\n}\n"
            : "{\n  \"first\": \"\(long)\",\n    \"long\": \"\(long)\"\n}\n"
        let edit = Edit.set("added.k", to: true)
        let held = try DocumentEditor(bytes: Array(document.utf8)).applying([edit])
        let (text, summary) = try Self.streamed(edit, document, chunk: 4096)
        #expect(text == String(decoding: held.bytes, as: UTF8.self))
        // After the comma, what follows the first comma: four spaces with two members, two with one.
        let indent = members == 2 ? "    " : "  "
        #expect(text.hasSuffix("\",\n\(indent)\"added\": {\n\(indent)  \"k\": true\n\(indent)}\n}\n"))
        #expect(summary.created == 1)
    }

    /// Where a key of the path names something other than an object, or
    /// the root is not one, the stream fails with the held-whole error.
    @Test(arguments: [
        (#"{"a": 5}"#, "a.c", "'a' is a number, so 'c' cannot be created in it"),
        (#"{"a": {"b": "t"}}"#, "a.b.c", "'a.b' is a string, so 'c' cannot be created in it"),
        (#"{"a": [{"b": 1}]}"#, "a.c", "'a' is an array, so 'c' cannot be created in it"),
        (#"{"a": null, "z": {}}"#, "a.c.d", "'a' is null, so 'c' cannot be created in it"),
        (#"{"a": {"\"q\u0072": true}}"#, #"a."\"qr".d"#, #"'a."qr' is a Boolean, so 'd' cannot be created in it"#),
        // The tree creates in the first member of a key that occurs twice.
        (#"{"a": 5, "a": {}}"#, "a.c", "'a' is a number, so 'c' cannot be created in it"),
        ("[1]", "a", "the root is an array, so 'a' cannot be created in it"),
        (" 12", "a.b", "the root is a number, so 'a' cannot be created in it"),
    ])
    func nothingToCreateInFailsAsHeld(_ document: String, _ path: String, _ reason: String) throws {
        let edit = Edit.set(path, to: 1)
        var held: QueryError?
        #expect { var editor = try DocumentEditor(bytes: Array(document.utf8)); try editor.apply(edit) } throws: { error in
            held = error as? QueryError
            return held?.kind == .invalidEdit && held?.message.hasSuffix(reason) == true
        }
        for chunk in [1, 4096] {
            #expect { try Self.streamed(edit, document, chunk: chunk) } throws: { error in
                (error as? QueryError)?.kind == held?.kind && (error as? QueryError)?.message == held?.message
            }
        }
    }

    /// A key of the path that occurs again after what the first lacked was
    /// created may hold a match the tree would have set instead: refused.
    @Test func aKeyTwiceAfterCreationIsRefused() throws {
        #expect { try Self.streamed(.set("a.c", to: 1), #"{"a": {"x": 1}, "a": {"c": 2}}"#, chunk: nil) } throws: { error in
            (error as? QueryError)?.kind == .notStreamable && (error as? QueryError)?.message.contains("occurs twice") == true
        }
        // Before any creation, a key twice is read as the tree reads it.
        let twice = #"{"a": {"c": 1}, "a": {"c": 2}}"#
        let held = try DocumentEditor(bytes: Array(twice.utf8)).applying([.set("a.c", to: 3)])
        #expect(try Self.streamed(.set("a.c", to: 3), twice, chunk: 7).text == String(decoding: held.bytes, as: UTF8.self))
    }

    /// An insert with a key into the root object, or one its keys reach,
    /// in every document: the held-whole editor's bytes and summary, or its
    /// error, in chunks of 1, 7 and 4,096 bytes (or a refusal to stream).
    @Test(arguments: [".", "a", "y", "y.z", "a.b"])
    func insertsAMemberAsTheTreeDoes(_ path: String) throws {
        var inserted = 0
        for document in Self.documents + [
            "[1]", "7", #"{"k": 1}"#, #"{"a": {"k": 2}}"#, #"{"a": "s", "y": [1]}"#, #"{"a":{"b":{}}}"#,
            "{\n  \"a\": {\"b\": {\"c\": 0}},\n  \"y\": {\n    \"z\": {\n      \"w\": 1\n    }\n  }\n}\n",
        ] {
            for value: EditValue in [7, [:], ["n": [1, ["m": 2]]]] {
                let edit = Edit.insert(value, into: path, key: "k")
                var editor = try DocumentEditor(bytes: Array(document.utf8))
                let held = Result { try editor.apply(edit) }
                for chunk in [1, 7, 4096] {
                    let streamed = Result { try Self.streamed(edit, document, chunk: chunk) }
                    switch (held, streamed) {
                    case (.success(let summary), .success(let (text, streamedSummary))):
                        #expect(text == String(decoding: editor.bytes, as: UTF8.self), "\(path) on \(document.debugDescription)")
                        #expect(streamedSummary == summary)
                        inserted += 1
                    case (.failure(let error), .failure(let streamedError)):
                        let kind = (streamedError as? QueryError)?.kind
                        if kind != .notStreamable, kind != .noMatch {
                            #expect("\(streamedError)" == "\(error)", "\(path) on \(document.debugDescription)")
                        }
                    case (.success, .failure(let error)):
                        #expect((error as? QueryError)?.kind == .notStreamable, "\(path) on \(document.debugDescription): \(error)")
                    case (.failure(let error), .success):
                        Issue.record("\(path) on \(document.debugDescription): streamed inserted where the editor failed: \(error)")
                    }
                }
            }
        }
        #expect(inserted >= 9)
    }

    /// Deeper than a member of the root, the transaction holds what the
    /// first key reaches and inserts into it; through an array, a batch of
    /// elements at a time, into each element's object, as the tree does.
    @Test func aKeyedInsertThroughAnArraysElementsStreams() throws {
        let document = "{\"v\": 1, \"items\": [\n  {\"a\": {}},\n  {\"a\": {\"x\": 1}},\n  {\"b\": 2}\n]}\n"
        let edit = Edit.insert("n", into: "items.a", key: "k")
        var editor = try DocumentEditor(bytes: Array(document.utf8))
        let summary = try editor.apply(edit)
        for chunk in [1, 4096] {
            let (text, streamedSummary) = try Self.streamed(edit, document, chunk: chunk)
            #expect(text == String(decoding: editor.bytes, as: UTF8.self))
            #expect(streamedSummary == summary)
        }
        #expect(summary.inserted == 2)
    }

    /// What the tree refuses, the stream refuses with its words: a member
    /// of the key there already, a target that is no object.
    @Test(arguments: [
        (#"{"k": 1}"#, ".", #"the object already has a member named "k"; set it instead"#),
        (#"{"a": {"x": 0, "k": 1}}"#, "a", #"the object already has a member named "k"; set it instead"#),
        (#"{"a": [1]}"#, "a", "a key was given, but an array is an array"),
        ("[1]", ".", "a key was given, but an array is an array"),
        // A member of the key in the array's elements: the array is the target.
        (#"[{"k": {}}, []]"#, ".", "a key was given, but an array is an array"),
        (#"{"a": [{"k": 1}]}"#, "a", "a key was given, but an array is an array"),
        (#"{"a": {"b": true}}"#, "a.b", "it matches a Boolean; insert goes into an object or an array"),
    ])
    func anInsertTheTreeRefusesFailsAlike(_ document: String, _ path: String, _ reason: String) throws {
        let edit = Edit.insert(1, into: path, key: "k")
        for chunk in [1, 4096] {
            #expect { try Self.streamed(edit, document, chunk: chunk) } throws: { error in
                (error as? QueryError)?.kind == .invalidEdit && (error as? QueryError)?.message.hasSuffix(reason) == true
            }
        }
    }

    /// Where comments may lie, where a new member goes is the gap rules',
    /// which need the tree: JSON with comments creates nothing streamed.
    @Test func jsonWithCommentsCreatesNothingStreamed() throws {
        var options = LoadOptions()
        options.readsJSONWithComments = true
        let input = Array("{\n  \"a\": 1 // one\n}\n".utf8)
        #expect {
            try StreamedEdit([.set("b", to: 2)], options: options).run(ChunkedInput(bytes: input)) { _ in }
        } throws: { ($0 as? QueryError)?.kind == .notStreamable }
    }

    /// JSON Lines: each record would need what it lacks created on its own.
    @Test func severalValuesAreRefused() throws {
        #expect { try Self.streamed(.set("b", to: 2), "{\"a\": 1}\n{\"a\": 2}\n", chunk: nil) } throws: {
            ($0 as? QueryError)?.kind == .notStreamable
        }
    }
}

import DocQuery
import DocTree
import Foundation
import Testing
import TestSupport

/// The streamed edit (``StreamedEdit``) against the in-memory editor: the
/// same edit on the same bytes gives the same bytes, whatever the chunk
/// boundaries; and what cannot stream, or fails, says so.
@Suite struct StreamedEditTests {
    /// Runs `edits` streamed over `bytes`, cut in chunks of `chunk` bytes.
    static func streamed(
        _ edits: [Edit], _ bytes: [UInt8], chunk: Int? = nil, options: LoadOptions = LoadOptions()
    ) throws -> (bytes: [UInt8], counts: [Int]) {
        var out: [UInt8] = []
        let counts = try StreamedEdit(edits, options: options).run(ChunkedInput(bytes: bytes, sliceSize: chunk)) { out.append(contentsOf: $0) }.matches
        return (out, counts)
    }

    static let documents: [URL] = {
        let suite = ((try? SharedData.files(in: "conformance/json-parsing", withExtension: "json")) ?? [])
            .filter { $0.lastPathComponent.hasPrefix("y_") }
        let bench = ["github_events.json"].compactMap { try? SharedData.url("bench-data/json/\($0)") }
        let examples = ["defaults.json", "overrides.json", "settings.json", "tasks.json", "theaters.json", "todos.json"]
            .map { SharedData.packageRoot.appendingPathComponent("Examples/documents/\($0)") }
        return suite + bench + examples
    }()

    static let values: [EditValue] = [7, EditValue(-0.25), "é \"q\"\n", true, nil, [], [:]]

    /// Every edit that streams gives the in-memory editor's bytes, or fails
    /// where it fails; chunks of 1 byte up to the whole input.
    @Test func sameBytesAsTheEditorOnManyPaths() throws {
        var generator = SplitMix64(seed: 0x5EED)
        let chunks: [Int?] = [1, 2, 3, 7, 64, 4096, nil]
        var compared = 0
        var failedAlike = 0
        var removals = 0
        var skipped = 0
        #expect(Self.documents.count >= 100)
        for url in Self.documents {
            let input = [UInt8](try Data(contentsOf: url))
            guard let editor = try? DocumentEditor(bytes: input) else { continue }
            let document = editor.document
            let count = Int(document.nodeCount)
            let picks = count <= 150 ? Array(1..<count) : (0..<150).map { _ in Int.random(in: 1..<count, using: &generator) }
            // Tiny chunks on small inputs only: a byte at a time costs a pass each.
            let sizes = input.count < 2_000 ? chunks : [64, 1000, 4096, nil]
            for pick in picks {
                guard let path = PathQuery.canonicalPath(of: document.node(at: UInt32(pick))) else { continue }
                let value = Self.values[Int.random(in: 0..<Self.values.count, using: &generator)]
                for (removing, edit) in [(true, Edit.remove(path)), (false, .set(path, to: value))] {
                    guard (try? StreamedEdit([edit])) != nil else { skipped += 1; continue }
                    let chunk = sizes[Int.random(in: 0..<sizes.count, using: &generator)]
                    let expected = Result { try editor.applying([edit]).bytes }
                    let actual = Result { try Self.streamed([edit], input, chunk: chunk).bytes }
                    switch (expected, actual) {
                    case (.success(let want), .success(let got)):
                        #expect(got == want, "\(url.lastPathComponent): \(path) with chunks of \(chunk ?? 0)")
                        compared += 1
                        if removing { removals += 1 }
                    case (.failure, .failure):
                        failedAlike += 1
                    case (.success, .failure(let error)):
                        Issue.record("\(url.lastPathComponent): \(path): streamed failed: \(error)")
                    case (.failure(let error), .success):
                        Issue.record("\(url.lastPathComponent): \(path): streamed succeeded where the editor failed: \(error)")
                    }
                }
            }
        }
        #expect(compared >= 700, "compared \(compared), skipped \(skipped), failed alike \(failedAlike)")
        #expect(removals >= 300, "removals \(removals)")
        #expect(failedAlike >= 1, "no edit failed in both (removing a root)")
    }

    /// Removing members and elements of every kind of neighbourhood, at every
    /// chunk size: first, middle, last, all, runs, pretty and compact.
    @Test(arguments: [
        #"{"a": 1, "b": 2, "c": 3}"#,
        "{\n  \"a\": [1, 2, 3],\n  \"b\": {\"x\": 1},\n  \"c\": \"\\\"q\\\\\"\n}\n",
        "[\n  {\"id\": 1, \"k\": 2},\n  {\"id\": 2},\n  {\"k\": 3, \"id\": 3}\n]",
        #"{"a":{"id":1},"b":{"id":2},"c":{"x":0,"id":3}}"#,
        "\u{FEFF}{ \"a\" : [ ] , \"b\\\"\" : 1 }",
        // Keys ending in backslashes, space before commas and colons: the
        // scanner hands the removal the key's start and the gap before it.
        "{ \"a\\\\\" :1 ,\"b\\\\\\\"c\" : [ 1 ,2 ] ,\n\"d\":{ \"e\" : { } } }",
        // Commas that begin lines (comma-first style) go with the child before them.
        "{\n  \"a\": [1\n    , 2\n    , 3]\n  , \"b\": {\"x\": 1\n    , \"id\": 2}\n  , \"c\": 3\n}\n",
    ])
    func removalsAtEveryChunkSize(_ text: String) throws {
        let input = Array(text.utf8)
        let editor = try DocumentEditor(bytes: input)
        var paths: Set<String> = []
        for i in 1..<editor.document.nodeCount {
            if let path = PathQuery.canonicalPath(of: editor.document.node(at: UInt32(i))) { paths.insert(path) }
        }
        paths.formUnion(["*", "*.id", "[*]", "[*].id", "a.*", "[0]", "[1]"])
        var checked = 0
        for path in paths.sorted() {
            for (name, edit) in [("remove", Edit.remove(path)), ("set", .set(path, to: "v"))] {
                guard (try? StreamedEdit([edit])) != nil else { continue }
                let expected = try? editor.applying([edit]).bytes
                for chunk in 1...9 {
                    let actual = try? Self.streamed([edit], input, chunk: chunk).bytes
                    #expect(actual == expected, "\(name) \(path) in chunks of \(chunk)")
                }
                checked += 1
            }
        }
        #expect(checked >= 6)
    }

    @Test func copiesEveryOtherByteAndCountsMatches() throws {
        let input = Array("{\n\t\"n\" :  1.50e+2 ,\r\n\t\"s\": \"\\u00e9\",\n\t\"list\": [ {\"n\": 1}, {\"n\": 2}, {\"m\": 3} ]\n}".utf8)
        let (bytes, counts) = try Self.streamed([.set("list.n", to: true)], input, chunk: 1)
        #expect(counts == [2])
        #expect(String(decoding: bytes, as: UTF8.self)
            == "{\n\t\"n\" :  1.50e+2 ,\r\n\t\"s\": \"\\u00e9\",\n\t\"list\": [ {\"n\": true}, {\"n\": true}, {\"m\": 3} ]\n}")
    }

    /// A slice that counts from the start streams as an index does, over a
    /// JSON array's elements and over repeated XML elements, and writes
    /// what the held-whole editor writes.
    @Test(arguments: [
        ("{\n  \"items\": [\n    {\"p\": 1},\n    {\"p\": 2},\n    {\"p\": 3}\n  ]\n}\n", Edit.set("items[1:].p", to: 9), 2),
        ("{\n  \"items\": [\n    {\"p\": 1},\n    {\"p\": 2},\n    {\"p\": 3}\n  ]\n}\n", Edit.remove("items[:2]"), 2),
        ("{\"items\": [1, 2, 3, 4]}", Edit.remove("items[1:3]"), 2),
        ("{\"items\": [1, 2, 3, 4]}", Edit.set("items[:]", to: 0), 4),
        ("<r>\n  <i p=\"1\"/>\n  <i p=\"2\"/>\n  <i p=\"3\"/>\n</r>\n", Edit.set("i[1:].p", to: "9"), 2),
        ("<r>\n  <i>1</i>\n  <i>2</i>\n  <i>3</i>\n</r>\n", Edit.remove("i[:2]"), 2),
    ])
    func aSliceFromTheStartStreams(_ text: String, _ edit: Edit, _ matches: Int) throws {
        let input = Array(text.utf8)
        let expected = try DocumentEditor(bytes: input).applying([edit]).bytes
        #expect(expected != input)
        for chunk in [1, 7, 4096] {
            let (bytes, counts) = try Self.streamed([edit], input, chunk: chunk)
            #expect(bytes == expected, "in chunks of \(chunk): \(String(decoding: bytes, as: UTF8.self))")
            #expect(counts == [matches])
        }
    }

    @Test func aPathMatchingNothingFails() throws {
        let input = Array(#"{"a": {"b": 1}}"#.utf8)
        #expect { try Self.streamed([.remove("a.c")], input) } throws: { ($0 as? QueryError)?.kind == .noMatch }
        // A keys-only set creates the member (JSONStreamedCreationTests).
        #expect(try Self.streamed([.set("a.c", to: 1)], input).bytes == Array(#"{"a": {"b": 1, "c": 1}}"#.utf8))
    }

    @Test(arguments: [
        ("UTF-16LE", [UInt8]()), ("UTF-16BE", []), ("UTF-32LE", []), ("UTF-32BE", []),
        ("UTF-16LE", [0xFF, 0xFE]), ("UTF-16BE", [0xFE, 0xFF]),
    ])
    func jsonInUTF16Or32IsRefusedByName(encoding: String, mark: [UInt8]) throws {
        #expect {
            try Self.streamed([.set("a", to: 2)], mark + TestText.bytes(#"{"a": 1}"#, in: encoding))
        } throws: { error in
            guard let error = error as? QueryError else { return false }
            return error.kind == .notStreamable && error.message.contains("UTF-8 only, and this input is \(encoding)")
        }
    }

    @Test func whatCannotStreamSaysSoBeforeReading() throws {
        func refused(_ edits: [Edit], options: LoadOptions = LoadOptions()) -> QueryError? {
            do {
                _ = try StreamedEdit(edits, options: options)
                return nil
            } catch {
                return error
            }
        }
        // A filter streams below a shared prefix (the filtered values are
        // edited in memory), and over a root array's elements; a root that
        // turns out to be an object is refused as it is read.
        #expect(refused([.set("items[?id == 1].name", to: "x")]) == nil)
        #expect(refused([.set("[?id == 1].name", to: "x")]) == nil)
        #expect { try Self.streamed([.set("[?id == 1].name", to: "x")], Array(#"{"id": 1}"#.utf8)) } throws: { error in
            (error as? QueryError)?.kind == .notStreamable && "\(error)".contains("the root is not an array")
        }
        // An index from the end streams on JSON (the batches of the array's
        // last elements wait for its end), and on XML (a first pass counts).
        #expect(refused([.set("items[-1]", to: "x")]) == nil)
        #expect(refused([.set("items[-1]", to: "x")], options: LoadOptions(format: .xml)) == nil)
        let xml = try Self.streamed([.set("items[-1]", to: "x")], Array("<r><items>1</items><items>2</items></r>".utf8))
        #expect(String(decoding: xml.bytes, as: UTF8.self) == "<r><items>1</items><items>x</items></r>")
        #expect(refused([.set("..id", to: 1)])?.kind == .notStreamable)
        // What streams on XML only is refused when the input turns out to be JSON.
        let json = Array(#"{"a": 1, "b": 2}"#.utf8)
        for edits: [Edit] in [[.set("a", to: 1), .set("b", to: 2)], [.rename("a", to: "b")]] {
            #expect(refused(edits) == nil)
            #expect { try Self.streamed(edits, json) } throws: { ($0 as? QueryError)?.kind == .notStreamable }
        }
        #expect(refused([.set("a", to: 1)], options: LoadOptions(encoding: "EUC-KR")) == nil)
        #expect {
            try StreamedEdit([.set("a", to: 1)], options: LoadOptions(encoding: "EUC-KR")).run(ChunkedInput(bytes: json)) { _ in }
        } throws: { ($0 as? QueryError)?.kind == .notStreamable }
        // A structured value streams on the root's members and below a
        // shared prefix; an insert on the root's members only at the end of
        // an array or (with a key) an object that keys reach; an insert at an index from the end
        // streams on XML only (a first pass counts each element's children).
        #expect(refused([.insert(1, into: "a")]) == nil)
        #expect { try Self.streamed([.insert(1, into: "a")], json) } throws: { ($0 as? QueryError)?.kind == .notStreamable }
        // With a key, into the object a key reaches; into a number it fails as in memory.
        #expect { try Self.streamed([.insert(1, into: "a", key: "k")], json) } throws: {
            ($0 as? QueryError)?.message.hasSuffix("it matches a number; insert goes into an object or an array") == true
        }
        #expect(refused([.insert(1, into: "a", at: -1)]) == nil)
        #expect(refused([.insert(1, into: "a", at: -1)], options: LoadOptions(format: .json))?.kind == .notStreamable)
        #expect(refused([.set("a", to: ["x": 1])]) == nil)
        #expect(try Self.streamed([.set("a", to: ["x": 1])], json).bytes == DocumentEditor(bytes: json).applying([.set("a", to: ["x": 1])]).bytes)
        #expect(refused([.set("a[", to: 1)]) != nil)
        #expect(refused([.set("a.b[2].*", to: 1)]) == nil)
    }

    @Test func failuresAreThrown() throws {
        // Malformed input, located in the whole input.
        #expect { try Self.streamed([.set("a", to: 1)], Array("{\"a\": 1,\n \"b\": tru}".utf8), chunk: 3) } throws: { error in
            guard let error = error as? LoadError else { return false }
            return error.location?.line == 2
        }
        #expect { try Self.streamed([.remove("a")], Array("[1, 2]".utf8)) } throws: { ($0 as? QueryError)?.kind == .noMatch }
        #expect { try Self.streamed([.remove("[0]")], Array("{\"a\": 1}".utf8)) } throws: { ($0 as? QueryError)?.kind == .invalidEdit }
        #expect { try Self.streamed([.set("c", to: 1)], Array("<a><b>1</b></a>".utf8)) } throws: { ($0 as? QueryError)?.kind == .noMatch }
        // The writer's own error comes through.
        struct Full: Error {}
        #expect(throws: Full.self) {
            _ = try StreamedEdit([.set("a", to: 1)]).run(ChunkedInput(bytes: Array(#"{"a": 0}"#.utf8))) { _ in throw Full() }
        }
    }

    /// Bytes after the document that are not JSON (NUL bytes on a line of
    /// their own) fail the edit as they fail a query of the input: held
    /// whole as a load of the document, streamed as a read of its records;
    /// the same kind, message and place.
    @Test func bytesAfterTheDocumentFailAsTheQueryFails() throws {
        let input = Array("{\"a\": 1}\n\0\0\n".utf8)
        let load = #expect(throws: LoadError.self) { try Document(data: Data(input)) }
        var records: LoadError?
        for record in DocumentStream(data: Data(input)) { if case .failure(let error) = record { records = error } }
        let edit = Edit.set("a", to: 2)
        let held = #expect(throws: LoadError.self) { try DocumentEditor(bytes: input).applying([edit]) }
        var pairs = [(held, load)]
        for chunk in [1, 3, nil] {
            pairs.append((#expect(throws: LoadError.self) { try Self.streamed([edit], input, chunk: chunk) }, records))
        }
        for (error, query) in pairs {
            #expect(query?.location?.line == 2)
            #expect(error?.kind == query?.kind)
            #expect(error?.message == query?.message)
            #expect(error?.location == query?.location)
        }
    }

    /// New nested content is laid out like its siblings, streamed as held
    /// whole: on one line beside one-line objects, expanded in a document
    /// whose nested containers are expanded.
    @Test func newNestedContentFollowsTheDocumentsNesting() throws {
        let value: EditValue = ["z": [1, 2]]
        // Each case, and whether it streams.
        let cases: [(String, [Edit], String, Bool)] = [
            ("{\n  \"a\": {\"x\": 1},\n  \"b\": {\"y\": 2}\n}", [.insert(value, into: ".", key: "c")],
             "{\n  \"a\": {\"x\": 1},\n  \"b\": {\"y\": 2},\n  \"c\": {\"z\": [1, 2]}\n}", false),
            ("{\n  \"a\": {\"x\": 1},\n  \"c\": 0\n}", [.set("c", to: value)],
             "{\n  \"a\": {\"x\": 1},\n  \"c\": {\"z\": [1, 2]}\n}", true),
            ("{\n  \"a\": {\n    \"x\": 1\n  },\n  \"c\": 0\n}", [.set("c", to: value)],
             "{\n  \"a\": {\n    \"x\": 1\n  },\n  \"c\": {\n    \"z\": [\n      1,\n      2\n    ]\n  }\n}", true),
            // One-line arrays beside expanded objects: each kind as the document writes it.
            ("{\n  \"t\": [1],\n  \"a\": {\n    \"x\": 1\n  },\n  \"c\": 0\n}", [.set("c", to: value)],
             "{\n  \"t\": [1],\n  \"a\": {\n    \"x\": 1\n  },\n  \"c\": {\n    \"z\": [1, 2]\n  }\n}", true),
            // Appended to an array that a key reaches.
            ("{\"l\": [\n  {\"x\": 1},\n  2\n]}", [.insert(value, into: "l")],
             "{\"l\": [\n  {\"x\": 1},\n  2,\n  {\"z\": [1, 2]}\n]}", true),
            ("[\n  {\"x\": 1},\n  2\n]", [.insert(value, into: ".")],
             "[\n  {\"x\": 1},\n  2,\n  {\"z\": [1, 2]}\n]", false),
        ]
        for (text, edits, want, streams) in cases {
            let input = Array(text.utf8)
            #expect(String(decoding: try DocumentEditor(bytes: input).applying(edits).bytes, as: UTF8.self) == want)
            for chunk in streams ? [1, 5, nil] : [] {
                #expect(String(decoding: try Self.streamed(edits, input, chunk: chunk).bytes, as: UTF8.self) == want, "\(chunk ?? 0)")
            }
        }
    }

    @Test func readsAFileAndADescriptor() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("streamed-edit-\(getpid()).json")
        try Data(#"{"v": [1, 2], "w": 0}"#.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var out: [UInt8] = []
        let counts = try StreamedEdit([.remove("v")]).run(contentsOf: url) { out.append(contentsOf: $0) }.matches
        #expect(counts == [1])
        #expect(String(decoding: out, as: UTF8.self) == #"{"w": 0}"#)
        let descriptor = open(url.path, O_RDONLY)
        defer { close(descriptor) }
        out = []
        _ = try StreamedEdit([.set("w", to: "x")]).run(fileDescriptor: descriptor) { out.append(contentsOf: $0) }
        #expect(String(decoding: out, as: UTF8.self) == #"{"v": [1, 2], "w": "x"}"#)
    }

    /// `items.tags[0]` counts the first `tags` array's elements on the bet
    /// that it is the only value; when a second `tags` comes, the input is
    /// edited again with that array as one value, as the tree takes it:
    /// at once when nothing was written yet, else after `restart` took back
    /// what was. Without a way to take it back, or from a pipe, the edit
    /// fails as not streamable.
    @Test(arguments: [Edit.set("items.tags[0]", to: 9), .remove("items.tags[0]"), .set("items.tags[0:2]", to: "x")])
    func aLostBetEditsTheInputAgain(_ edit: Edit) throws {
        let small = Array(#"{"items": [{"tags": [1, 2]}, {"n": 0}, {"tags": [3]}]}"#.utf8)
        let pad = String(repeating: "x", count: 1_000)
        let large = Array(("{\"items\": [{\"tags\": [1, 2]}, " + (0..<600).map { _ in "{\"p\": \"\(pad)\"}, " }.joined()
            + "{\"tags\": [3]}]}").utf8)
        for input in [small, large] {
            let expected = try DocumentEditor(bytes: input).applying([edit]).bytes
            for chunk in [nil, 5, 4096] {
                var out: [UInt8] = []
                var restarts = 0
                let summary = try StreamedEdit([edit]).run(ChunkedInput(bytes: input, sliceSize: chunk), restart: {
                    restarts += 1
                    out = []
                }) { out.append(contentsOf: $0) }
                #expect(out == expected, "\(edit) in chunks of \(chunk ?? 0)")
                // The first array; both, for the slice.
                #expect(summary.matches == [edit.path.hasSuffix("[0:2]") ? 2 : 1])
                // Only what went out is taken back: the large input's first reading wrote blocks.
                #expect(restarts == (input == large && chunk != nil ? 1 : 0), "\(edit) in chunks of \(chunk ?? 0)")
            }
        }
        // Written, and no restart: not streamable.
        let failure = #expect(throws: QueryError.self) {
            try StreamedEdit([edit]).run(ChunkedInput(bytes: large, sliceSize: 4096)) { _ in }
        }
        #expect(failure?.kind == .notStreamable)
        // Small, through the public API: nothing was written, so it is read again.
        // A file of its own: the three cases run at once, in one process.
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("streamed-edit-bet-\(UUID().uuidString).json")
        try Data(small).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var out: [UInt8] = []
        try StreamedEdit([edit]).run(contentsOf: url) { out.append(contentsOf: $0) }
        #expect(out == (try DocumentEditor(bytes: small).applying([edit]).bytes))
    }

    /// An index or slice from the end after keys (and `*`) that pass through an
    /// array's elements (`e.p.c[-1]`, one `c` per element) counts over the
    /// values when several reach it: they are counted in a pass of their own
    /// and the edit runs with the index from the start over them, giving
    /// the tree's bytes; one value alone is still indexed into.
    @Test(arguments: ["e.p.c[-1]", "e.p.c[-2]", "e.p.c[-3:]", "e.p.c[:-1]", "e.p.c[-5:-2]", "e.p.c[-1][0]", "e.*.c[-1]", "e.*.c[-2:]"])
    func aPositionFromTheEndOverSeveralValuesCountsThemFirst(_ path: String) throws {
        let pad = String(repeating: "x", count: 1_000)
        let small = #"{"e": [{"p": {"c": [1, 2]}}, {"p": {"c": [3]}}, {"p": {"x": 0}}, {"p": {"c": [4, 5, 6]}}]}"#
        let large = "{\"e\": [{\"p\": {\"c\": [1, 2]}}, " + (0..<400).map { _ in "{\"q\": \"\(pad)\"}, " }.joined()
            + "{\"p\": {\"c\": [3]}}, {\"p\": {\"x\": 0}}, {\"p\": {\"c\": [4, 5, 6]}}]}"
        let lone = #"{"e": [{"p": {"c": [1, 2, 3]}}, {"p": {"x": 0}}]}"#
        for text in [small, large, lone] {
            let input = Array(text.utf8)
            for edit in [Edit.set(path, to: 7), .remove(path)] {
                let expected = try DocumentEditor(bytes: input).applying([edit]).bytes
                // One value, with two positions: the prefix stops at `e.p`, which reaches two, as before.
                if text == lone, path.hasSuffix("[0]") {
                    #expect(throws: QueryError.self) { try StreamedEdit([edit]).run(ChunkedInput(bytes: input), to: { _ in }) }
                    continue
                }
                for chunk in [nil, 7, 4096] {
                    var out: [UInt8] = []
                    try StreamedEdit([edit]).run(ChunkedInput(bytes: input, sliceSize: chunk), restart: { out = [] }) {
                        out.append(contentsOf: $0)
                    }
                    #expect(out == expected, "\(edit) on \(text.prefix(40)) in chunks of \(chunk ?? 0)")
                }
            }
        }
    }

    /// Counting the values first needs a second reading: a pipe is refused;
    /// a position past them all matches nothing.
    @Test func aPositionFromTheEndOverSeveralValuesFromAPipeOrPastThemAll() throws {
        let text = #"{"e": [{"p": {"c": [1, 2]}}, {"p": {"c": [3]}}]}"#
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        #expect(Array(text.utf8).withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) } == text.utf8.count)
        close(ends[1])
        let piped = #expect(throws: QueryError.self) {
            try StreamedEdit([.remove("e.p.c[-1]")]).run(
                ChunkedInput(descriptor: ends[0], closesOnEnd: true, label: "(pipe)"), to: { _ in })
        }
        #expect(piped?.kind == .notStreamable)
        #expect(piped?.message.contains("reach several values") == true)
        let past = #expect(throws: QueryError.self) {
            try StreamedEdit([.remove("e.p.c[-3]")]).run(ChunkedInput(bytes: Array(text.utf8)), to: { _ in })
        }
        #expect(past?.kind == .noMatch)
    }
}

import DocQuery
import DocTree
import Foundation
import Testing
import TestSupport

/// Streamed edits of JSON with comments (``StreamedEdit`` with
/// `LoadOptions.readsJSONWithComments`): the held-whole editor's bytes, by
/// the same gap rules, in chunks of any size; or its error; or, for a
/// member of the root that goes or comes, a refusal that says why.
@Suite struct JSONWithCommentsStreamedTests {
    static let options = JSONWithCommentsCorpusTests.options

    static let settings = """
        // Settings
        {
          "editor.fontSize": 14, // points
          /* "old": 1, */
          "files.exclude": {
            "dotgit": true, // hidden
            // more to come
            "modules": true,
          },
          "empty": {},
          "list": [1, /* two */ 2,],
          "nested": {"a": {"b": [ ]}}, // one line
        }

        """

    /// What the held-whole editor gives, or its error as kind and message.
    static func held(_ edit: Edit, _ bytes: [UInt8]) -> Result<[UInt8], QueryError> {
        do {
            return .success(try DocumentEditor(bytes: bytes, options: options).applying([edit]).bytes)
        } catch let error as QueryError {
            return .failure(error)
        } catch {
            Issue.record("\(edit): \(error)")
            return .failure(QueryError(.invalidEdit, "\(error)", path: "", range: 0..<0))
        }
    }

    @Test(arguments: [
        Edit.set(#"editor\.fontSize"#, to: 16), .set(#"files\.exclude.*"#, to: false), .set("list[1]", to: "two"),
        .remove(#"files\.exclude.dotgit"#), .remove(#"files\.exclude.modules"#), .remove(#"files\.exclude.*"#),
        .remove("list[0]"), .remove("list[1]"), .remove("nested.a"), .rename(#"files\.exclude.dotgit"#, to: "git"),
        .insert(1, into: #"files\.exclude"#, key: "x"), .insert(1, into: #"files\.exclude"#, key: "x", at: 0),
        .insert(2, into: "empty", key: "k"), .insert(3, into: "list"), .insert(3, into: "nested.a.b"),
        .insert(["a": 1], into: "empty", key: "o"), .insert(4, before: "list[1]"), .set("nested", to: ["a": [1, 2]]),
        .set(#"files\.exclude"#, to: ["x": true]),
    ])
    func sameBytesAsHeldWholeAtEveryChunkSize(_ edit: Edit) throws {
        let input = Array(Self.settings.utf8)
        let expected = try Self.held(edit, input).get()
        #expect(expected != input)
        for chunk in [1, 2, 3, 5, 8, 13, 64, nil] {
            let got = try StreamedEditTests.streamed([edit], input, chunk: chunk, options: Self.options).bytes
            #expect(String(decoding: got, as: UTF8.self) == String(decoding: expected, as: UTF8.self), "\(edit) in chunks of \(chunk ?? 0)")
        }
    }

    /// An edit that fails held whole fails streamed with the same kind and message.
    @Test(arguments: [
        Edit.insert(1, into: #"files\.exclude"#, key: "dotgit"), .rename(#"files\.exclude.dotgit"#, to: "modules"),
        .insert(1, into: #"editor\.fontSize"#), .insert(1, into: "list", key: "k"), .insert(1, into: "empty"),
    ])
    func sameErrorAsHeldWhole(_ edit: Edit) throws {
        let input = Array(Self.settings.utf8)
        guard case .failure(let expected) = Self.held(edit, input) else {
            Issue.record("\(edit) did not fail held whole")
            return
        }
        for chunk in [1, 7, nil] {
            do {
                _ = try StreamedEditTests.streamed([edit], input, chunk: chunk, options: Self.options)
                Issue.record("\(edit) streamed")
            } catch let error as QueryError {
                #expect(error.kind == expected.kind && error.message == expected.message, "\(edit): \(error) ≠ \(expected)")
            }
        }
    }

    /// Removing, renaming or inserting a member of the root does not stream:
    /// the comments around it decide what goes and where.
    @Test func membersOfTheRootDoNotStream() throws {
        let input = Array(Self.settings.utf8)
        for edit: Edit in [.remove(#"editor\.fontSize"#), .rename("list", to: "l"), .insert(1, into: ".", key: "k")] {
            #expect(throws: QueryError.self) {
                do {
                    _ = try StreamedEditTests.streamed([edit], input, options: Self.options)
                } catch let error as QueryError {
                    #expect(error.kind == .notStreamable, "\(edit)")
                    #expect(error.message.contains("cannot stream"), "\(error.message)")
                    throw error
                }
            }
            // The same edit on strict JSON streams.
            #expect((try? StreamedEdit([edit])) != nil, "\(edit)")
        }
    }

    /// New children of an empty container follow the document's trailing
    /// commas, which a stream may learn only after the insert (the first
    /// multi-line container to close comes later): held until then.
    @Test func trailingCommaStyleLearntLater() throws {
        for (text, comma) in [
            ("{\n  \"x\": {\"e\": []},\n  \"y\": [\n    1,\n  ],\n}\n", true),
            ("{\n  \"x\": {\"e\": []},\n  \"y\": [\n    1\n  ],\n}\n", false),
            ("{\"x\": {\"e\": []}}", false),
        ] {
            let input = Array(text.utf8)
            let edit = Edit.insert(7, into: "x.e")
            let expected = try Self.held(edit, input).get()
            #expect(String(decoding: expected, as: UTF8.self).contains("7,") == comma, "\(text)")
            for chunk in [1, 4, nil] {
                let got = try StreamedEditTests.streamed([edit], input, chunk: chunk, options: Self.options).bytes
                #expect(got == expected, "\(text) in chunks of \(chunk ?? 0)")
            }
        }
    }

    /// An array of elements with comments and trailing commas in and
    /// between them, about 400 KB.
    static let list: [UInt8] = {
        let elements = (0..<4000).map { k in
            "    {\"id\": \(k), \"name\": \"n\(k)\", /* note */ \"tags\": [\(k),],}, // element \(k)\n    // between\n"
        }
        return Array(("// list\n{\n  \"items\": [\n" + elements.joined() + "  ],\n  \"end\": true,\n}\n").utf8)
    }()

    /// Edits that change elements but remove none whole stream a batch of
    /// elements at a time in JSON with comments too (a cap far below the
    /// array's size holds), with the held-whole editor's bytes; one that
    /// removes elements whole holds the array, and the cap refuses it.
    @Test(arguments: [
        Edit.set("items[?id == 7].name", to: "seven"), .set("items[?id > 3990]", to: ["id": 0]), .remove("items.tags"),
        .remove("items[?id < 3].name"), .insert(1, into: "items[?id == 5]", key: "k"), .rename("items[?id > 3990].tags", to: "t"),
    ])
    func elementsComeInBatches(_ edit: Edit) throws {
        #expect(Self.list.count > 300_000)
        let expected = try Self.held(edit, Self.list).get()
        #expect(expected != Self.list)
        for chunk in [1, 7, 4096] {
            var out: [UInt8] = []
            try StreamedEdit([edit], options: Self.options, maxHeld: 100_000).run(ChunkedInput(bytes: Self.list, sliceSize: chunk)) {
                out.append(contentsOf: $0)
            }
            #expect(String(decoding: out, as: UTF8.self) == String(decoding: expected, as: UTF8.self), "\(edit) in chunks of \(chunk)")
        }
    }

    /// Whether `edits` streamed over `input` under a cap far below its size,
    /// in chunks of 4,093 bytes and in one piece, give the held-whole
    /// editor's bytes, or an error of the same kind; records an issue
    /// naming `context` when they do not.
    static func streamsAsHeld(_ edits: [Edit], _ input: [UInt8], _ context: String) -> Bool {
        let expected = Result { try DocumentEditor(bytes: input, options: options).applying(edits).bytes }
        for chunk in [4093, nil] {
            var out: [UInt8] = []
            let got = Result { () throws -> [UInt8] in
                try StreamedEdit(edits, options: options, maxHeld: 100_000).run(ChunkedInput(bytes: input, sliceSize: chunk)) {
                    out.append(contentsOf: $0)
                }
                return out
            }
            let same = switch (expected, got) {
            case (.success(let want), .success(let got)): want == got
            case (.failure(let want as QueryError), .failure(let got as QueryError)): want.kind == got.kind
            default: false
            }
            #expect(same, "\(context), \(edits), chunks of \(chunk ?? 0): \(got.map { _ in "bytes" })")
            if !same { return false }
        }
        return true
    }

    /// An array of 3,000 records in one of three layouts with comments: a
    /// line comment after each element and comment lines between them, a
    /// trailing comma, a comment after the opening bracket; comments
    /// between elements on one line; commas first, with comments.
    static func commented(layout: Int) -> [UInt8] {
        let records = (0..<3000).map { #"{"id": \#($0), "pad": "\#(String(repeating: "x", count: 40))"}"# }
        let array = switch layout {
        case 0: "[ // open\n    " + records.enumerated().map { "\($1), // e\($0)\n    " + ($0 % 7 == 0 ? "// seven\n    " : "") }.joined() + "\n  ]"
        case 1: "[" + records.joined(separator: ", /* c */ ") + "]"
        default: "[\n    " + records.enumerated().map { $0 % 5 == 0 ? "\($1) // five\n    " : "\($1)\n    " }.joined(separator: ", ") + "]"
        }
        return Array("// list\n{\n  \"items\": \(array),\n  \"end\": true\n}\n".utf8)
    }

    /// Removing elements whole streams a batch at a time too (a cap far
    /// below the array's size holds), with the held-whole editor's bytes:
    /// none, all, the first, the last, every other, runs across batches,
    /// all but the first or the last, on three layouts, in chunks small and large.
    @Test(arguments: 0..<3)
    func removalsAcrossBatchesAreTheEditors(layout: Int) throws {
        let input = Self.commented(layout: layout)
        #expect(input.count > 200_000)
        let filters = [
            "id < 0", "id >= 0", "id == 0", "id == 2999", "id > 1500", "id < 900", "id > 100 && id < 2900",
            "id > 0", "id < 2999", "id > 600 && id < 2400 || id == 5 || id == 2998",
        ]
        for filter in filters {
            guard Self.streamsAsHeld([.remove("items[?\(filter)]")], input, "layout \(layout)") else { return }
        }
        // Removals beside sets inside elements, as one transaction.
        let edits: [Edit] = [.remove("items[?id > 10 && id < 2000]"), .set("items[?id == 5 || id == 2500].pad", to: "kept")]
        let expected = try DocumentEditor(bytes: input, options: Self.options).applying(edits).bytes
        #expect(try StreamedEditTests.streamed(edits, input, chunk: 4093, options: Self.options).bytes == expected)
    }

    /// An index or slice from the start of the array (`items[5]`,
    /// `items[10:20]`) names elements by ordinal across batches: removals and
    /// sets stream a batch at a time with the held-whole editor's bytes, a
    /// miss fails as held whole does, and several such edits, beside a
    /// filter, are one transaction.
    @Test(arguments: 0..<3)
    func indexesAcrossBatchesAreTheEditors(layout: Int) throws {
        let input = Self.commented(layout: layout)
        let paths = ["[0]", "[1]", "[1500]", "[2999]", "[3000]", "[0:0]", "[1:3]", "[100:2900]", "[:700]", "[2500:]", "[2999:]", "[5000:]"]
        for path in paths {
            guard Self.streamsAsHeld([.remove("items\(path)")], input, "layout \(layout)"),
                  Self.streamsAsHeld([.set("items\(path)", to: ["id": -1])], input, "layout \(layout)")
            else { return }
        }
        let transaction: [Edit] = [
            .remove("items[5]"), .remove("items[1000:1200]"), .set("items[2500].pad", to: "kept"), .remove("items[?id > 2990]"),
        ]
        #expect(try StreamedEdit(transaction, options: Self.options).spreadsJSONArrays)
        _ = Self.streamsAsHeld(transaction, input, "layout \(layout)")
        // A filter then an index is counted in a first pass here (strict
        // JSON counts it as the batches go by), so a cap far below the
        // array's size holds.
        let kept: [Edit] = [.set("items[?id > 100][500].pad", to: "x")]
        #expect(try StreamedEdit(kept, options: Self.options).spreadsJSONArrays)
        _ = Self.streamsAsHeld(kept, input, "layout \(layout)")
        var out: [UInt8] = []
        _ = try StreamedEdit(kept, options: Self.options, maxHeld: 100_000).run(ChunkedInput(bytes: input)) { out.append(contentsOf: $0) }
        #expect(out == (try DocumentEditor(bytes: input, options: Self.options).applying(kept).bytes))
        #expect(input.count > 2 * 100_000)
    }

    /// An array at the root streams as one below it: its elements come in
    /// batches, and removals keep its comments by the same rules.
    @Test(arguments: 0..<3)
    func aRootArrayStreamsToo(layout: Int) throws {
        let nested = String(decoding: Self.commented(layout: layout), as: UTF8.self)
        let array = nested[nested.range(of: "\"items\": ")!.upperBound..<nested.range(of: ",\n  \"end\"")!.lowerBound]
        let input = Array("// list\n\(array) // end\n".utf8)
        for edits: [Edit] in [[.remove("[?id > 1500]")], [.remove("[5]")], [.remove("[0:2000]")], [.set("[?id == 7].pad", to: "x")]] {
            guard Self.streamsAsHeld(edits, input, "layout \(layout)") else { return }
        }
    }
}

import DocQuery
import DocTree
import Testing
import TestSupport

/// A filter over a long array's elements streams element by element (the
/// array comes in batches of about 64 KiB): sets inside the matched
/// elements, and removals of the elements themselves, whose runs and
/// commas span batches, give the in-memory editor's bytes.
@Suite struct JSONStreamedFilterTests {
    /// An array of `count` records below the root, laid out by `gap` (what
    /// goes between elements) with `lead` after `[` and `tail` before `]`.
    static func document(count: Int, gap: String, lead: String, tail: String) -> [UInt8] {
        let records = (0..<count).map { #"{"id": \#($0), "name": "n\#($0)", "pad": "\#(String(repeating: "x", count: 40))"}"# }
        return Array("{\"head\": 1, \"items\": [\(lead)\(records.joined(separator: gap))\(tail)], \"end\": true}\n".utf8)
    }

    /// Three layouts (gap, lead, tail): one line, one element a line, odd spacing.
    static let layouts = [(", ", "", ""), (",\n    ", "\n    ", "\n  "), (" ,  ", "  ", " ")]

    /// Removal patterns: none, all, the first, the last, every other, runs
    /// across the batch boundary (about element 700), all but the first or
    /// the last; on three layouts; in chunks small and large.
    @Test func removalsAcrossBatchesAreTheEditors() throws {
        let count = 2_000
        let filters = [
            "id < 0", "id >= 0", "id == 0", "id == 1999", "id > 1500", "id < 900", "id > 100 && id < 1900",
            "id > 0", "id < 1999", "id > 600 && id < 1400 || id == 5 || id == 1998",
        ]
        var removed = 0
        for (gap, lead, tail) in Self.layouts {
            let input = Self.document(count: count, gap: gap, lead: lead, tail: tail)
            let editor = try DocumentEditor(bytes: input)
            for filter in filters {
                let edits: [Edit] = [.remove("items[?\(filter)]")]
                let want = Result { try editor.applying(edits).bytes }
                for chunk in [4093, nil] {
                    let got = Result { try StreamedEditTests.streamed(edits, input, chunk: chunk) }
                    switch (want, got) {
                    case (.success(let want), .success(let got)):
                        let same = got.bytes == want
                        #expect(same, "\(filter) with gap \(gap.debugDescription)")
                        if !same { return }
                        removed += got.counts[0]
                    case (.failure(let want as QueryError), .failure(let got as QueryError)):
                        #expect(want.kind == got.kind)
                    default:
                        Issue.record("\(filter): in memory \(want), streamed \(got)")
                    }
                }
            }
        }
        #expect(removed > 10_000)
    }

    /// Sets, renames and removals inside the matched elements, several as
    /// one transaction, and a conflict between removing an element and
    /// setting inside it.
    @Test func editsInsideMatchedElementsAreTheEditors() throws {
        let input = Self.document(count: 2_000, gap: ",\n    ", lead: "\n    ", tail: "\n  ")
        let editor = try DocumentEditor(bytes: input)
        let transactions: [[Edit]] = [
            [.set("items[?id == 7].name", to: "seven")],
            [.set("items[?id > 1990].name", to: ["a": [1, 2]]), .remove("items[?id < 3].pad")],
            [.rename("items[?id == 700].pad", to: "padding"), .remove("items[?id == 701]")],
            [.remove("items[?id > 5]"), .set("items[?id == 0].name", to: 0)],
            [.set("items.name", to: nil), .remove("items[?id >= 1000].pad")],
        ]
        for edits in transactions {
            let want = try editor.applying(edits).bytes
            for chunk in [1000, nil] {
                let same = try StreamedEditTests.streamed(edits, input, chunk: chunk).bytes == want
                #expect(same, "\(edits)")
            }
        }
        #expect { try StreamedEditTests.streamed([.remove("items[?id == 9]"), .set("items[?id == 9].name", to: 1)], input) } throws: {
            ($0 as? QueryError)?.kind == .conflictingEdits
        }
    }

    /// Edits inside a few elements of several batches (each such element
    /// is loaded and planned alone), beside removals of other elements, on
    /// every layout: new nested content, renames, removals of members, and
    /// an element replaced whole.
    @Test func editsInsideScatteredElementsAreTheEditors() throws {
        let few = "id == 0 || id == 350 || id == 701 || id == 702 || id == 1999"
        // Each with how many nodes its edits match.
        let transactions: [([Edit], [Int])] = [
            ([.set("items[?\(few)].name", to: "x")], [5]),
            ([.set("items[?\(few)].name", to: ["a": [1, 2]])], [5]),
            ([.rename("items[?\(few)].pad", to: "p"), .remove("items[?id == 500 || id == 703 || id == 1998]")], [5, 3]),
            ([.remove("items[?\(few)].pad"), .set("items[?id == 4]", to: ["b": true])], [5, 1]),
        ]
        for (gap, lead, tail) in Self.layouts {
            let input = Self.document(count: 2_000, gap: gap, lead: lead, tail: tail)
            let editor = try DocumentEditor(bytes: input)
            for (edits, counts) in transactions {
                let want = try editor.applying(edits).bytes
                for chunk in [999, nil] {
                    let got = try StreamedEditTests.streamed(edits, input, chunk: chunk)
                    #expect(got.bytes == want, "\(edits) with gap \(gap.debugDescription)")
                    #expect(got.counts == counts)
                }
            }
        }
    }

    /// Edits inside a fifth of each batch's elements (planned together,
    /// apart from the others, then cut apart again), on lines indented
    /// differently, with comments inside elements in JSON with comments;
    /// beside them an insert next to elements and a set of elements
    /// themselves, whose patches are not inside one element.
    @Test func editsInsideManyElementsOfABatchAreTheEditors() throws {
        for comments in [false, true] {
            let records = (0..<3_000).map { n in
                let note = comments ? " /* r\(n) */" : ""
                let inner = n % 3 == 0 ? #"{"a": [1,\#n      2]}"# : "[]"
                return #"{"id": \#(n), "k": \#(n % 5),\#(note) "in": \#(inner), "name": "n\#(n)"}"#
            }
            var body = ""
            for (n, record) in records.enumerated() {
                body += (n == 0 ? "\n  " : n % 2 == 0 ? ",\n  " : ",\n      ") + record
            }
            let input = Array("{\"items\": [\(body)\n]}\n".utf8)
            var options = LoadOptions()
            options.readsJSONWithComments = comments
            let editor = try DocumentEditor(bytes: input, options: options)
            let transactions: [([Edit], [Int])] = [
                ([.set("items[?k == 0].name", to: "x")], [600]),
                ([.set("items[?k == 1].in", to: ["b": [true, nil]]), .rename("items[?k == 2].name", to: "label")], [600, 600]),
                ([.remove("items[?k == 3].in.a"), .set("items[?k == 4]", to: ["c": 1])], [200, 600]),
                ([.insert(["new": 1], after: "items[?k == 0]"), .set("items[?k == 1].name", to: 7)], [600, 600]),
            ]
            for (edits, counts) in transactions {
                let want = try editor.applying(edits).bytes
                for chunk in [997, nil] {
                    let got = try StreamedEditTests.streamed(edits, input, chunk: chunk, options: options)
                    #expect(got.bytes == want, "\(edits), comments: \(comments)")
                    #expect(got.counts == counts)
                }
            }
        }
    }

    /// Indexes and slices from the start of the array name elements by
    /// ordinal across batches: several of them beside a filter are one
    /// transaction that holds a batch at a time, with the editor's bytes.
    @Test func indexesFromTheStartAreOneTransaction() throws {
        let edits: [Edit] = [
            .remove("items[5]"), .set("items[1500].name", to: "x"), .remove("items[690:720]"), .remove("items[?id > 1990 && id < 1999]"),
            .set("items[1999:].pad", to: "last"),
        ]
        for (gap, lead, tail) in Self.layouts {
            let input = Self.document(count: 2_000, gap: gap, lead: lead, tail: tail)
            let want = try DocumentEditor(bytes: input).applying(edits).bytes
            for chunk in [4093, nil] {
                var out: [UInt8] = []
                let counts = try StreamedEdit(edits, maxHeld: 100_000).run(ChunkedInput(bytes: input, sliceSize: chunk)) {
                    out.append(contentsOf: $0)
                }.matches
                #expect(counts == [1, 1, 30, 8, 1])
                #expect(out == want, "gap \(gap.debugDescription), chunks of \(chunk ?? 0)")
            }
        }
    }

    /// Indexes and slices from the end name elements once the array ends:
    /// the batches that may hold them wait, the others go out as they come,
    /// and the result is the editor's, beside filters, removals whose runs
    /// span batches, and on an array at the root; an index past the first
    /// element matches nothing, as in memory.
    /// Checks that each of `transactions` streamed over `input` (in chunks
    /// small and whole) gives the bytes and counts held whole gives, or
    /// that both miss.
    static func expectStreamedAsInMemory(
        _ transactions: [[Edit]], on input: [UInt8], gap: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let editor = try DocumentEditor(bytes: input)
        for edits in transactions {
            let want = Result { () throws -> (bytes: [UInt8], counts: [Int]) in
                var edited = editor
                let summary = try edited.apply(edits)
                return (edited.bytes, summary.matches)
            }
            for chunk in [4093, nil] {
                let got = Result { try StreamedEditTests.streamed(edits, input, chunk: chunk) }
                switch (want, got) {
                case (.success(let want), .success(let got)):
                    let same = got.bytes == want.bytes
                    #expect(same, "\(edits), gap \(gap.debugDescription), chunks of \(chunk ?? 0)", sourceLocation: sourceLocation)
                    #expect(got.counts == want.counts, sourceLocation: sourceLocation)
                case (.failure(let want as QueryError), .failure(let got as QueryError)):
                    #expect(want.kind == got.kind && got.kind == .noMatch, "\(edits)", sourceLocation: sourceLocation)
                default:
                    Issue.record("\(edits): in memory \(want), streamed \(got)", sourceLocation: sourceLocation)
                }
            }
        }
    }

    /// An index after a filter (`items[?id > 5][3]`) counts what the filter
    /// keeps across the batches, as the array held whole; the array is
    /// spread. A first element kept that is an array is refused: were it
    /// the only one, the index would count into it.
    @Test func anIndexAfterAFilterCountsWhatItKeeps() throws {
        let transactions: [[Edit]] = [
            [.set("items[?id > 5][0].name", to: "x")], [.remove("items[?name =~ '7$'][150]")], [.set("items[?id > 690][3]", to: 1)],
            [.remove("items[?id > 1990][9]")], [.remove("items[?id > 1990][10]")], [.rename("items[?id == 1500][0].name", to: "nm")],
            [.set("items[?name =~ '[13579]$'][400].name", to: "odd"), .remove("items[?id < 3]"), .set("items[-1].pad", to: "p")],
            [.insert(1, into: "items[?id > 3][2]", key: "new"), .insert("b", before: "items[5]")],
        ]
        for (gap, lead, tail) in Self.layouts {
            try Self.expectStreamedAsInMemory(transactions, on: Self.document(count: 2_000, gap: gap, lead: lead, tail: tail), gap: gap)
        }
        for edits in transactions { #expect(try StreamedEdit(edits).spreadsJSONArrays, "\(edits)") }
        // One element, alone in its array: the filter tests it.
        try Self.expectStreamedAsInMemory([[.set("items[?id == 0][0].name", to: "x")]], on: Self.document(count: 1, gap: ", ", lead: "", tail: ""), gap: ", ")
        let arrays = Array("{\"items\": [[1, 2], [3], {\"id\": 1}]}".utf8)
        #expect { try StreamedEditTests.streamed([.set("items[?[0] > 0][0]", to: "x")], arrays) } throws: { error in
            (error as? QueryError)?.kind == .notStreamable && "\(error)".contains("first element it keeps is an array")
        }
    }

    @Test func indexesFromTheEndHoldTheLastElements() throws {
        let transactions: [[Edit]] = [
            [.set("items[-1].name", to: "x")], [.remove("items[-1]")], [.remove("items[-800:]")], [.remove("items[:-3]")],
            [.set("items[-1500].name", to: "x"), .remove("items[2:-1990]")], [.set("items[1:-1].pad", to: "p")],
            [.remove("items[-2]"), .remove("items[?id < 3]"), .set("items[-700:-690].name", to: ["k": [1, 2]])],
            [.set("items[-2000].name", to: "first")], [.set("items[-2001].name", to: "none")],
        ]
        for (gap, lead, tail) in Self.layouts {
            let input = Self.document(count: 2_000, gap: gap, lead: lead, tail: tail)
            try Self.expectStreamedAsInMemory(transactions, on: input, gap: gap)
            // Elements of 64 KiB or more come one a batch, each counting one.
            let large = Array("{\"items\": [\(lead)\((0..<6).map { "\"\(String(repeating: "\($0)", count: 70_000))\"" }.joined(separator: gap))\(tail)]}".utf8)
            let ordinals: [Edit] = [.set("items[4]", to: "four"), .remove("items[-3]"), .set("items[1:-4]", to: 1)]
            let sameLarge = try StreamedEditTests.streamed(ordinals, large, chunk: 4093).bytes == (try DocumentEditor(bytes: large).applying(ordinals).bytes)
            #expect(sameLarge, "gap \(gap.debugDescription)")
            let root = Array("[\(lead)\((0..<2_000).map { "{\"id\": \($0)}" }.joined(separator: gap))\(tail)]\n".utf8)
            let edits: [Edit] = [.remove("[-1]"), .set("[-3:-1].id", to: 0)]
            #expect(try StreamedEditTests.streamed(edits, root, chunk: 4093).bytes == (try DocumentEditor(bytes: root).applying(edits).bytes))
        }
    }

    /// Inserts beside elements go by in batches: new elements take the
    /// separator of the array's first two elements (which the first batch
    /// holds, or with elements of 64 KiB or more, the first two batches),
    /// and one after a batch's last goes before the next batch's first, in
    /// edit order beside the inserts there, or at the end of the array.
    @Test func insertsBesideElementsAreTheEditors() throws {
        let value: EditValue = ["k": [1, 2]]
        let transactions: [[Edit]] = [
            [.insert(value, before: "items[0]")], [.insert(value, after: "items[0]")],
            [.insert(7, after: "items[-1]")], [.insert("s", before: "items[?id > 1990]")],
            [.insert(1, after: "items[?name =~ '99$']"), .set("items[?id == 5].name", to: "x")],
            // Every element: each batch's last too, beside the next's first.
            [.insert(2, before: "items[?id >= 0]"), .insert(value, after: "items[?id >= 0]")],
            [.insert(1, after: "items[?id >= 0]"), .insert(2, before: "items[?id >= 0]")],
        ]
        var inserted = 0
        for (gap, lead, tail) in Self.layouts + [(",\n  ", "\n      ", "\n")] {
            for (count, pad) in [(2_000, 40), (6, 70_000), (1, 10)] {
                let records = (0..<count).map { #"{"id": \#($0), "name": "n\#($0)", "pad": "\#(String(repeating: "x", count: pad))"}"# }
                // The first gap is odd one out: the separator rule reads it.
                let elements = records.count > 1 ? records[0] + ", " + records.dropFirst().joined(separator: gap) : records[0]
                let input = Array("{\"head\": 1, \"items\": [\(lead)\(elements)\(tail)], \"end\": true}\n".utf8)
                let editor = try DocumentEditor(bytes: input)
                for edits in transactions {
                    #expect(try StreamedEdit(edits).spreadsJSONArrays)
                    var want = editor
                    let counts: [Int]
                    do {
                        counts = try want.apply(edits).matches
                    } catch {
                        let kind = (error as? QueryError)?.kind
                        #expect { try StreamedEditTests.streamed(edits, input) } throws: { ($0 as? QueryError)?.kind == kind }
                        continue
                    }
                    for chunk in [4093, nil] {
                        var out: [UInt8] = []
                        let got = try StreamedEdit(edits, maxHeld: 400_000).run(ChunkedInput(bytes: input, sliceSize: chunk)) {
                            out.append(contentsOf: $0)
                        }
                        let same = out == want.bytes
                        #expect(same, "\(edits), \(count) elements, gap \(gap.debugDescription), chunks of \(chunk ?? 0)")
                        #expect(got.matches == counts)
                        inserted += got.matches.reduce(0, +)
                    }
                }
            }
        }
        #expect(inserted > 1_000)
        // Beside a removal of elements, or among comments, the array is held whole.
        let input = Self.document(count: 2_000, gap: ",\n    ", lead: "\n    ", tail: "\n  ")
        let edits: [Edit] = [.insert(1, after: "items[3]"), .remove("items[?id == 7]")]
        #expect(try !StreamedEdit(edits).spreadsJSONArrays)
        // At the root, that array is the whole document: refused, saying why.
        #expect { try StreamedEdit([.insert(1, after: "[3]"), .remove("[?id == 7]")]) } throws: { error in
            (error as? QueryError)?.kind == .notStreamable && "\(error)".contains("'[3]' inserts beside the root array's elements")
        }
        var comments = LoadOptions()
        comments.readsJSONWithComments = true
        #expect(try !StreamedEdit([.insert(1, after: "items[3]")], options: comments).spreadsJSONArrays)
        #expect(try StreamedEditTests.streamed(edits, input).bytes == (try DocumentEditor(bytes: input).applying(edits).bytes))
        #expect { try StreamedEdit(edits, maxHeld: 100_000).run(ChunkedInput(bytes: input)) { _ in } } throws: { error in
            (error as? QueryError)?.kind == .notStreamable && "\(error)".contains("100000 bytes")
        }
    }

    /// An object or array set on elements themselves is laid out as in the
    /// whole array: over lines when the array's elements are on lines of
    /// their own, else on one line; whether one element is edited alone or
    /// the batch is planned whole.
    @Test func nestedContentOnElementsIsLaidOutAsInTheArray() throws {
        let value: EditValue = ["k": [1, 2]]
        // Strings: no nested object or array says new ones stay on one line.
        for (gap, lead, tail) in Self.layouts {
            let strings = (0..<20_000).map { "\"s\($0)\"" }.joined(separator: gap)
            let input = Array("{\n  \"items\": [\(lead)\(strings)\(tail)],\n  \"end\": {}\n}\n".utf8)
            for path in ["items[?. == 's7']", "items[?. != '']", "items[15000]", "items[0]"] {
                let edits: [Edit] = [.set(path, to: value)]
                let want = try DocumentEditor(bytes: input).applying(edits).bytes
                #expect(try StreamedEditTests.streamed(edits, input, chunk: 4093).bytes == want, "\(path), gap \(gap.debugDescription)")
            }
        }
    }

    /// The elements of an array at the root come in batches as those of an
    /// array below it: filters, indexes and slices from the start, sets
    /// inside and of elements, under a cap far below the document's size.
    /// A filter after a rest's first step (`[0:2][?. > 1]`,
    /// `[?id == 5].tags[?. == 't1']`) opens an array that reaches it alone,
    /// and tests each of several whole. Streamed, it does as the document
    /// does: the elements edited are planned with their batch (apart, fewer
    /// values would reach it), and where a batch, or an element that comes
    /// alone (64 KiB or more), gives it one array of the several that reach
    /// it in the document, the filter tests it whole, on the bet that more
    /// come; when none did, bytes in memory are edited again with the
    /// filter opening it, and a pipe, read once, is refused.
    @Test func laterFiltersTestArraysAsTheDocumentDoes() throws {
        let small = Array("{\"items\": [[0, 1, \"x\"], [1, 2, \"x\"], [2, 3, \"x\"], [3, 4, \"x\"], [4, 5, \"x\"]]}\n".utf8)
        for edits: [Edit] in [
            [.set("items[0:2][?. > 1]", to: 0)], [.remove("items[1:4][?. > 3]")], [.set("items[3:4][?. > 3]", to: 0)],
            [.set("items[-2:][?. > 4]", to: 0)], [.set("items[?. > 3][?. > 4]", to: 0)],
        ] {
            let same = try StreamedEditTests.streamed(edits, small).bytes == (try DocumentEditor(bytes: small).applying(edits).bytes)
            #expect(same, "\(edits)")
        }
        let large = Array("{\"items\": [\((0..<4).map { "[\($0), \($0 + 1), \"\(String(repeating: "x", count: 70_000))\"]" }.joined(separator: ", "))]}".utf8)
        for edits: [Edit] in [[.set("items[1:2][?. > 1]", to: 0)], [.set("items[1:3][?. > 1]", to: 0)], [.remove("items[:][?. == 3]")]] {
            let same = try StreamedEditTests.streamed(edits, large).bytes == (try DocumentEditor(bytes: large).applying(edits).bytes)
            #expect(same, "\(edits)")
        }
        var readEnd = pipeFedByThread(large)
        #expect {
            try StreamedEdit([.set("items[1:2][?. > 1]", to: 0)]).run(
                ChunkedInput(descriptor: readEnd, closesOnEnd: false, label: "(pipe)")) { _ in }
        } throws: { error in
            (error as? QueryError)?.kind == .notStreamable && "\(error)".contains("which only one value reached, an array")
        }
        drainAndClose(readEnd)
        // Tags arrays: one reaches the filter (opened), several in a batch
        // (each tested whole), or one in each of two batches (refused).
        let tagged = (0..<2_000).map { id in
            #"{"id": \#(id), "tags": \#(id == 4 || id == 1990 ? "\"t1\"" : "[\"t0\", \"t1\", \"t2\"]"), "pad": "\#(String(repeating: "x", count: 60))"}"#
        }
        let input = Array("{\"items\": [\(tagged.joined(separator: ",\n  "))]}\n".utf8)
        for edits: [Edit] in [[.remove("items[?id == 5].tags[?. == 't1']")], [.set("items[?id < 20].tags[?. == 't1']", to: 0)]] {
            let same = try StreamedEditTests.streamed(edits, input, chunk: 4093).bytes == (try DocumentEditor(bytes: input).applying(edits).bytes)
            #expect(same, "\(edits)")
        }
        // An array, then a string in a later batch (the array opened first
        // would be wrong); a string, then an array: a first pass finds the
        // targets (`JSONCountedIndex`). From a pipe, read once, the filter
        // tests each whole, on the bet that several reach it, as they do.
        for (first, later) in [(5, 1990), (4, 1991)] {
            let edits: [Edit] = [.remove("items[?id == \(first) || id == \(later)].tags[?. == 't1']")]
            let expected = try DocumentEditor(bytes: input).applying(edits).bytes
            let same = try StreamedEditTests.streamed(edits, input, chunk: 4093).bytes == expected
            #expect(same, "\(edits)")
            readEnd = pipeFedByThread(input)
            var piped: [UInt8] = []
            try StreamedEdit(edits).run(ChunkedInput(descriptor: readEnd, closesOnEnd: false, label: "(pipe)")) { piped.append(contentsOf: $0) }
            drainAndClose(readEnd)
            #expect(piped == expected, "\(edits) from a pipe")
        }
    }

    @Test func aRootArraysElementsComeInBatches() throws {
        let edits: [[Edit]] = [
            [.remove("[?id > 1500]")], [.remove("[?id < 700]")], [.remove("[5]")], [.remove("[100:1900]")],
            [.set("[?id == 7].name", to: "x")], [.set("[1999]", to: ["k": [1, 2]])],
            [.remove("[?id > 10 && id < 1000]"), .set("[1500].pad", to: "kept"), .rename("[?id == 3].name", to: "n")],
        ]
        for (gap, lead, tail) in Self.layouts {
            let records = (0..<2_000).map { #"{"id": \#($0), "name": "n\#($0)", "pad": "\#(String(repeating: "x", count: 40))"}"# }
            let input = Array("[\(lead)\(records.joined(separator: gap))\(tail)]\n".utf8)
            for edits in edits {
                let want = try DocumentEditor(bytes: input).applying(edits).bytes
                var out: [UInt8] = []
                try StreamedEdit(edits, maxHeld: 100_000).run(ChunkedInput(bytes: input, sliceSize: 4093)) { out.append(contentsOf: $0) }
                #expect(out == want, "\(edits), gap \(gap.debugDescription)")
            }
        }
    }

    /// `maxHeld` caps what one value may hold: a filter over the elements
    /// holds a batch at a time, and an index from the end the batches of the
    /// last elements, and both pass a cap far below the array's size; a
    /// slice after `*` after the filter counts over the whole array, and
    /// names more targets than a first pass names one by one
    /// (`JSONCountedIndex.targetLimit`), so the array is held whole, and an
    /// index from the end far from it holds up to its element: both fail,
    /// naming the cap and what held.
    @Test(arguments: [
        ([Edit.set("items[?id == 7].name", to: "x"), .remove("items[?id > 19000]")], [1, 999],
         Edit.set("items[?id > 5].*[0:]", to: "x"), "'[0:]'"),
        ([Edit.set("items[-1].name", to: "x"), .remove("items[-3:-1]")], [1, 2],
         Edit.set("items[-15000].name", to: "x"), "wait for the elements after them"),
    ])
    func maxHeldCapsWhatIsHeld(edits: [Edit], counts: [Int], refused: Edit, reason: String) throws {
        let input = Self.document(count: 20_000, gap: ",\n    ", lead: "\n    ", tail: "\n  ")
        #expect(input.count > 1_500_000)
        let cap = 300_000
        var out: [UInt8] = []
        let matches = try StreamedEdit(edits, maxHeld: cap).run(ChunkedInput(bytes: input, sliceSize: 4096)) { out.append(contentsOf: $0) }.matches
        #expect(matches == counts)
        let same = out == (try DocumentEditor(bytes: input).applying(edits).bytes)
        #expect(same)
        #expect {
            try StreamedEdit([refused], maxHeld: cap).run(ChunkedInput(bytes: input)) { _ in }
        } throws: { error in
            let message = "\(error)"
            return (error as? QueryError)?.kind == .notStreamable && message.contains(reason) && message.contains("\(cap) bytes")
        }
    }
}

/// Where a filter tests the values a prefix reaches themselves, a streamed
/// edit that would need their containers says it cannot stream, and docq
/// (without `--stream`) then gives the in-memory editor's answer.
@Suite struct JSONStreamedFilterLimitsTests {
    @Test func aFilterOnTheReachedValuesThemselves() throws {
        let input = Array(#"{"items": [{"price": 5}, {"price": 6}, {"price": 5}]}"#.utf8)
        let editor = try DocumentEditor(bytes: input)
        // A set needs no container: the same bytes.
        let set: [Edit] = [.set("items.price[?. == 5]", to: 1)]
        #expect(try StreamedEditTests.streamed(set, input).bytes == (try editor.applying(set).bytes))
        for edits: [Edit] in [[.remove("items.price[?. == 5]")], [.rename("items.price[?. == 5]", to: "p")]] {
            _ = try editor.applying(edits)
            #expect { try StreamedEditTests.streamed(edits, input) } throws: { ($0 as? QueryError)?.kind == .notStreamable }
        }
    }

    /// A rest that counts positions over every value the prefix reaches
    /// (`parts[?id][:2][-1]`) edits the first value alone. Where keys through
    /// an array's elements may reach more, a failure of that edit waits for
    /// the end: a second value makes the edit not streamable instead (its
    /// positions count over both, and the tree's answer is another), and
    /// without one the failure is the tree's.
    @Test func aFailureOfTheFirstOfSeveralValuesWaitsForTheEnd() throws {
        let edit = Edit.rename("parts[?id][:2][-1]", to: "nn")
        // In the tree, the second `parts` array: a member, renamed; alone, the first's last object.
        let several = Array(#"[{"parts": [{"id": 1}]}, {"parts": [{"id": 1}, {"id": 2}]}]"#.utf8)
        let renamed = try DocumentEditor(bytes: several).applying([edit]).bytes
        #expect(String(decoding: renamed, as: UTF8.self) == #"[{"parts": [{"id": 1}]}, {"nn": [{"id": 1}, {"id": 2}]}]"#)
        #expect { try StreamedEditTests.streamed([edit], several) } throws: { ($0 as? QueryError)?.kind == .notStreamable }
        // One `parts` array: the filter and the slice open it, and the last object has no key to rename, both ways.
        let lone = Array(#"[{"parts": [{"id": 1}, {"id": 2}]}, {"x": 0}]"#.utf8)
        let held = #expect(throws: QueryError.self) { try DocumentEditor(bytes: lone).applying([edit]) }
        let streamed = #expect(throws: QueryError.self) { try StreamedEditTests.streamed([edit], lone) }
        #expect(held?.kind == .invalidEdit)
        #expect(streamed?.kind == held?.kind)
        #expect(streamed?.message == held?.message)
    }

    /// Values reached through an array's elements (a `b` per element of
    /// `a`) are edited as several, so the filter tests each array whole, as
    /// the tree does, and a candidate that keeps nothing goes out as it
    /// came. When only one array came (the bet lost), bytes in memory or a
    /// file are edited again with the filter opening it; a pipe, read once,
    /// is refused. Keys through objects alone reach one value, which the
    /// filter opens at once.
    @Test func aFilterOnValuesReachedThroughAnArray() throws {
        let pad = String(repeating: "x", count: 1_000)
        let documents = [
            #"{"a": [{"b": [1, 3]}, {"b": [3]}, {"b": 3}, {"c": 3}, {"b": [4]}]}"#,
            #"{"a": [{"b": [1, 3]}, {"c": 0}]}"#,
            #"[{"b": [3, 1]}]"#,
            #"{"a": [{"b": [1, 3]}, "# + (0..<300).map { _ in #"{"p": "\#(pad)"}, "# }.joined() + #"{"c": 1}]}"#,
            #"{"a": {"b": [1, 3, 3]}, "z": [{"b": [3]}]}"#,
        ]
        let edits: [[Edit]] = [
            [.set("a.b[?. == 3]", to: 0)], [.set("[:].b[?. == 3]", to: 0)], [.set("*.b[?. == 3]", to: "x")],
            [.set("a.b[?. == 1]", to: ["k": 1])],
        ]
        for text in documents {
            let input = Array(text.utf8)
            // A slice of an object root would edit the whole document: refused apart.
            for edits in edits where text.hasPrefix("[") || !edits[0].path.hasPrefix("[") {
                let expected = Result {
                    var editor = try DocumentEditor(bytes: input)
                    let matches = try editor.apply(edits).matches
                    return (bytes: editor.bytes, matches: matches)
                }
                for chunk in [nil, 5, 4096] {
                    var out: [UInt8] = []
                    let streamed = Result {
                        try StreamedEdit(edits).run(ChunkedInput(bytes: input, sliceSize: chunk), restart: { out = [] }) {
                            out.append(contentsOf: $0)
                        }
                    }
                    switch (expected, streamed) {
                    case (.success(let held), .success(let summary)):
                        #expect(out == held.bytes, "\(edits) on \(text.prefix(40)) in chunks of \(chunk ?? 0)")
                        #expect(summary.matches == held.matches, "\(edits) on \(text.prefix(40))")
                    case (.failure(let held), .failure(let failure)):
                        #expect((held as? QueryError)?.kind == (failure as? QueryError)?.kind, "\(edits) on \(text.prefix(40))")
                    default:
                        Issue.record("\(edits) on \(text.prefix(40)): \(expected) held, \(streamed) streamed")
                    }
                }
            }
        }
        // From a pipe: several arrays stream; one alone through an array is refused, naming why.
        let several = Array(documents[0].utf8)
        var readEnd = pipeFedByThread(several)
        var out: [UInt8] = []
        try StreamedEdit([.set("a.b[?. == 3]", to: 0)]).run(ChunkedInput(descriptor: readEnd, closesOnEnd: false, label: "(pipe)")) {
            out.append(contentsOf: $0)
        }
        drainAndClose(readEnd)
        #expect(out == (try DocumentEditor(bytes: several).applying([.set("a.b[?. == 3]", to: 0)]).bytes))
        readEnd = pipeFedByThread(Array(documents[1].utf8))
        #expect {
            try StreamedEdit([.set("a.b[?. == 3]", to: 0)]).run(ChunkedInput(descriptor: readEnd, closesOnEnd: false, label: "(pipe)")) { _ in }
        } throws: { error in
            (error as? QueryError)?.kind == .notStreamable && "\(error)".contains("one value only, an array")
        }
        drainAndClose(readEnd)
    }
}

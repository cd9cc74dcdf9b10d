import DocQuery
import DocTree
import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Streamed JSON edits whose index or slice counts what a filter keeps where
/// the batches cannot pick it in one pass (`items[?id > 5][-1]`,
/// `items[?id > 5].tags[1]`, `items[?id > 5][0:10]`): a first pass counts,
/// the edit then names the elements by ordinal; where a step after counts
/// again (`items[?id > 5][2:4].tags[1]`), or an element gives several
/// values, the first pass names each target. The same bytes and counts as the document held
/// whole, in batches of a spread array, holding no more than a batch.
@Suite struct JSONStreamedCountingTests {
    /// Elements with an array of 0 to 3 tags, and a list of 0 to 2 objects.
    static func document(count: Int, gap: String, lead: String, tail: String) -> [UInt8] {
        let records = (0..<count).map { id in
            let tags = (0..<(id % 4)).map { "\"t\($0)\"" }.joined(separator: ", ")
            let parts = (0..<(id % 3)).map { "{\"k\": \(id * 10 + $0)}" }.joined(separator: ", ")
            return #"{"id": \#(id), "name": "n\#(id)", "tags": [\#(tags)], "parts": [\#(parts)], "pad": "\#(String(repeating: "x", count: 40))"}"#
        }
        return Array("{\"head\": 1, \"items\": [\(lead)\(records.joined(separator: gap))\(tail)], \"end\": true}\n".utf8)
    }

    static let transactions: [[Edit]] = [
        // From the end, after the filter.
        [.set("items[?id > 5][-1].name", to: "x")], [.remove("items[?name =~ '7$'][-150]")], [.remove("items[?id > 1990][-10]")],
        [.rename("items[?id == 1500][-1].name", to: "nm")], [.set("items[?id > 1990][-11].name", to: "none")],
        // After keys after the filter: among the values the kept elements give.
        [.set("items[?id > 1990].name[3]", to: "n")], [.set("items[?id > 1000].tags[-2]", to: "t")],
        [.remove("items[?id > 1000].tags[700]")], [.set("items[?id > 20].parts.k[5]", to: 0)],
        [.set("items[?id > 20].parts.k[-1]", to: 0)], [.set("items[?id < 10].parts.k[2]", to: 0)],
        // One value, an array: the index goes into it.
        [.set("items[?id == 1503].tags[-1]", to: "last")], [.remove("items[?id == 1503].tags[0]")],
        [.set("items[?id == 1500].name[0]", to: "one")], [.set("items[?id == 1500].name[1]", to: "none")],
        // Slices: from the start, from the end, running to the end, one element, none.
        [.remove("items[?id > 5][0:10]")], [.set("items[?name =~ '7$'][-20:].name", to: "x")], [.set("items[?id > 1990][3:].name", to: "n")],
        [.set("items[?id > 1000].tags[5:9]", to: 0)], [.remove("items[?id == 1503].tags[1:]")], [.remove("items[?id > 1990][20:30]")],
        [.set("items[?id < 1500][700:750].name", to: "mid"), .remove("items[?id > 1995]")], [.set("items[?id > 20].parts.k[5:9]", to: 0)],
        // Counting again after the counted step, or elements that give several values: the targets, one by one.
        [.set("items[?id > 5][2:4].tags[1]", to: "x")], [.remove("items[?id > 100][10:20].tags[?. == 't1']")],
        [.set("items[?id > 5][-3:].tags[-1]", to: 1)], [.remove("items[?id > 5][1:3][0]")], [.rename("items[?id > 7][-2:][0].name", to: "nm")],
        [.set("items[?id > 1990][1:].parts[?k > 19950].k", to: 0)], [.insert(9, into: "items[?id > 20][5:7].parts[1]")],
        [.set("items[?id > 5][2:4].tags[1]", to: "x"), .remove("items[?id > 1995]")], [.set("items[?id > 5][3000:].tags[1]", to: 0)],
        // Through `*`: the values of every member of the kept elements.
        [.set("items[?id > 5].*[1]", to: 0)], [.remove("items[?id > 1990].*[-3:]")],
        // More targets than are named one by one: the array is held, as before.
        [.set("items[?id > 5][0:].tags[0:]", to: 0)],
        // Beside other edits, and inserts.
        [.set("items[?name =~ '[13579]$'][-400].name", to: "odd"), .remove("items[?id < 3]"), .set("items[-1].pad", to: "p")],
        [.insert(1, into: "items[?id > 3][-2]", key: "new")], [.insert("b", before: "items[?id > 3][-2]")],
    ]

    @Test func countedIndexesNameOneElement() throws {
        for (gap, lead, tail) in JSONStreamedFilterTests.layouts {
            let input = Self.document(count: 2_000, gap: gap, lead: lead, tail: tail)
            try JSONStreamedFilterTests.expectStreamedAsInMemory(Self.transactions, on: input, gap: gap)
        }
        for edits in Self.transactions { #expect(try StreamedEdit(edits).spreadsJSONArrays, "\(edits)") }
    }

    /// At the root, where the edits as given do not stream at all: the
    /// first pass counts, or, from a pipe (read once), the refusal says
    /// why, under the index.
    @Test func aRootArray() throws {
        let records = String(decoding: Self.document(count: 2_000, gap: ",\n  ", lead: "\n  ", tail: "\n"), as: UTF8.self)
        let items = records[records.range(of: "[")!.lowerBound...records.range(of: "]", options: .backwards)!.lowerBound]
        let input = Array((items + "\n").utf8)
        let transactions: [[Edit]] = [
            [.set("[?id > 5][-1].name", to: "x")], [.remove("[?id > 1000].tags[-2]")], [.set("[?id == 7].parts.k[1]", to: 0)],
            [.set("[?id > 5][2:4].tags[1]", to: "x")],
        ]
        try JSONStreamedFilterTests.expectStreamedAsInMemory(transactions, on: input, gap: ",\n  ")
        for edits in transactions { #expect(try StreamedEdit(edits).spreadsJSONArrays, "\(edits)") }

        let pipe = ChunkedInput(descriptor: pipeHolding(Array("[{\"id\": 6}, {\"id\": 7}]".utf8)), closesOnEnd: true, label: "(pipe)")
        #expect { try StreamedEdit([.set("[?id > 5][-1].name", to: "x")]).run(pipe) { _ in } } throws: { error in
            guard let error = error as? QueryError, error.kind == .notStreamable else { return false }
            // The caret is under `[-1]`, nine scalars into the path.
            return error.message.contains("can be read only once") && error.description.contains("\n" + String(repeating: " ", count: 2 + 9) + "^~~~")
        }
    }

    /// The first pass holds a batch, and the edit one element: a cap far
    /// below the array passes, where holding the array (a pipe, read once,
    /// gives no first pass) fails on it.
    @Test func memoryStaysOneBatch() throws {
        let input = Self.document(count: 20_000, gap: ",\n  ", lead: "\n  ", tail: "\n")
        let cap = 200_000
        #expect(input.count > 10 * cap)
        let edits: [[Edit]] = [
            [.set("items[?id > 5][-1].name", to: "x")], [.remove("items[?id > 1000].tags[-2]")], [.remove("items[?id > 5][-30:]")],
            [.set("items[?id > 20].parts.k[5]", to: 0)], [.set("items[?id > 5][2:4].tags[1]", to: "x")], [.remove("items[?id > 5][-3:].parts.k[-1]")],
            // Far more elements than targets are named one by one: counted, and named as a run.
            [.set("items[?id > 5][100:15000].name", to: "x")], [.set("items[?id > 5].*[-1]", to: 0)],
        ]
        for edits in edits {
            let expected = try DocumentEditor(bytes: input).applying(edits).bytes
            var out: [UInt8] = []
            _ = try StreamedEdit(edits, maxHeld: cap).run(ChunkedInput(bytes: input, sliceSize: 1 << 16)) { out.append(contentsOf: $0) }
            #expect(out == expected, "\(edits)")

            let readEnd = pipeFedByThread(input)
            let pipe = ChunkedInput(descriptor: readEnd, closesOnEnd: false, label: "(pipe)")
            #expect { try StreamedEdit(edits, maxHeld: cap).run(pipe) { _ in } } throws: { error in
                (error as? QueryError)?.kind == .notStreamable && "\(error)".contains("the cap of \(cap) bytes")
            }
            drainAndClose(readEnd)
        }
    }

    /// JSON with comments counts too, a filter then an index from the
    /// start included (in strict JSON the batches pick that one).
    @Test func withComments() throws {
        let text = "{\n  // items\n  \"items\": [\n    {\"id\": 1, \"tags\": [\"a\"]}, // one\n    {\"id\": 2, \"tags\": []},\n"
            + "    /* three */ {\"id\": 3, \"tags\": [\"b\", \"c\"]}\n  ]\n}\n"
        let input = Array(text.utf8)
        var options = LoadOptions()
        options.readsJSONWithComments = true
        for edits: [Edit] in [[.set("items[?id > 1][0].tags", to: 1)], [.remove("items[?id > 1][-1]")], [.set("items[?id > 0].tags[1]", to: "x")]] {
            let expected = try DocumentEditor(bytes: input, options: options).applying(edits).bytes
            for chunk in [nil, 3] {
                let got = try StreamedEditTests.streamed(edits, input, chunk: chunk, options: options).bytes
                #expect(got == expected, "\(edits)")
            }
        }
    }
}

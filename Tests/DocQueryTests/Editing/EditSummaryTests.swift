import DocQuery
import DocTree
import Testing

/// What `apply` reports, refusing to create, and a `set` that changes
/// nothing keeping its bytes.
@Suite struct EditSummaryTests {
    @Test func applySaysWhatItDid() throws {
        var editor = try DocumentEditor(string: #"{"editor.fontSize": 12, "a": [1, 2, 3], "b": {"c": 1}}"#)
        let summary = try editor.apply([
            .set("editor.fontSize", to: 14), .set("a[?. > 1]", to: 0), .remove("b.c"), .insert(4, into: "a"), .rename("b", to: "d"),
        ])
        #expect(summary.created == 1)
        #expect(summary.replaced == 2)
        #expect(summary.removed == 1)
        #expect(summary.inserted == 1)
        #expect(summary.renamed == 1)
        #expect(summary.matches == [0, 2, 1, 1, 1])
        #expect(String(decoding: editor.bytes, as: UTF8.self).contains(#""fontSize": 14"#))
    }

    @Test func computedSetsCountPerEditGiven() throws {
        // A computed set becomes one literal set per match; its counts fold back into it.
        var editor = try DocumentEditor(string: #"{"a": [1, 2, 3], "b": 5}"#)
        let summary = try editor.apply([.remove("b"), .set("a[:]", computedBy: "@ * `10`"), .insert(4, into: "a")])
        #expect(summary.matches == [1, 3, 1])
        #expect(summary.replaced == 3)
        #expect(String(decoding: editor.bytes, as: UTF8.self) == #"{"a": [10, 20, 30, 4]}"#)
    }

    @Test func creatingCanBeRefused() throws {
        let editor = try DocumentEditor(string: #"{"editor.fontSize": 12}"#)
        #expect { var copy = editor; try copy.apply([.set("editor.fontSize", to: 14)], creatingMissing: false) } throws: {
            ($0 as? QueryError)?.kind == .noMatch
        }
        var copy = editor
        #expect(try copy.apply([.set("editor\\.fontSize", to: 14)], creatingMissing: false).replaced == 1)
    }

    /// Held whole and streamed alike.
    @Test func aSetToTheValueThereKeepsItsBytes() throws {
        let text = #"{"a": {"url": "http:\/\/x\u00e9", "list": [ 1,  2 ], "n": 1.50, "e": [ ]}}"#
        let edits: [[Edit]] = [
            [.set("a.url", to: "http://xé")], [.set("a.list", to: [1, 2])], [.set("a.n", to: try EditValue(json: "1.50"))],
            [.set("a.e", to: [])], [.set("a", to: try EditValue(json: #"{"url": "http://xé", "list": [1, 2], "n": 1.50, "e": []}"#))],
        ]
        for edit in edits {
            let bytes = Array(text.utf8)
            #expect(try DocumentEditor(bytes: bytes).applying(edit).bytes == bytes, "\(edit)")
            #expect(try StreamedEditTests.streamed(edit, bytes).bytes == bytes, "\(edit)")
        }
    }
}

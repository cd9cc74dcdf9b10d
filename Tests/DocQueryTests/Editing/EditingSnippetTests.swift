import DocQuery
import Foundation
import TestSupport
import Testing

/// The Swift snippets of the editing API's doc comments (`Edit`,
/// `EditSummary`, `StreamedEdit`), compiled and run here word for word (see
/// ``Snippets`` and `DocCommentSnippetTests`).
@Suite struct EditingSnippetTests {
    @Test func computedSets() throws {
        var editor = try DocumentEditor(string: #"{"items": [{"price": 10}, {"price": 19.99}], "first": "Ada", "last": "Lovelace"}"#)
        // snippet: doc-edit-computed
        try editor.apply(.set("items[:].price", computedBy: "@ * `1.1`"))
        try editor.apply(.set("fullName", computedBy: "$ | join(' ', [first, last])"))
        // end snippet
        #expect(editor.document["items[1].price"].string == "21.989")
        #expect(editor.document["items[0].price"].decimal == 11)
        #expect(editor.document["fullName"].string == "Ada Lovelace")
    }

    @Test func aClosureComputesEachValue() throws {
        var editor = try DocumentEditor(string: #"{"release": {"version": "1.4.2"}}"#)
        // snippet: doc-edit-closure
        try editor.apply(.set("release.version") { match in
            EditValue(bumpPatch(match.string ?? "0.0.0"))
        })
        // end snippet
        #expect(String(decoding: editor.bytes, as: UTF8.self) == #"{"release": {"version": "1.4.3"}}"#)
    }

    @Test func theSummarySaysWhatWasCreated() throws {
        var editor = try DocumentEditor(string: #"{"editor": {"fontSize": 12}}"#)
        // snippet: doc-edit-summary
        let summary = try editor.apply(.set("editor.fontsize", to: 14))
        if summary.created > 0 { print("created a new member; was the key spelled right?") }
        // end snippet
        #expect(summary.created == 1 && summary.replaced == 0)
        #expect(editor.document["editor.fontSize"].int == 12 && editor.document["editor.fontsize"].int == 14)
    }

    /// Collects what a streamed edit writes.
    final class Output {
        var bytes: [UInt8] = []
        func write(contentsOf chunk: UnsafeRawBufferPointer) throws { bytes += chunk }
    }

    @Test func aStreamedEditWritesAsItReads() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("docq-snippet-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let dumpURL = folder.appendingPathComponent("dump.json")
        try Data(#"{"release": {"version": "2.0", "notes": []}}"#.utf8).write(to: dumpURL)
        let output = Output()
        // snippet: doc-streamed-edit
        let edit = try StreamedEdit([.set("release.version", to: "2.1")])
        let summary = try edit.run(contentsOf: dumpURL) { bytes in try output.write(contentsOf: bytes) }
        // end snippet
        #expect(summary.replaced == 1)
        #expect(String(decoding: output.bytes, as: UTF8.self) == #"{"release": {"version": "2.1", "notes": []}}"#)
    }
}

/// The next patch version: `1.4.2` → `1.4.3` (the closure snippet's helper).
private func bumpPatch(_ version: String) -> String {
    var parts = version.split(separator: ".").map { Int($0) ?? 0 }
    parts[parts.count - 1] += 1
    return parts.map(String.init).joined(separator: ".")
}

import DocQuery
import DocTree
import Foundation
import Testing

/// The records of a stream of values edited as docq edits JSON Lines: each
/// loaded by the stream's reader with its spans, and its result read back
/// by one parser that every record shares (names interned once, and the
/// shared table started again when it grows), give what an editor of each
/// record alone gives, bytes and errors alike.
@Suite struct RecordEditTests {
    /// 3,000 records with 1,500 keys of their own between them (more than
    /// a shared name table keeps before it starts again), some pretty, some
    /// with white space after them, the last one with no line end.
    static let input: [UInt8] = {
        var text = ""
        for i in 0..<3_000 {
            let own = "k\(i % 1_500)"
            switch i % 3 {
            case 0: text += "{\"\(own)\": \(i), \"n\": \"\(i)\", \"gone\": [\(i)]}\n"
            case 1: text += "{\n  \"n\": {\"deep\": \(i)},\n  \"\(own)\": true\n}  \n"
            default: text += "[\(i), {\"n\": null}]\n"
            }
        }
        return Array(text.utf8) + Array("{\"n\": 0}  ".utf8)
    }()

    @Test(arguments: [
        [Edit.set("n", to: "x")],
        [Edit.set("added.deeper", to: 1), .remove("gone")],
        [Edit.rename("n", to: "m"), .set("k7", to: .null)],
        [Edit.remove("n")],
    ])
    func recordsAgreeWithAnEditorOfEach(_ edits: [Edit]) throws {
        let options = LoadOptions()
        let reader = RecordReader(input: ChunkedInput(bytes: Self.input), options: options)
        reader.recordsSpans = true
        let parser = JSONRecordParser(options: options)
        var records = 0
        var fromReader = 0
        while let record = reader.next() {
            let document = try record.get()
            let bytes = Array(Self.input[reader.lastValue])
            // A record that is the rest of the reader's buffer keeps the
            // white space after it in its document's text: it is loaded alone.
            let held = document.table.text.count == bytes.count
            let source = held
                ? EditableSource(json: document, spans: reader.lastSpans, options: options)
                : try EditableSource(bytes: bytes, options: options, parser: parser)
            let shared = Result { try DocumentEditor.edited(record: source, by: edits, options: options, parser: parser) }
            let alone = Result { () throws -> [UInt8] in
                var editor = try DocumentEditor(bytes: bytes, options: options)
                try editor.apply(edits)
                return editor.bytes
            }
            switch (shared, alone) {
            case (.success(let a), .success(let b)):
                #expect(a == b, "record \(records): \(String(decoding: a, as: UTF8.self)) ≠ \(String(decoding: b, as: UTF8.self))")
            case (.failure(let a), .failure(let b)):
                #expect("\(a)" == "\(b)", "record \(records)")
            default:
                Issue.record("record \(records): \(shared) against \(alone)")
            }
            records += 1
            if held { fromReader += 1 }
        }
        #expect(records == 3_001)
        #expect(fromReader >= 3_000)
    }
}

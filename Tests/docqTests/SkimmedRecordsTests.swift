import Foundation
import Testing
import TestSupport

/// JSON Lines records that docq answers straight from their bytes (a path
/// of keys, one value a line) print exactly what it prints for the same
/// records parsed as documents, interleaved with records it must parse.
@Suite("Skimmed records")
struct SkimmedRecordsTests {
    /// Records that the skimmer decides and records it leaves to the parser, mixed.
    static let records = [
        #"{"actor":{"id":1,"login":"ann"}}"#,
        #"{"actor":{"id":"도윤"}}"#,
        #"{"actor":[{"id":2},{"id":3}]}"#,
        #"{"actor":{"id":{"n":4}}}"#,
        #"{"actor":{"id":"tab\tin\\it"}}"#,
        #"{"actor":{"login":"no id"}}"#,
        #"{"actor":{"id":5},"actor":{"id":6}}"#,
        #"{"actor":{"id":-7.5e1,"x":[true,false,null,{"id":0}]}}"#,
        #"{"actor":{"id":null}}"#,
        #" {"actor" : {"id" : true}} "#,
        #"{"other":1}"#,
        #"8"#,
    ]

    @Test("a stream prints what each record prints as a document of its own, in order")
    func sameAsOneDocumentPerRecord() throws {
        let folder = try Docq.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [String] = []
        for (k, record) in Self.records.enumerated() {
            let file = folder.appendingPathComponent("r\(k).json")
            try Data(record.utf8).write(to: file)
            files.append(file.path)
        }
        let stream = Array((Self.records.joined(separator: "\n") + "\n").utf8)
        for options in [[], ["--first"]] {
            let documents = try Docq.run(options + ["--no-filename", "actor.id"] + files)
            let records = try Docq.run(options + ["actor.id"], stdin: stream)
            #expect(documents.status == 0, "\(documents)")
            #expect(records.status == 0, "\(records)")
            #expect(records.stdout == documents.stdout, "\(records)")
            #expect(records.lines.count > 8)
        }
        // Several JSON Lines sources: a prefix on every line.
        let a = folder.appendingPathComponent("a.jsonl"), b = folder.appendingPathComponent("b.jsonl")
        try Data((Self.records[0] + "\n" + Self.records[1] + "\n").utf8).write(to: a)
        try Data((Self.records[8] + "\n" + Self.records[9] + "\n").utf8).write(to: b)
        let prefixed = try Docq.run(["actor.id", a.path, b.path])
        #expect(prefixed.lines == ["\(a.path):1", "\(a.path):도윤", "\(b.path):null", "\(b.path):true"], "\(prefixed)")
    }

    @Test("a first record that matches nothing is explained; later misses print nothing")
    func missesExplained() throws {
        let run = try Docq.run(["actor.id"], stdin: Array("{\"actor\":{\"login\":\"x\"}}\n{\"other\":1}\n".utf8))
        #expect(run.status == 1, "\(run)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.components(separatedBy: "no match").count == 2, "\(run)")
        #expect(run.stderr.contains("id"), "\(run)")
        let later = try Docq.run(["actor.id"], stdin: Array("{\"actor\":{\"id\":1}}\n{\"other\":1}\n".utf8))
        #expect(later.status == 0, "\(later)")
        #expect(later.lines == ["1"])
        #expect(later.stderr.isEmpty, "\(later)")
    }
}

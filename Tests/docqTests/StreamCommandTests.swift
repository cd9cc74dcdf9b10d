import Foundation
import Testing

/// `docq --stream` prints what docq prints without it, and refuses paths
/// that cannot stream.
@Suite("docq --stream")
struct StreamCommandTests {
    @Test("same output as without --stream", arguments: [
        ["lists.list.name", "Examples/documents/lists.xml"],
        ["-j", "lists.list[?smart == 1].name", "Examples/documents/lists.xml"],
        ["--pretty", "lists.list", "Examples/documents/lists.xml"],
        ["-1", "tasks.list.taskseries.name", "Examples/documents/tasks.json"],
        ["[0].상영관명", "Examples/documents/theaters.json"],
        ["lists.list.@count", "Examples/documents/lists.xml", "Examples/documents/rsp.xml"],
        ["entry.title", "Examples/documents/feed.xml"],
        ["auth.nothing", "Examples/documents/rsp.xml"],
        // Arrays, printed from their elements as they stream.
        [".", "Examples/documents/theaters.json"],
        ["-1", ".", "Examples/documents/theaters.json"],
        ["[?좌석수 > 200].상영관명", "Examples/documents/theaters.json"],
        ["tasks.list", "Examples/documents/tasks.json"],
        ["tasks.list.taskseries.tags", "Examples/documents/tasks.json"],
        ["tasks.list.taskseries[?tags.@count == 0].name", "Examples/documents/tasks.json"],
        ["tasks.list.@count", "Examples/documents/tasks.json", "Examples/documents/theaters.json"],
    ])
    func sameOutput(_ arguments: [String]) throws {
        let plain = try Docq.run(arguments)
        let streamed = try Docq.run(["--stream"] + arguments)
        #expect(streamed.stdout == plain.stdout, "\(arguments)")
        #expect(streamed.status == plain.status, "\(arguments)")
    }

    @Test("a path that cannot stream is a usage error with the reason under the step")
    func refused() throws {
        let run = try Docq.run(["--stream", "lists.list.name.@distinctUnionOfObjects", "Examples/documents/lists.xml"])
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("needs all values at once"), "\(run)")
        #expect(run.stderr.contains("                ^~~~~~~~~~~~~~~~~~~~~~~"), "\(run)")
    }

    @Test("a big file streams on its own; a path that cannot stream still loads it")
    func threshold() throws {
        let streamed = try Docq.run(["lists.list.name", "Examples/documents/lists.xml"], environment: ["DOCQ_STREAM_THRESHOLD": "10"])
        #expect(streamed.stdout == "Inbox\nHigh Priority\nPersonal\n", "\(streamed)")
        let loaded = try Docq.run(
            ["lists.list.name.@distinctUnionOfObjects", "Examples/documents/lists.xml"], environment: ["DOCQ_STREAM_THRESHOLD": "10"])
        #expect(loaded.stdout == "Inbox\nHigh Priority\nPersonal\n", "\(loaded)")
    }

    /// A document the stream turns out not to decide (`items`, spread
    /// element by element for the filter, comes again under a second key)
    /// is loaded whole when docq chose to stream, and refused under
    /// `--stream`; nothing is printed before.
    @Test func aDocumentThatCannotStreamIsLoadedWholeUnlessAskedToStream() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("docq-stream-\(UUID().uuidString).json")
        try Data(#"{"items":[0,1],"items":[3]}"#.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let big = try Docq.run(["items[?. > 1]", url.path], environment: ["DOCQ_STREAM_THRESHOLD": "10"])
        #expect(big.stdout == "[3]\n" && big.status == 0, "\(big)")
        let streamed = try Docq.run(["--stream", "items[?. > 1]", url.path])
        #expect(streamed.stdout.isEmpty && streamed.status == 2, "\(streamed)")
        #expect(streamed.stderr.contains("a key that occurs twice"), "\(streamed)")
        // After a file that streamed and matched nothing, too.
        let miss = FileManager.default.temporaryDirectory.appendingPathComponent("docq-stream-\(UUID().uuidString).json")
        try Data(#"{"other":[5]}"#.utf8).write(to: miss)
        defer { try? FileManager.default.removeItem(at: miss) }
        let second = try Docq.run(["items[?. > 1]", miss.path, url.path], environment: ["DOCQ_STREAM_THRESHOLD": "10"])
        #expect(second.stdout == "\(url.path):[3]\n" && second.status == 0, "\(second)")
    }

    /// `tags[0]` counts a lone array's elements until a second `tags` comes,
    /// when the array is the first of several values: a file is then read
    /// again, under `--stream` too, and gives what the tree gives; standard
    /// input through a pipe cannot be, and `--stream` refuses it.
    @Test func aLostBetReadsAFileAgain() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("docq-stream-\(UUID().uuidString).json")
        try Data(#"{"items":[{"tags":[1,2]},{"tags":[3]}]}"#.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        for arguments in [["--stream"], []] {
            let run = try Docq.run(arguments + ["items.tags[0]", url.path], environment: ["DOCQ_STREAM_THRESHOLD": "10"])
            #expect(run.stdout == "[1,2]\n" && run.status == 0, "\(run)")
        }
        let piped = try Docq.run(["--stream", "items.tags[0]"], stdin: Array(#"{"items":[{"tags":[1,2]},{"tags":[3]}]}"#.utf8))
        #expect(piped.stdout.isEmpty && piped.status == 2, "\(piped)")
        #expect(piped.stderr.contains("then more values"), "\(piped)")
    }

    @Test("JSON Lines is read record by record, big or --stream: each record is a document")
    func jsonLinesIsNotStreamedAsOneValue() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("docq-stream-\(UUID().uuidString).jsonl")
        try Data("{\"a\":[1,2]}\n{\"a\":[3]}\n{\"b\":0}\n".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let plain = try Docq.run(["a.@count", url.path])
        #expect(plain.stdout == "2\n1\n0\n", "\(plain)")
        let big = try Docq.run(["a.@count", url.path], environment: ["DOCQ_STREAM_THRESHOLD": "10"])
        let streamed = try Docq.run(["--stream", "a.@count", url.path])
        for run in [big, streamed] {
            #expect(run.stdout == plain.stdout, "\(run)")
            #expect(run.status == plain.status, "\(run)")
        }
    }

    @Test("several values on standard input stream one after the other, as without --stream")
    func severalValuesOnStandardInput() throws {
        let input = Array("{\"a\":[1,2]}\n{\"a\":[3]}\n{\"b\":0}\n{\"a\":{\"c\":4}} {\"a\":5}".utf8)
        for path in ["a.@count", "a", "a.c", "a[0]", "a.c.@sum", "a[?. > 1]", "a.@sum", "a[?. > 'x']"] {
            let plain = try Docq.run([path], stdin: input)
            let streamed = try Docq.run(["--stream", path], stdin: input)
            #expect(streamed.stdout == plain.stdout, "\(path): \(streamed)")
            #expect(streamed.status == plain.status, "\(path): \(streamed)")
        }
        #expect(try Docq.run(["--stream", "a.@count"], stdin: input).stdout == "2\n1\n0\n1\n1\n")
    }

    @Test("malformed input: what came before is printed, then the error, exit 4")
    func malformed() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("docq-stream-\(UUID().uuidString).json")
        try Data("{\"a\":[{\"b\":1},\n{\"b\":2},\n{\"b\":}]}".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let run = try Docq.run(["--stream", "a.b", url.path])
        #expect(run.status == 4, "\(run)")
        #expect(run.stdout == "1\n2\n", "\(run)")
        #expect(run.stderr.contains(":3:6"), "\(run)")
    }

    @Test("a malformed value among several on standard input is reported, the rest still printed, exit 4")
    func malformedValueOnStandardInputGoesOn() throws {
        let input = Array("{\"a\":1}\n{\"a\":}\n{\"a\":[2,3]}\n{\"b\":\"x\n{\"a\":4}\n".utf8)
        for path in ["a", "a.@count", "a[?. > 1]"] {
            let plain = try Docq.run([path], stdin: input)
            let streamed = try Docq.run(["--stream", path], stdin: input)
            #expect(streamed.stdout == plain.stdout, "\(path): \(streamed)")
            #expect(streamed.status == 4, "\(path): \(streamed)")
            #expect(streamed.stderr.contains("(standard input):2:6"), "\(path): \(streamed)")
            #expect(streamed.stderr.contains("(standard input):4:8"), "\(path): \(streamed)")
        }
        #expect(try Docq.run(["--stream", "a"], stdin: input).stdout == "1\n[2,3]\n4\n")
    }

    @Test("malformed input inside a printed array: an unclosed line, then the error")
    func malformedInsideAPrintedArray() throws {
        // The elements read before the error are printed, though they were
        // gathered as one batch: what came before is printed, then the error.
        let run = try Docq.run(["--stream", "a"], stdin: Array("{\"a\":[1,\n{\"b\":2},\nx]}".utf8))
        #expect(run.status == 4, "\(run)")
        #expect(run.stdout == "[1,{\"b\":2}\n", "\(run)")
        #expect(run.stderr.contains(":3:1"), "\(run)")
    }
}

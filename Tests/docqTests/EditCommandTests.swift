import Foundation
import Testing

/// The edit commands: output, exit statuses, and `-i`, whose every failure
/// leaves the original byte-identical.
@Suite struct EditCommandTests {
    let original = "{\n  \"name\": \"x\",\n  \"version\": \"1.0\",\n  \"deps\": [1, 2]\n}\n"

    func folder(with text: String) throws -> (URL, String) {
        let folder = try Docq.temporaryFolder()
        let file = folder.appendingPathComponent("p.json")
        try Data(text.utf8).write(to: file)
        return (folder, file.path)
    }

    func contents(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    @Test func setWritesToStandardOutput() throws {
        let (folder, file) = try folder(with: original)
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Docq.run(["set", "version", "2.0", file])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout == original.replacingOccurrences(of: "1.0", with: "2.0"))
        #expect(try contents(file) == original)
    }

    @Test func eachCommandFromStandardInput() throws {
        let input = Array(#"{"a": 1, "b": [true]}"#.utf8)
        #expect(try Docq.run(["set", "--json", "a", "[1]"], stdin: input).stdout == #"{"a": [1], "b": [true]}"#)
        #expect(try Docq.run(["delete", "a", "-"], stdin: input).stdout == #"{"b": [true]}"#)
        #expect(try Docq.run(["insert", "b", "--json", "null", "--at", "0"], stdin: input).stdout == #"{"a": 1, "b": [null, true]}"#)
        #expect(try Docq.run(["insert", ".", "v", "--key", "c"], stdin: input).stdout == #"{"a": 1, "b": [true], "c": "v"}"#)
        #expect(try Docq.run(["rename", "b", "c"], stdin: input).stdout == #"{"a": 1, "c": [true]}"#)
    }

    @Test func editPathsTakeBoundValues() throws {
        let input = #"[{"id": 1, "done": false}, {"id": 2, "done": false}]"#
        let set = try Docq.run(["set", "--arg", "id", "2", "[?id == $id].done", "--json", "true"], stdin: Array(input.utf8))
        #expect(set.stdout == #"[{"id": 1, "done": false}, {"id": 2, "done": true}]"#)
        let deleted = try Docq.run(["delete", "--argjson", "id", "1", "[?id == $id]"], stdin: Array(input.utf8))
        #expect(deleted.stdout == #"[{"id": 2, "done": false}]"#)
    }

    @Test func severalEditsAreOneTransaction() throws {
        let (folder, file) = try folder(with: original)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("edits.json")
        try Data(#"[{"delete": "deps"}, {"rename": "name", "to": "title"}]"#.utf8).write(to: script)
        let run = try Docq.run(["set", "version", "2.0", "--edits", script.path, "-i", file])
        #expect(run.status == 0, "\(run)")
        #expect(try contents(file) == "{\n  \"title\": \"x\",\n  \"version\": \"2.0\"\n}\n")
        try Data(#"[{"delete": "missing"}]"#.utf8).write(to: script)
        let failed = try Docq.run(["set", "version", "3.0", "--edits", script.path, "-i", file])
        #expect(failed.status == 1)
        #expect(try contents(file).contains("2.0"))
    }

    /// An edit file inserts beside each match as `docq insert --before`
    /// and `--after` do, in the same transaction; "before" with "after",
    /// or with "at", is refused, naming the edit.
    @Test func editFilesInsertBesideMatches() throws {
        let (folder, _) = try folder(with: original)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("edits.json")
        try Data(#"[{"insert": "[1]", "value": 0, "after": true}, {"insert": "[0]", "value": "a", "before": true}]"#.utf8).write(to: script)
        let run = try Docq.run(["set", "[1]", "--json", "9", "--edits", script.path], stdin: Array("[1, 2, 3]".utf8))
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout == #"["a", 1, 9, 0, 3]"#)
        for (entry, complaint) in [(#"{"insert": "[0]", "value": 1, "before": true, "after": true}"#, #"both "before" and "after""#),
                                   (#"{"insert": "[0]", "value": 1, "after": true, "at": 0}"#, #""at" with "before" or "after""#)] {
            try Data("[\(entry)]".utf8).write(to: script)
            let refused = try Docq.run(["set", "[1]", "9", "--edits", script.path], stdin: Array("[1, 2, 3]".utf8))
            #expect(refused.status != 0)
            #expect(refused.stderr.contains("edit 1 has " + complaint), "\(refused.stderr)")
        }
    }

    @Test func inPlaceFollowsSymlinksAndKeepsTheMode() throws {
        let (folder, file) = try folder(with: original)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: file)
        let link = folder.appendingPathComponent("link.json").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "p.json")
        let run = try Docq.run(["set", "-i", "version", "2.0", link])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.isEmpty)
        #expect(try contents(file).contains("\"2.0\""))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "p.json")
        #expect(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int == 0o640)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("docq-") }
        #expect(leftovers.isEmpty)
    }

    @Test("-i leaves the original unchanged on failure", arguments: [
        ("malformed document", "{\"a\": [1,}", ["set", "-i", "a", "2"], Int32(4)),
        ("no match", "{\"a\": 1}\n", ["delete", "-i", "b"], Int32(1)),
        ("malformed path", "{\"a\": 1}\n", ["set", "-i", "a[", "2"], Int32(3)),
        ("value not JSON", "{\"a\": 1}\n", ["set", "-i", "--json", "a", "{x"], Int32(2)),
        ("invalid edit", "[1]\n", ["rename", "-i", "[0]", "x"], Int32(5)),
    ])
    func failureLeavesOriginal(_ name: String, _ text: String, _ arguments: [String], _ status: Int32) throws {
        let (folder, file) = try folder(with: text)
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Docq.run(arguments + [file])
        #expect(run.status == status, "\(name): \(run)")
        #expect(run.stderr.hasPrefix("error: "), "\(run)")
        #expect(try contents(file) == text)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["p.json"])
    }

    @Test func fileSizeLimitLeavesOriginal() throws {
        let big = "{\"a\": \"" + String(repeating: "x", count: 3000) + "\"}"
        let (folder, file) = try folder(with: big)
        defer { try? FileManager.default.removeItem(at: folder) }
        // ulimit -f counts 512-byte blocks in POSIX sh: the result (4 KB) is over 2 blocks.
        let value = String(repeating: "y", count: 4000)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "ulimit -f 2; exec \"$0\" set -i a \(value) \"$1\"", Docq.binary.path, file]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 2, "\(stderr)")
        #expect(stderr.contains("File too large"), "\(stderr)")
        #expect(stderr.contains("is unchanged"), "\(stderr)")
        #expect(try contents(file) == big)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["p.json"])
    }

    @Test func nonRegularFilesAreRefused() throws {
        let folder = try Docq.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let run = try Docq.run(["set", "-i", "a", "1", fifo], timeout: 20)
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("not a regular file"), "\(run)")
        let directory = try Docq.run(["delete", "-i", "a", folder.path])
        #expect(directory.status == 2)
        let stdin = try Docq.run(["delete", "-i", "a"], stdin: Array("{}".utf8))
        #expect(stdin.status == 2)
    }

    /// A stream of values is edited record by record, with the records its
    /// reader cuts: JSON Lines (blank lines and CRLF kept), and values laid
    /// out on several lines each (as `jq .` prints them), not cut by line.
    @Test(arguments: [
        ("{\"id\": 1, \"n\": \"a\"}\n\n{\"id\": 2}\r\n{\"id\": 3, \"n\": \"c\"}\n",
         "{\"id\": 1, \"n\": \"x\"}\n\n{\"id\": 2, \"n\": \"x\"}\r\n{\"id\": 3, \"n\": \"x\"}\n",
         "{\"id\": 1}\n\n{\"id\": 2}\r\n{\"id\": 3}\n"),
        ("{\n  \"id\": 1,\n  \"n\": [\n    \"a\"\n  ]\n}\n{\"id\": 2} {\"id\": 3,\n \"n\": null}\n",
         "{\n  \"id\": 1,\n  \"n\": \"x\"\n}\n{\"id\": 2, \"n\": \"x\"} {\"id\": 3,\n \"n\": \"x\"}\n",
         "{\n  \"id\": 1\n}\n{\"id\": 2} {\"id\": 3}\n"),
    ])
    func streamsAreEditedRecordByRecord(input text: String, set: String, deleted: String) throws {
        let input = Array(text.utf8)
        let run = try Docq.run(["set", "n", "x"], stdin: input)
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout == set)
        let removed = try Docq.run(["delete", "n"], stdin: input)
        #expect(removed.status == 0, "\(removed)")
        #expect(removed.stdout == deleted)
        let none = try Docq.run(["delete", "zz"], stdin: input)
        #expect(none.status == 1, "\(none)")
        // A file is edited as it is read, record by record, to the same bytes; with -i too.
        let folder = try Docq.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("values.json")
        try Data(input).write(to: file)
        let fromFile = try Docq.run(["set", "n", "x", file.path])
        #expect(fromFile.status == 0, "\(fromFile)")
        #expect(fromFile.stdout == set)
        let missed = try Docq.run(["delete", "zz", file.path])
        #expect(missed.status == 1, "\(missed)")
        let inPlace = try Docq.run(["delete", "-i", "n", file.path])
        #expect(inPlace.status == 0, "\(inPlace)")
        #expect(try String(contentsOf: file, encoding: .utf8) == deleted)
    }

    /// A stream of values larger than a batch (1 MiB) is edited on all
    /// cores, from a file and from standard input (held whole) alike, to
    /// what editing each record in turn gives: a value printed over several
    /// lines across the third batch's end, and a malformed record in the
    /// third batch, located by its line in the whole input (the lines of
    /// the two batches before it counted).
    @Test func largeStreamsEditAsOneCoreDoes() throws {
        var lines: [String] = []
        var size = 0
        var prettyAt: Int?
        var brokenAt: Int?
        let pad = String(repeating: "x", count: 920)
        // Long records, so that a debug docq edits few of them.
        for i in 0..<4_400 {
            let line = "{\"id\": \(i), \"n\": \(i % 7), \"pad\": \"\(pad)\"}"
            lines.append(line)
            size += line.utf8.count + 1
            if brokenAt == nil, size > 5 << 19 { brokenAt = lines.count }
            if prettyAt == nil, size > (3 << 20) - 150 { prettyAt = lines.count }
        }
        #expect(size > 3 << 20)  // four batches
        let pretty = "{\n  \"id\": -1,\n  \"n\": [\n    \"\(String(repeating: "y", count: 200))\"\n  ]\n}"
        var whole = lines
        whole.insert(pretty, at: prettyAt!)
        var broken = lines
        broken.insert("{\"n\": }", at: brokenAt!)
        // Each record edited on its own.
        var edited: [[String]: [String]] = [
            ["set", "n", "x"]: lines.indices.map { "{\"id\": \($0), \"n\": \"x\", \"pad\": \"\(pad)\"}" },
            ["delete", "pad"]: lines.indices.map { "{\"id\": \($0), \"n\": \($0 % 7)}" },
        ]
        edited[["set", "n", "x"]]!.insert("{\n  \"id\": -1,\n  \"n\": \"x\"\n}", at: prettyAt!)
        edited[["delete", "pad"]]!.insert(pretty, at: prettyAt!)
        let folder = try Docq.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("big.jsonl")
        for (name, input, runs) in [("whole", whole, [["set", "n", "x"], ["delete", "pad"]]), ("broken", broken, [["set", "n", "x"]])] {
            let bytes = Array((input.joined(separator: "\n") + "\n").utf8)
            try Data(bytes).write(to: file)
            for arguments in runs {
                let fromFile = try Docq.run(arguments + [file.path], timeout: 120)
                let inOrder = try Docq.run(arguments, stdin: bytes, timeout: 120)
                #expect(fromFile.status == inOrder.status, "\(name) \(arguments)")
                #expect(fromFile.stdout == inOrder.stdout, "\(name) \(arguments)")
                if name == "whole" {
                    #expect(fromFile.stdout == edited[arguments]!.joined(separator: "\n") + "\n", "\(arguments)")
                }
                #expect(fromFile.status == (name == "whole" ? 0 : 4), "\(name) \(arguments): \(fromFile.stderr)")
                if name == "broken" {
                    let line = "\(brokenAt! + 1):7: expected a value"
                    #expect(fromFile.stderr.contains("big.jsonl:" + line), "\(fromFile.stderr)")
                    #expect(inOrder.stderr.contains("(standard input):" + line), "\(inOrder.stderr)")
                }
            }
        }
    }

    /// A record cut short by a line that begins the next (located where
    /// it ends, with no text of its own to quote) fails with that line
    /// quoted: read again from a file, or from standard input held whole.
    @Test func aRecordCutShortIsQuotedAtTheLineAfterIt() throws {
        let text = "{\"a\": 1}\n{\n  \"n\": 2,\n{\"a\": 3}\n"
        let folder = try Docq.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("cut.jsonl")
        try Data(text.utf8).write(to: file)
        for (run, label) in [(try Docq.run(["set", "a", "5", file.path]), file.path), (try Docq.run(["set", "a", "5"], stdin: Array(text.utf8)), "(standard input)")] {
            #expect(run.status == 4, "\(run)")
            #expect(run.stderr.hasPrefix("error: \(label):4:1: expected a member name after ','"), "\(run)")
            #expect(run.stderr.contains("   4 | {\"a\": 3}\n     | ^"), "\(run)")
        }
    }

    /// A malformed record fails the edit, located in the whole input, as a query of it is.
    @Test func aMalformedRecordFailsTheEdit() throws {
        let broken = try Docq.run(["delete", "n"], stdin: Array("{\"n\": 1}\n{\"n\": }\n".utf8))
        #expect(broken.status == 4, "\(broken)")
        #expect(broken.stderr.contains("(standard input):2:"), "\(broken)")
        #expect(broken.stderr.contains("2:7: expected a value, found '}'"), "\(broken)")
        // A file edited in place as it is read stays as it was.
        let folder = try Docq.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("broken.jsonl")
        let text = "{\"n\": 1}\n{\"n\": 2}\n{\"n\": }\n"
        try Data(text.utf8).write(to: file)
        let inPlace = try Docq.run(["delete", "-i", "n", file.path])
        #expect(inPlace.status == 4, "\(inPlace)")
        #expect(inPlace.stderr.contains("broken.jsonl:3:7: expected a value, found '}'"), "\(inPlace)")
        #expect(try String(contentsOf: file, encoding: .utf8) == text)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["broken.jsonl"])
    }

    /// NUL bytes on a line after a document are not a blank line: the edit
    /// fails as a query of the same file does, held whole and streamed.
    @Test func bytesAfterTheDocumentFailAsTheQueryFails() throws {
        let folder = try Docq.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("n.json")
        try Data("{\"a\":1}\n\0\0\n".utf8).write(to: file)
        let query = try Docq.run(["a", file.path])
        #expect(query.status == 4, "\(query)")
        let message = try #require(query.stderr.split(separator: "\n").first { $0.hasPrefix("error:") })
        #expect(message.contains("2:1: expected a value, found control character U+0000"), "\(query)")
        for stream in [[], ["--stream"]] {
            let edit = try Docq.run(["set"] + stream + ["a", "2", file.path])
            #expect(edit.status == query.status, "\(edit)")
            #expect(edit.stdout.isEmpty, "\(edit)")
            #expect(edit.stderr.split(separator: "\n").first { $0.hasPrefix("error:") } == message, "\(edit)")
        }
    }

    @Test func legacyEncodingStaysOnDisk() throws {
        let folder = try Docq.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("k.json")
        let original = try Data(contentsOf: Docq.packageRoot.appendingPathComponent("Examples/documents/theaters-euckr.json"))
        try original.write(to: file)
        let run = try Docq.run(["delete", "-e", "EUC-KR", "-i", "[1:]", file.path])
        #expect(run.status == 0, "\(run)")
        let edited = try Data(contentsOf: file)
        let firstLineEnd = original.firstIndex(of: 0x0A)!
        let secondLineEnd = original[(firstLineEnd + 1)...].firstIndex(of: 0x0A)!
        // The first record's line, in EUC-KR, is kept as it was; its comma goes.
        #expect(edited.starts(with: original[..<(secondLineEnd - 1)]))
        #expect(try Docq.run(["-e", "EUC-KR", "@count", file.path]).stdout == "1\n")
    }

    @Test func xmlInPlaceKeepsCommentsAndLayout() throws {
        let pom = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- keep me -->
            <project xmlns="http://maven.apache.org/POM/4.0.0"
                     xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
              <version>1.0</version>
              <plugin id='c'
                      skip="false"/>
            </project>

            """
        let folder = try Docq.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("pom.xml")
        try Data(pom.utf8).write(to: file)
        let run = try Docq.run(["set", "-i", "version", "2.0", file.path])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.isEmpty)
        #expect(try contents(file.path) == pom.replacingOccurrences(of: "1.0</", with: "2.0</"))
        #expect(try Docq.run(["delete", "-i", "plugin.skip", file.path]).status == 0)
        #expect(try Docq.run(["rename", "-i", "plugin.id", "name", file.path]).status == 0)
        #expect(try contents(file.path).contains("  <plugin name='c'/>\n</project>"))
        #expect(try contents(file.path).hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- keep me -->\n"))
        // A failed edit leaves the file as it was, with the reason.
        let before = try contents(file.path)
        let failed = try Docq.run(["set", "-i", "plugin.name", "--json", "{\"a\":1}", file.path])
        #expect(failed.status != 0 && failed.stderr.contains("XML text and attribute values hold text"), "\(failed)")
        #expect(try contents(file.path) == before)
    }

    @Test func queryWordQueriesAKeyNamedLikeACommand() throws {
        let run = try Docq.run(["query", "set"], stdin: Array(#"{"set": 5}"#.utf8))
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout == "5\n")
    }
}

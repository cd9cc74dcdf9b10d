import Foundation
import Testing

/// The edit commands' streamed path (`--stream`, and on its own for a
/// JSON file): the same bytes as the tree's, and every failure prints
/// nothing on standard output and leaves the original byte-identical.
@Suite struct StreamedEditCommandTests {
    /// A pretty document of a few hundred kilobytes, so the streamed output
    /// is written out in several blocks before the end.
    static let big: String = {
        let items = (0..<4000).map { "    {\"id\": \($0), \"name\": \"item \($0)\", \"price\": \($0).50}" }
        return "{\n  \"version\": \"1.0\",\n  \"items\": [\n" + items.joined(separator: ",\n") + "\n  ],\n  \"end\": true\n}\n"
    }()

    func folder(with text: String) throws -> (URL, String) {
        let folder = try Docq.temporaryFolder()
        let file = folder.appendingPathComponent("p.json")
        try Data(text.utf8).write(to: file)
        return (folder, file.path)
    }

    func contents(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    /// The tree's output for the same edit: below the streaming threshold
    /// (`DOCQ_STREAM_THRESHOLD`, here larger than any input) every edit
    /// goes the tree's way.
    func treeOutput(_ arguments: [String], _ text: String) throws -> String {
        let run = try Docq.run(arguments, stdin: Array(text.utf8), environment: ["DOCQ_STREAM_THRESHOLD": "\(1 << 40)"])
        #expect(run.status == 0, "\(run)")
        return run.stdout
    }

    /// Which way an edit of a file goes without --stream, seen from where a
    /// streamed output is spooled: a temporary file in TMPDIR, which here
    /// cannot be made. The lean streams always take it; an edit that holds
    /// each value it reaches in memory only above the streaming threshold.
    @Test func whichEditsStreamOnTheirOwn() throws {
        let (folder, file) = try folder(with: Self.big)
        defer { try? FileManager.default.removeItem(at: folder) }
        let noTemporaryFiles = ["TMPDIR": folder.appendingPathComponent("missing").path]
        let lean = try Docq.run(["set", "version", "2.0", file], environment: noTemporaryFiles)
        #expect(lean.status != 0 && lean.stderr.contains("temporary file"), "\(lean)")
        // Standard input, read whole, goes the same ways.
        let leanInput = try Docq.run(["set", "version", "2.0"], stdin: Array(Self.big.utf8), environment: noTemporaryFiles)
        #expect(leanInput.status != 0 && leanInput.stderr.contains("temporary file"), "\(leanInput)")
        let heldInput = try Docq.run(["set", "items[?id == 7].name", "seven"], stdin: Array(Self.big.utf8), environment: noTemporaryFiles)
        #expect(heldInput.status == 0 && heldInput.stdout.contains("\"seven\""), "\(heldInput)")
        // A threshold above the input's size sends even the lean edit the tree's way.
        let below = try Docq.run(["set", "version", "2.0", file], environment: noTemporaryFiles.merging(["DOCQ_STREAM_THRESHOLD": "\(1 << 40)"]) { $1 })
        #expect(below.status == 0 && below.stdout.contains("\"2.0\""), "\(below)")
        let held = ["set", "items[?id == 7].name", "seven", file]
        let tree = try Docq.run(held, environment: noTemporaryFiles)
        #expect(tree.status == 0 && tree.stdout.contains("\"seven\""), "\(tree)")
        let large = try Docq.run(held, environment: noTemporaryFiles.merging(["DOCQ_STREAM_THRESHOLD": "1000"]) { $1 })
        #expect(large.status != 0 && large.stderr.contains("temporary file"), "\(large)")
    }

    /// Standard input that does not load fails as the tree's load says,
    /// with its line quoted under the error, though the edit streams: the
    /// stream's error has no line to quote.
    @Test(arguments: ["{\"a\": 1,\n  oops}\n", "<r>\n  <a>1</a>\n  <b>\n</r>\n"])
    func malformedStandardInputIsQuoted(_ text: String) throws {
        let run = try Docq.run(["set", "a", "5"], stdin: Array(text.utf8))
        #expect(run.status == 4 && run.stdout.isEmpty, "\(run)")
        #expect(run.stderr.contains(" | "), "\(run)")
    }

    /// A malformed file fails with the error the tree's load gives, its
    /// line quoted (read again from the file), whether the edit or query
    /// streams or not: on a long line cut before the bad spot, after a
    /// byte order mark, after lines ended by CR LF, in XML and JSON.
    @Test(arguments: [
        ("p.json", "{\"a\": [" + (0..<200).map(String.init).joined(separator: ", ") + " x]}\n"),
        ("p.json", "\u{FEFF}{\"a\" 1}\n"),
        ("p.json", "{\"a\": [1,\r\n 2,\r\n \"é\" x]}\r\n"),
        ("p.jsonc", "{\n // c\n \"a\": [1, 2 x]\n}\n"),
        ("p.xml", "<a>" + (0..<100).map { "<b x=\"\($0)\"/>" }.joined() + "<c></d></a>\n"),
        ("p.xml", "\u{FEFF}<a>\r\n <b>한국어</b><c></d>\r\n</a>\r\n"),
    ])
    func malformedFileIsQuotedAsTheTreeQuotesIt(_ name: String, _ text: String) throws {
        let folder = try Docq.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        let tree = try Docq.run(["set", "a.b", "5", file], environment: ["DOCQ_STREAM_THRESHOLD": "\(1 << 40)"])
        #expect(tree.status == 4 && tree.stderr.contains(" | "), "\(tree)")
        for arguments in [["set", "a.b", "5", file], ["set", "--stream", "a.b", "5", file], ["--stream", "a.b", file]] {
            let run = try Docq.run(arguments)
            #expect(run.status == 4 && run.stderr == tree.stderr, "\(arguments): \(run)")
        }
    }

    @Test(arguments: [
        ["set", "version", "2.0"],
        ["set", "--json", "items.price", "0"],
        ["set", "--json", "items[3].name", "null"],
        ["delete", "items.name"],
        ["delete", "items[0]"],
        ["delete", "end"],
        ["delete", "version"],
        ["set", "--json", "items.name", #"{"first": "a", "tags": [1, 2]}"#],
        ["set", "items[?id == 7].name", "seven"],
        ["rename", "items.price", "cost"],
        ["insert", "items.price", "--json", "true", "--key", "sale", "--after"],
        ["insert", "items[2].name", "--json", "[]", "--key", "tags", "--before"],
        ["insert", "items", "--json", #"{"id": 99, "tags": ["x"]}"#],
        ["set", "--json", "end", #"{"at": [1, 2], "ok": true}"#],
        ["set", "added.deep", "new"],
        ["insert", ".", "--key", "added", "--json", #"{"a": [1, {"b": 2}]}"#],
        ["delete", "items.id", "--edits", "EDITS"],
    ])
    func sameBytesAsTheTree(_ arguments: [String]) throws {
        let (folder, file) = try folder(with: Self.big)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Several edits in one transaction: the edits file holds two more.
        let script = folder.appendingPathComponent("edits.json")
        try Data(#"[{"rename": "items.name", "to": "title"}, {"set": "items.price", "value": [0]}]"#.utf8)
            .write(to: script)
        let arguments = arguments.map { $0 == "EDITS" ? script.path : $0 }
        let expected = try treeOutput(arguments, Self.big)
        #expect(expected != Self.big)
        for extra in [["--stream"], []] {
            let run = try Docq.run(arguments + extra + [file])
            #expect(run.status == 0, "\(run)")
            #expect(run.stdout == expected, "\(arguments + extra)")
        }
        let piped = try Docq.run(arguments + ["--stream"], stdin: Array(Self.big.utf8))
        #expect(piped.stdout == expected)
        let inPlace = try Docq.run(arguments + ["--stream", "-i", file])
        #expect(inPlace.status == 0, "\(inPlace)")
        #expect(inPlace.stdout.isEmpty)
        #expect(try contents(file) == expected)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["edits.json", "p.json"])
    }

    /// A keys-only set that matches nothing creates the member while it
    /// streams, and says so on standard error, as the tree's way does.
    @Test func aStreamedCreationIsNoted() throws {
        let (folder, file) = try folder(with: Self.big)
        defer { try? FileManager.default.removeItem(at: folder) }
        for extra in [["--stream"], []] {
            let run = try Docq.run(["set", "versoin", "2"] + extra + [file])
            #expect(run.status == 0, "\(run)")
            #expect(run.stderr == "note: 'versoin' matched nothing, so it was created\n")
            #expect(run.stdout.hasSuffix(",\n  \"versoin\": \"2\"\n}\n"), "\(run.stdout.suffix(80))")
        }
        let replaced = try Docq.run(["set", "version", "2", "--stream", file])
        #expect(replaced.stderr.isEmpty)
        // A non-empty object below the root's members: the transaction finds
        // nothing, and a second reading of the file creates it.
        let nested = ["set", "--json", "added.deep", #"{"a": [1, {"b": 2}]}"#]
        let expected = try treeOutput(nested, Self.big)
        for extra in [["--stream"], []] {
            let run = try Docq.run(nested + extra + [file])
            #expect(run.status == 0, "\(run)")
            #expect(run.stdout == expected)
            #expect(run.stderr == "note: 'added.deep' matched nothing, so it was created\n")
        }
        // A pipe cannot be read twice.
        let piped = try Docq.run(nested + ["--stream"], stdin: Array(Self.big.utf8))
        #expect(piped.status == 2, "\(piped)")
    }

    @Test("a failure prints nothing and leaves the original", arguments: [
        ("malformed late", big.replacingOccurrences(of: "\"end\": true", with: "\"end\": tru"), ["set", "version", "2"], Int32(4)),
        ("no match", big, ["delete", "missing"], Int32(1)),
        ("creation with comments needs the tree", big, ["set", "--from", "jsonc", "a.b", "1"], Int32(2)),
        ("a filter at the root", big, ["set", "[?id == 3].name", "x"], Int32(2)),
        ("the root's member", big, ["rename", "version", "v"], Int32(2)),
        ("two edits", big, ["set", "version", "2", "--edits", "EDITS"], Int32(2)),
        ("xml, no match", "<a><b>1</b></a>", ["delete", "c"], Int32(1)),
        ("xml, malformed late", "<a><b>1</b><c></a>", ["set", "b", "2"], Int32(4)),
        ("the root", "{\"a\": 1}", ["delete", "[0]"], Int32(5)),
    ])
    func failurePrintsNothing(_ name: String, _ text: String, _ arguments: [String], _ status: Int32) throws {
        let (folder, file) = try folder(with: text)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("edits.json")
        try Data(#"[{"delete": "end"}]"#.utf8).write(to: script)
        let arguments = arguments.map { $0 == "EDITS" ? script.path : $0 }
        for inPlace in [false, true] {
            let run = try Docq.run(arguments + ["--stream"] + (inPlace ? ["-i"] : []) + [file])
            #expect(run.status == status, "\(name): \(run)")
            #expect(run.stdout.isEmpty, "\(name)")
            #expect(run.stderr.hasPrefix("error: "), "\(name): \(run)")
            #expect(try contents(file) == text)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["edits.json", "p.json"])
        }
    }

    /// Standard output redirected to a file: the streamed output goes
    /// straight there, and a failure takes back what it wrote, so the file
    /// holds what it held before (here, appended to with `>>`).
    @Test func aRedirectedOutputIsTakenBackOnFailure() throws {
        let (folder, file) = try folder(with: Self.big)
        defer { try? FileManager.default.removeItem(at: folder) }
        let broken = folder.appendingPathComponent("broken.json").path
        // Malformed past a megabyte, after the edit has written out several blocks.
        let items = (0..<25_000).map { "    {\"id\": \($0), \"name\": \"item \($0)\"}" }.joined(separator: ",\n")
        try Data("{\n  \"version\": \"1.0\",\n  \"items\": [\n\(items)\n  ],\n  \"end\": tru\n}\n".utf8)
            .write(to: URL(fileURLWithPath: broken))
        let output = folder.appendingPathComponent("out.txt").path
        func shell(_ command: String) throws -> Int32 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", command]
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus
        }
        let docq = "'\(Docq.binary.path)'"
        try Data("before\n".utf8).write(to: URL(fileURLWithPath: output))
        #expect(try shell("\(docq) set --stream version 2 '\(broken)' >> '\(output)'") == 4)
        #expect(try contents(output) == "before\n")
        #expect(try shell("\(docq) set version 2 '\(file)' >> '\(output)'") == 0)
        #expect(try contents(output) == "before\n" + (try treeOutput(["set", "version", "2"], Self.big)))
        // Appending to the input itself is not read while it grows.
        #expect(try shell("\(docq) set version 3 '\(file)' >> '\(file)'") == 0)
        #expect(try contents(file).hasPrefix(Self.big) && (try contents(file)).count > Self.big.count)
    }

    /// `items.tags[0]` counted the first `tags` array's elements, and a
    /// second `tags` came after the output had gone out in blocks: the file
    /// is edited again into a fresh output (standard output spooled,
    /// redirected to a file, or `-i`), and gives the tree's bytes.
    @Test func aLostBetEditsTheFileAgain() throws {
        // Past the output's first block (256 KiB) before the second `tags`.
        let items = (0..<20_000).map { "    {\"id\": \($0), \"name\": \"item \($0)\"}" }.joined(separator: ",\n")
        let text = "{\n  \"items\": [\n    {\"tags\": [1, 2]},\n\(items),\n    {\"tags\": [3]}\n  ]\n}\n"
        let (folder, file) = try folder(with: text)
        defer { try? FileManager.default.removeItem(at: folder) }
        let edit = ["set", "items.tags[0]", "9"]
        let expected = try treeOutput(edit, text)
        #expect(expected.hasPrefix("{\n  \"items\": [\n    {\"tags\": \"9\"},"))
        let spooled = try Docq.run(edit + ["--stream", file])
        #expect(spooled.status == 0 && spooled.stdout == expected, "\(spooled.stderr)")
        let output = folder.appendingPathComponent("out.json").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "'\(Docq.binary.path)' set --stream 'items.tags[0]' 9 '\(file)' > '\(output)'"]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(try contents(output) == expected)
        let inPlace = try Docq.run(edit + ["--stream", "-i", file])
        #expect(inPlace.status == 0, "\(inPlace)")
        #expect(try contents(file) == expected)
    }

    /// `payload.commits[-1]`, where every event has its `commits`: several
    /// values reach the index, so it picks the last of them. The stream
    /// counts them in a first pass and edits the file with the index from
    /// the start, as the tree does; from a pipe it is refused.
    @Test func aPositionFromTheEndOverSeveralValuesStreams() throws {
        let events = (0..<3000).map { "  {\"id\": \($0), \"payload\": {\"commits\": [{\"sha\": \"a\($0)\"}, {\"sha\": \"b\($0)\"}]}}" }
        let text = "[\n" + events.joined(separator: ",\n") + "\n]\n"
        let (folder, file) = try folder(with: text)
        defer { try? FileManager.default.removeItem(at: folder) }
        for edit in [["delete", "payload.commits[-1]"], ["set", "payload.commits[-2].sha", "x"], ["delete", "payload.commits[-2:]"]] {
            let expected = try treeOutput(edit, text)
            let streamed = try Docq.run(edit + ["--stream", file])
            #expect(streamed.status == 0 && streamed.stdout == expected, "\(edit): \(streamed.stderr)")
        }
        let piped = try Docq.run(["delete", "--stream", "payload.commits[-1]"], stdin: Array(text.utf8))
        #expect(piped.status == 2 && piped.stdout.isEmpty, "\(piped)")
        #expect(piped.stderr.contains("reach several values"), "\(piped)")
    }

    @Test func xmlStreamsAndFallsBackToTheTree() throws {
        let text = "<?xml version=\"1.0\"?>\n<!-- kept -->\n<config>\n  <b id='1'>1</b>\n  <c/>\n</config>\n"
        let (folder, file) = try folder(with: text)
        defer { try? FileManager.default.removeItem(at: folder) }
        let streamed = try Docq.run(["set", "b", "2", "--stream", file])
        #expect(streamed.status == 0, "\(streamed)")
        #expect(streamed.stdout == text.replacingOccurrences(of: ">1</b>", with: ">2</b>"))
        let renamed = try Docq.run(["rename", "b.id", "key", "-i", file])
        #expect(renamed.status == 0, "\(renamed)")
        #expect(try contents(file) == text.replacingOccurrences(of: "id='1'", with: "key='1'"))
        // Inserts stream, one at an index from the end too (a first pass
        // counts the children), as the tree does it.
        let attribute = try Docq.run(["insert", "b", "x", "--key", "@note", "--stream", file])
        #expect(attribute.status == 0, "\(attribute)")
        #expect(attribute.stdout == text.replacingOccurrences(of: "id='1'", with: "key='1' note='x'"))
        let fromEnd = try Docq.run(["insert", ".", "x", "--key", "d", "--at=-1", "--stream", file])
        let byTree = try Docq.run(["insert", ".", "x", "--key", "d", "--at=-1", file], environment: ["DOCQ_STREAM_THRESHOLD": "\(1 << 30)"])
        #expect(byTree.status == 0 && byTree.stdout.contains("  <d>x</d>\n  <c/>"), "\(byTree)")
        #expect(fromEnd.status == 0 && fromEnd.stdout == byTree.stdout, "\(fromEnd)")
        // A path that counts from the end streams from a file, read twice;
        // a pipe, read once, is refused with --stream, and without it the
        // bytes read whole stream.
        let now = try contents(file)  // renamed in place above
        let last = now.replacingOccurrences(of: "<c/>", with: "<c>z</c>")
        let counted = try Docq.run(["set", "*[-1]", "z", "--stream", file])
        #expect(counted.status == 0 && counted.stdout == last, "\(counted)")
        let piped = try Docq.run(["set", "*[-1]", "z", "--stream"], stdin: Array(now.utf8))
        #expect(piped.status == 2 && piped.stderr.contains("read only once"), "\(piped)")
        let read = try Docq.run(["set", "*[-1]", "z"], stdin: Array(now.utf8))
        #expect(read.status == 0 && read.stdout == last, "\(read)")
    }

    /// An edit that streams in neither format is refused, for one file,
    /// with the reason of the format the file is in: an XML file's first
    /// index from the end streams, so the caret is under its second.
    @Test func aRefusalGivesTheFilesFormatsReason() throws {
        let (folder, file) = try folder(with: "<r><book><tags><tag>1</tag></tags></book></r>\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let refused = try Docq.run(["set", "--stream", "book[-1].tags.tag[-1]", "x", file])
        #expect(refused.status == 2 && refused.stderr.contains("\n" + String(repeating: " ", count: 2 + 17) + "^~~~"), "\(refused)")
    }

    /// Every insert form gives with --stream the file it gives without,
    /// to standard output and in place.
    @Test func xmlInsertsStreamAsTheTreeDoes() throws {
        let text = "<?xml version=\"1.0\"?>\r\n<config>\r\n\t<b id='1'>1</b> <!-- b -->\r\n\t<c/>\r\n\t<d>\r\n\t</d>\r\n</config>\r\n"
        let (folder, file) = try folder(with: text)
        defer { try? FileManager.default.removeItem(at: folder) }
        for arguments in [
            ["c", "x & y", "--key", "e"], ["c", "text"], [".", "x", "--key", "e", "--at", "1"], ["b", "x", "--key", "e", "--after"],
            ["d", "x", "--key", "e", "--before"], ["d", "--json", "{\"f\": [1, 2], \"@g\": \"h\"}", "--key", "e"],
            ["*", "--json", "null", "--key", "e"],
        ] {
            let tree = try Docq.run(["insert"] + arguments + [file])
            #expect(tree.status == 0 && tree.stdout != text, "\(arguments): \(tree)")
            let streamed = try Docq.run(["insert"] + arguments + ["--stream", file])
            #expect(streamed.status == 0 && streamed.stdout == tree.stdout, "\(arguments): \(streamed)")
            // In place, with --stream, the file becomes what the tree printed.
            let copy = folder.appendingPathComponent("copy.xml").path
            try Data(text.utf8).write(to: URL(fileURLWithPath: copy))
            let inPlace = try Docq.run(["insert"] + arguments + ["--stream", "-i", copy])
            #expect(inPlace.status == 0 && inPlace.stdout.isEmpty, "\(arguments): \(inPlace)")
            #expect(try contents(copy) == tree.stdout, "\(arguments)")
        }
    }

    @Test func withoutStreamTheTreeTakesOverWhatCannotStream() throws {
        let (folder, file) = try folder(with: Self.big)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A keys-only set that creates members, and a filter.
        let created = try Docq.run(["set", "--json", "extra.flag", "true", "-i", file])
        #expect(created.status == 0, "\(created)")
        #expect(try contents(file).hasSuffix("  \"end\": true,\n  \"extra\": {\"flag\": true}\n}\n"))
        let filtered = try Docq.run(["set", "items[?id == 2].name", "two", file])
        #expect(filtered.status == 0, "\(filtered)")
        #expect(filtered.stdout.contains("\"name\": \"two\""))
    }

    /// A path that matches nothing is explained as a query explains it (how
    /// far it got, why, the key meant), however the edit ran: streamed from
    /// the file, by the tree (a threshold above the file's size), or from
    /// standard input. A streamed edit keeps no document to explain with, so
    /// docq loads the input where a query would; `--stream` loads nothing.
    @Test(arguments: [
        ("p.json", #"{"items": [{"id": 1}], "title": "x"}"# + "\n", ["delete", "itemz"],
         "nothing to remove: 'itemz' matches nothing: the root is an object, but it has no key 'itemz'", "did you mean 'items'?"),
        ("p.json", #"{"items": [{"id": 1}], "meta": {"title": "x"}}"# + "\n", ["rename", "meta.titl", "t"],
         "nothing to rename: 'meta.titl' matches nothing: 'meta' matched an object, but it has no key 'titl'", "did you mean 'title'?"),
        ("p.json", #"{"items": [{"id": 1}], "title": "x"}"# + "\n", ["set", "items[?id == 7].name", "X"],
         "nothing to set: 'items[?id == 7].name' matches nothing: 'items' matched an array of 1 object, but the filter kept none of it",
         nil),
        ("p.xml", "<lists>\n  <list id=\"1\"><name>A</name></list>\n</lists>\n", ["set", "list.nme", "X"],
         "nothing to set: 'list.nme' matches nothing: 'list' matched an element, but it has no key 'nme'", "did you mean 'name'?"),
    ] as [(String, String, [String], String, String?)])
    func aMissIsExplainedHoweverTheEditRan(_ name: String, _ text: String, _ edit: [String], _ error: String, _ hint: String?) throws {
        let folder = try Docq.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        let streamed = try Docq.run(edit + [file])
        let tree = try Docq.run(edit + [file], environment: ["DOCQ_STREAM_THRESHOLD": "\(1 << 40)"])
        let input = try Docq.run(edit, stdin: Array(text.utf8))
        for run in [streamed, tree, input] {
            #expect(run.status == 1 && run.stdout.isEmpty, "\(run)")
        }
        #expect(streamed.stderr.hasPrefix("error: \(file): \(error)\n"), "\(streamed)")
        #expect(hint.map { streamed.stderr.contains("\n  \($0)\n") } ?? true, "\(streamed)")
        #expect(tree.stderr == streamed.stderr)
        #expect(input.stderr.replacingOccurrences(of: "(standard input)", with: file) == streamed.stderr)
        // Never loaded whole: the miss as the stream saw it.
        let stream = try Docq.run(edit + ["--stream", file])
        #expect(stream.status == 1, "\(stream)")
        #expect(stream.stderr.hasPrefix("error: \(file): \(error.prefix { $0 != ":" })"), "\(stream)")
        #expect(!stream.stderr.contains("did you mean") && !stream.stderr.contains(" but "), "\(stream)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == text)
    }

    @Test func jsonLinesStayRecordByRecord() throws {
        let input = "{\"id\": 1, \"n\": \"a\"}\n\n{\"id\": 2}\r\n{\"id\": 3, \"n\": \"c\"}\n"
        let (folder, file) = try folder(with: input)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A file: record by record, a set creating what a record lacks.
        let run = try Docq.run(["set", "--stream", "n", "x", file])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout == "{\"id\": 1, \"n\": \"x\"}\n\n{\"id\": 2, \"n\": \"x\"}\r\n{\"id\": 3, \"n\": \"x\"}\n")
        // Standard input streams value by value: a removal does, a set that would create says it cannot.
        let removed = try Docq.run(["delete", "--stream", "n"], stdin: Array(input.utf8))
        #expect(removed.status == 0, "\(removed)")
        #expect(removed.stdout == "{\"id\": 1}\n\n{\"id\": 2}\r\n{\"id\": 3}\n")
        let set = try Docq.run(["set", "--stream", "n", "x"], stdin: Array(input.utf8))
        #expect(set.status == 2, "\(set)")
        #expect(set.stdout.isEmpty)
        #expect(set.stderr.contains("JSON Lines"), "\(set)")
    }

    /// The record reader, not a look at the first line, says whether a file
    /// holds several values: pretty-printed values one after another are
    /// edited record by record as JSON Lines are, so `--max-held` caps one
    /// record, not the file (the first-line probe sent this file whole to a
    /// streamed edit, which refused the set).
    @Test func prettyPrintedValuesStayRecordByRecord() throws {
        let records = (0..<200).map { "{\n  \"id\": \($0),\n  \"tags\": [\n    \"t\"\n  ]\n}\n" }
        let (folder, file) = try folder(with: records.joined())
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Docq.run(["set", "--max-held", "1K", "n", "x", file])
        #expect(run.status == 0, "\(run)")
        let expected = (0..<200).map { "{\n  \"id\": \($0),\n  \"tags\": [\n    \"t\"\n  ],\n  \"n\": \"x\"\n}\n" }
        #expect(run.stdout == expected.joined(), "\(run.stdout.prefix(300))")
    }
}

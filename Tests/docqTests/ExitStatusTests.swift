import Foundation
import Testing

/// Exit statuses 0–3 and what stderr says for each.
@Suite("Exit statuses and diagnostics")
struct ExitStatusTests {
    private let rsp = "Examples/documents/rsp.xml"
    private let lists = "Examples/documents/lists.xml"

    @Test("0: a value matched")
    func matched() throws {
        let run = try Docq.run(["stat", rsp])
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
    }

    @Test("1: nothing matched; stderr says how far the path got and suggests the near miss")
    func noMatch() throws {
        let run = try Docq.run(["auth.usr.username", rsp])
        #expect(run.status == 1, "\(run)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("no match: auth.usr.username"), "\(run)")
        #expect(run.stderr.contains("auth"), "the longest matched prefix: \(run)")
        #expect(run.stderr.contains("user"), "the keys there / did you mean: \(run)")
        Snapshot.assertMatches(run.stderr, named: "no-match")
    }

    @Test("2: a malformed path is shown with a caret", arguments: [
        ("unknown-operator", "lists.@cuont"),
        ("unclosed-bracket", "lists.list[0"),
        ("bad-filter", "lists.list[?smart == ]"),
        ("korean-caret", "상영관명.@bogus"),
    ])
    func malformedPath(_ name: String, _ path: String) throws {
        let run = try Docq.run([path, lists])
        #expect(run.status == 2, "\(run)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("error: "), "\(run)")
        #expect(run.stderr.contains("^"), "\(run)")
        Snapshot.assertMatches(run.stderr, named: "caret-\(name)")
    }

    @Test("2: usage errors", arguments: [
        ["--bogus", "a"],
        [],
        ["-p", "-j", "a"],
        ["--from", "yaml", "a"],
        ["explore"],
    ])
    func usage(_ arguments: [String]) throws {
        let run = try Docq.run(arguments)
        #expect(run.status == 2, "\(run)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("Error:") || run.stderr.contains("error:"), "\(run)")
    }

    @Test(
        "3: a missing file names the file once, and the reason, however it is read",
        arguments: [["a"], ["--stream", "a"], ["set", "a", "1"], ["set", "--stream", "a", "1"]])
    func missingFile(_ command: [String]) throws {
        let run = try Docq.run(command + ["no/such/file.json"])
        #expect(run.status == 3, "\(run)")
        #expect(run.stderr == "error: no/such/file.json: cannot read: No such file or directory\n", "\(run)")
    }

    @Test("3: a malformed document gives file, line, column, message, the line and a caret")
    func malformedDocument() throws {
        let folder = try Docq.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("broken.json")
        try Data("{\n  \"a\": [1, 2,]\n}\n".utf8).write(to: file)
        let run = try Docq.run(["a", file.path])
        #expect(run.status == 3, "\(run)")
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("error: \(file.path):2:") == true, "\(run)")
        #expect(lines == ["error: \(file.path):2:14: expected a value, found ']'",
                          "   2 |   \"a\": [1, 2,]",
                          "     |              ^"], "\(run)")

        let xml = folder.appendingPathComponent("broken.xml")
        try Data("<a>\n<b></c>\n</a>\n".utf8).write(to: xml)
        let xmlRun = try Docq.run(["b", xml.path])
        #expect(xmlRun.status == 3, "\(xmlRun)")
        #expect(xmlRun.stderr.hasPrefix("error: \(xml.path):2:"), "\(xmlRun)")
    }

    @Test("3 with several files: the bad one is reported, the others still print")
    func badFileAmongGood() throws {
        let run = try Docq.run(["stat", rsp, "missing.xml", lists])
        #expect(run.status == 3, "\(run)")
        #expect(run.lines == ["\(rsp):ok", "\(lists):ok"], "\(run)")
        #expect(run.stderr.contains("missing.xml"), "\(run)")
    }

    @Test("--from forces the format")
    func from() throws {
        let asJSON = try Docq.run(["--from", "json", "stat", rsp])
        #expect(asJSON.status == 3, "\(asJSON)")
        let asXML = try Docq.run(["-f", "xml", "stat", rsp])
        #expect(asXML.lines == ["ok"], "\(asXML)")
    }

    @Test("no colour when stderr is not a terminal")
    func plainStderr() throws {
        let run = try Docq.run(["lists.@cuont", lists])
        #expect(!run.stderr.contains("\u{1B}["), "\(run)")
    }
}

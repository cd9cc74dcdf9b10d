import Foundation
import Testing

/// Exit statuses 0–5 (jq's where the situations match) and what stderr says for each.
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

    @Test("3: a malformed path is shown with a caret", arguments: [
        ("unknown-operator", "lists.@cuont"),
        ("unclosed-bracket", "lists.list[0"),
        ("bad-filter", "lists.list[?smart == ]"),
        ("korean-caret", "상영관명.@bogus"),
    ])
    func malformedPath(_ name: String, _ path: String) throws {
        let run = try Docq.run([path, lists])
        #expect(run.status == 3, "\(run)")
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
        "2: a missing file names the file once, and the reason, however it is read (jq: 2)",
        arguments: [["a"], ["--stream", "a"], ["set", "a", "1"], ["set", "--stream", "a", "1"]])
    func missingFile(_ command: [String]) throws {
        let run = try Docq.run(command + ["no/such/file.json"])
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr == "error: no/such/file.json: cannot read: No such file or directory\n", "\(run)")
    }

    @Test("4: a malformed document gives file, line, column, message, the line and a caret")
    func malformedDocument() throws {
        let folder = try Docq.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("broken.json")
        try Data("{\n  \"a\": [1, 2,]\n}\n".utf8).write(to: file)
        let run = try Docq.run(["a", file.path])
        #expect(run.status == 4, "\(run)")
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("error: \(file.path):2:") == true, "\(run)")
        #expect(lines == ["error: \(file.path):2:14: expected a value, found ']'"
                              + "; a comma before a closing bracket is not JSON; for JSON with comments and trailing commas,"
                              + " read it with LoadOptions.readsJSONWithComments (docq: -f jsonc)",
                          "   2 |   \"a\": [1, 2,]",
                          "     |              ^"], "\(run)")

        let xml = folder.appendingPathComponent("broken.xml")
        try Data("<a>\n<b></c>\n</a>\n".utf8).write(to: xml)
        let xmlRun = try Docq.run(["b", xml.path])
        #expect(xmlRun.status == 4, "\(xmlRun)")
        #expect(xmlRun.stderr.hasPrefix("error: \(xml.path):2:"), "\(xmlRun)")
    }

    @Test("2 with several files: the missing one is reported, the others still print")
    func badFileAmongGood() throws {
        let run = try Docq.run(["stat", rsp, "missing.xml", lists])
        #expect(run.status == 2, "\(run)")
        #expect(run.lines == ["\(rsp):ok", "\(lists):ok"], "\(run)")
        #expect(run.stderr.contains("missing.xml"), "\(run)")
    }

    @Test("--from forces the format")
    func from() throws {
        let asJSON = try Docq.run(["--from", "json", "stat", rsp])
        #expect(asJSON.status == 4, "\(asJSON)")
        let asXML = try Docq.run(["-f", "xml", "stat", rsp])
        #expect(asXML.lines == ["ok"], "\(asXML)")
    }

    @Test("no colour when stderr is not a terminal")
    func plainStderr() throws {
        let run = try Docq.run(["lists.@cuont", lists])
        #expect(!run.stderr.contains("\u{1B}["), "\(run)")
    }

    /// One command line per row of the exit status table, each beside what
    /// jq does in the same situation (jq 1.6/1.7: 2 for a file it cannot
    /// open, 3 for a compile error, 4 for malformed input, 5 for a runtime
    /// error, 0 for empty input).
    static let rows: [(status: Int32, arguments: [String], stdin: String?)] = [
        (0, ["stat", "Examples/documents/rsp.xml"], nil),
        (0, ["."], ""),
        (0, ["."], " \n\n"),
        (1, ["nothing", "Examples/documents/rsp.xml"], nil),
        (2, [".", "no/such/file.json"], nil),
        (2, ["--bogus", "."], nil),
        (3, ["a[", "Examples/documents/todos.json"], nil),
        (3, ["--jmespath", "a[", "Examples/documents/todos.json"], nil),
        (4, ["."], "{"),
        (4, ["a"], "{\"a\":1}\n{\"a\": oops}\n"),
        (5, ["@sum", "Examples/documents/todos.json"], nil),
        (5, ["--jmespath", "length(`1`)", "Examples/documents/todos.json"], nil),
        (5, ["--csv", "[0]", "Examples/documents/todos.json"], nil),
    ]

    @Test("every row of the exit status table", arguments: rows.indices)
    func row(_ k: Int) throws {
        let row = Self.rows[k]
        let run = try Docq.run(row.arguments, stdin: row.stdin.map { Array($0.utf8) })
        #expect(run.status == row.status, "\(row.arguments): \(run)")
        #expect(row.status == 0 || !run.stderr.isEmpty, "a failure says why: \(run)")
    }

    @Test("several failures: the highest status wins, and every document is still processed")
    func highestStatus() throws {
        let folder = try Docq.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let broken = folder.appendingPathComponent("broken.json")
        try Data("{".utf8).write(to: broken)
        let run = try Docq.run(["stat", "no/such.xml", broken.path, rsp])
        #expect(run.status == 4, "\(run)")
        #expect(run.lines == ["\(rsp):ok"], "\(run)")
    }

    @Test("the help's exit status table is the guide's (docs/docq.md) and the README's")
    func tableInGuide() throws {
        let help = try Docq.run(["--help"]).stdout
        let helpRows = help.split(separator: "\n").compactMap { line -> String? in
            let text = line.trimmingCharacters(in: .whitespaces)
            guard let first = text.first, first.isNumber, text.dropFirst().hasPrefix("  ") else { return nil }
            return String(first) + " " + text.dropFirst(3)
        }
        #expect(helpRows.count == 6, "\(helpRows)")
        for page in ["docs/docq.md", "README.md"] {
            let guide = try String(contentsOf: Docq.packageRoot.appendingPathComponent(page), encoding: .utf8)
            let guideRows = guide.split(separator: "\n").compactMap { line -> String? in
                let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
                guard line.hasPrefix("| "), cells.count == 2, cells[0].count == 1, cells[0].first!.isNumber else { return nil }
                return cells[0] + " " + cells[1]
            }
            #expect(helpRows == guideRows, "\(page)")
        }
    }
}

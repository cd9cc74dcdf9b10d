import Foundation
import Testing

/// docq on JSON with comments: `-f jsonc`, files named `*.jsonc`, never a
/// `.json` file on its own; queries, `--stream` and edits, whose rules
/// are the tables of docs/Editing.md, run here row by row.
@Suite struct JSONWithCommentsCommandTests {
    let settings = "// settings\n{\n  \"editor.fontSize\": 14, // points\n  /* \"old\": 1, */\n  \"urls\": [\"http://a/*b*/\",],\n}\n"

    func file(_ name: String, _ text: String) throws -> (URL, String) {
        let folder = try Docq.temporaryFolder()
        let file = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return (folder, file.path)
    }

    @Test func readsJSONCFilesAndTheOption() throws {
        let (folder, jsonc) = try file("settings.jsonc", settings)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Docq.run([#"editor\.fontSize"#, jsonc]).stdout == "14\n")
        #expect(try Docq.run(["--stream", "urls", jsonc]).stdout == "[\"http://a/*b*/\"]\n")
        #expect(try Docq.run(["-f", "jsonc", "urls[0]"], stdin: Array(settings.utf8)).stdout == "http://a/*b*/\n")
        #expect(try Docq.run(["--from", "jsonc", "--stream", "urls"], stdin: Array(settings.utf8)).stdout == "[\"http://a/*b*/\"]\n")

        let json = folder.appendingPathComponent("settings.json").path
        try Data(settings.utf8).write(to: URL(fileURLWithPath: json))
        let strict = try Docq.run([#"editor\.fontSize"#, json])
        #expect(strict.status != 0)
        #expect(strict.stderr.contains("settings.json:1:1: expected a value, found '/'"), "\(strict.stderr)")
        #expect(strict.stderr.contains("looks like JSON with comments"), "\(strict.stderr)")
        #expect(strict.stderr.contains("-f jsonc"), "\(strict.stderr)")
        #expect(try Docq.run(["-f", "jsonc", #"editor\.fontSize"#, json]).stdout == "14\n")
        // An explicit format wins over the name.
        #expect(try Docq.run(["-f", "json", #"editor\.fontSize"#, jsonc]).status != 0)

        let unterminated = try Docq.run(["-f", "jsonc", "."], stdin: Array("{\n  \"a\": 1 /* open\n}".utf8))
        #expect(unterminated.stderr.contains("2:10: unterminated comment: '/*' has no closing '*/'"), "\(unterminated.stderr)")
    }

    @Test func editsKeepCommentsInPlace() throws {
        let (folder, jsonc) = try file("settings.jsonc", settings)
        defer { try? FileManager.default.removeItem(at: folder) }
        let set = try Docq.run(["set", "--json", #"editor\.fontSize"#, "16", "-i", jsonc])
        #expect(set.status == 0, "\(set)")
        #expect(try String(contentsOfFile: jsonc, encoding: .utf8) == settings.replacingOccurrences(of: "14", with: "16"))
        let deleted = try Docq.run(["delete", #"editor\.fontSize"#, jsonc])
        #expect(deleted.stdout == "// settings\n{\n  /* \"old\": 1, */\n  \"urls\": [\"http://a/*b*/\",],\n}\n")
        // Streamed: a set anywhere, a removal below the root's members; a root member's removal is refused.
        let edited = try String(contentsOfFile: jsonc, encoding: .utf8)
        let streamed = try Docq.run(["set", "--stream", "urls", "x", jsonc])
        #expect(streamed.stdout == edited.replacingOccurrences(of: "[\"http://a/*b*/\",]", with: "\"x\""), "\(streamed)")
        let nested = try Docq.run(["delete", "--stream", "urls[0]", jsonc])
        #expect(nested.stdout == edited.replacingOccurrences(of: "\"http://a/*b*/\",", with: ""), "\(nested)")
        #expect(nested.stdout == (try Docq.run(["delete", "urls[0]", jsonc])).stdout)
        let root = try Docq.run(["delete", "--stream", #"editor\.fontSize"#, jsonc])
        #expect(root.status == 2 || root.status == 5, "\(root)")
        #expect(root.stderr.contains("cannot stream") && root.stderr.contains("JSON with comments"), "\(root.stderr)")
    }

    /// Each row of docs/Editing.md's tables for JSON with comments: `before`
    /// edited by the docq command gives `after`.
    @Test func theEditingGuidesTablesHold() throws {
        let guide = try String(contentsOf: Docq.packageRoot.appendingPathComponent("docs/Editing.md"), encoding: .utf8)
        let section = try #require(guide.components(separatedBy: "## JSON with comments").last)
        let rows = section.split(separator: "\n").filter { $0.hasPrefix("| `") }
        #expect(rows.count >= 10)
        let (folder, path) = try file("edited.jsonc", "")
        defer { try? FileManager.default.removeItem(at: folder) }
        var streamedRows = 0
        for row in rows {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            #expect(cells.count == 3, "\(row)")
            func code(_ cell: String) -> String { String(cell.dropFirst().dropLast()).replacingOccurrences(of: "⏎", with: "\n") }
            try Data(code(cells[0]).utf8).write(to: URL(fileURLWithPath: path))
            let arguments = code(cells[1]).split(separator: " ").map(String.init)
            let run = try Docq.run(arguments + [path])
            #expect(run.status == 0, "\(row): \(run)")
            #expect(run.stdout == code(cells[2]), "\(row)")
            // Streamed: the same bytes, or refused (a member of the root).
            let streamed = try Docq.run([arguments[0], "--stream"] + arguments.dropFirst() + [path])
            if streamed.status == 0 {
                #expect(streamed.stdout == code(cells[2]), "\(row) with --stream")
                streamedRows += 1
            } else {
                #expect(streamed.stderr.contains("cannot stream"), "\(row) with --stream: \(streamed)")
            }
        }
        #expect(streamedRows >= 5, "\(streamedRows) rows streamed")
    }
}
